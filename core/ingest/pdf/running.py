"""Running headers, footers and page numbers: the margin lines to leave out of the text.

A line is running text only when it repeats: the top-most or bottom-most row of a page, in
the top or bottom band, in type no larger than the body, whose digit-folded text recurs on
3 or more pages (on every page of a 2- or 3-page document); or small type at the same
height on many pages (a running head that names the current section), never on the first
page, where a paper's author line or date sits; or a bare page number. A page keeps its
lines when they are all the words it has (a page of one line has no margin).

Example:
    >>> drop = running_lines(pages, [p.rect.height for p in doc])  # doctest: +SKIP
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Sequence

from core.ingest.pdf.layout import Line

_PAGE_NUMBER = re.compile(r"^(page\s*)?(\d+|[ivxlcdm]+)(\s*(of|/)\s*\d+)?$", re.I)


def _margin_key(line: Line) -> str:
    """A line's text with digits folded, so 'Page 3' and 'Page 4' compare equal."""
    return re.sub(r"\d+", "#", line.text.lower())


def running_lines(pages: Sequence[Sequence[Line]], heights: Sequence[float], band: float = 0.15) -> set[tuple[int, int]]:
    """Return (page, index) of running headers/footers and page numbers to drop (module doc)."""
    sizes = Counter(ln.size for lines in pages for ln in lines for _ in range(len(ln.text)))
    body = sizes.most_common(1)[0][0] if sizes else 10.0
    in_margin: list[tuple[Line, str]] = []
    for lines, height in zip(pages, heights):
        in_margin += [(ln, _margin_key(ln)) for ln in _edge_rows(lines, height, band) if ln.size <= body + 0.5]
    busy = _busy_slots(in_margin, body, len(pages))
    per_key = Counter(k for _, k in {(ln.page, k) for ln, k in in_margin})
    n_pages = len(pages)
    drop: set[tuple[int, int]] = set()
    for ln, key in in_margin:
        repeated = n_pages >= 2 and per_key[key] >= min(3, n_pages)
        if repeated or _PAGE_NUMBER.match(ln.text) or (ln.page > 1 and _slot(ln, body) in busy):
            drop.add((ln.page, ln.index))
    return drop - _whole_pages(pages, drop)


def _busy_slots(in_margin: list[tuple[Line, str]], body: float, n_pages: int) -> set:
    """Heights where small type stands on many pages: a running head even when its text
    changes with the section (e.g. the current section title)."""
    slots = Counter({(ln.page, _slot(ln, body)) for ln, _ in in_margin if ln.size < body - 0.25})
    per_slot = Counter(slot for _, slot in slots)
    return {slot for slot, n in per_slot.items() if n >= max(3, 0.4 * n_pages)}


def _whole_pages(pages: Sequence[Sequence[Line]], drop: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The dropped lines of pages that would lose every line with words (not a margin)."""
    keep: set[tuple[int, int]] = set()
    for lines in pages:
        keys = {(ln.page, ln.index) for ln in lines}
        worded = {(ln.page, ln.index) for ln in lines if not _PAGE_NUMBER.match(ln.text)}
        if worded and worded <= drop:
            keep |= keys & drop
    return keep


def _slot(line: Line, body: float) -> tuple[float, float] | None:
    """Height and size of a small-type line (None for body-size lines)."""
    return (round(line.bbox[1] / 3), line.size) if line.size < body - 0.25 else None


def _edge_rows(lines: Sequence[Line], height: float, band: float) -> list[Line]:
    """Lines in the first and last text row of a page that lie inside the margin bands."""
    if not lines:
        return []
    top = min(ln.bbox[1] for ln in lines)
    bottom = max(ln.bbox[3] for ln in lines)
    rows = []
    for ln in lines:
        centre = (ln.bbox[1] + ln.bbox[3]) / 2
        if ln.bbox[1] - top < 3 and centre <= height * band:
            rows.append(ln)
        elif bottom - ln.bbox[3] < 3 and centre >= height * (1 - band):
            rows.append(ln)
    return rows
