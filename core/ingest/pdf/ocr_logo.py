"""Words that belong to a picture on a scanned page (a logo's wordmark) are not sized as a title.

On a born-digital cover the publisher's logo is a picture: its word ("ERLANG" beside the
Erlang/OTP "e") is no text, and the title is the largest text of the page ("TFTP"). On a scan
of that cover Tesseract reads the logo's word too, set larger than the title, so it became
the title of all five Erlang manuals of pdfqa-dev: every chunk's heading path began with
"ERLANG", and the graph linked each chunk that mentions Erlang to these five documents' first
chunks (1,174 "mentions: erlang" edges in the scanned library, none born digital).

Tesseract marks the parts of a page it finds no text in (drawings, photographs, rules) as
blocks with an empty word (`page_pictures`). A wordmark sits right against such a block,
within its width and spanning at least half of it (`wordmark_lines`: `_INSIDE` of the line's
width within the picture's, the line at least `_SPAN` of the picture's width, the gap between
them at most `_GAP` line heights). Such
a line keeps its text but gets the page's body size, so it is neither the title nor a heading.

Example:
    >>> pictures = page_pictures(tsv_text, dpi=300)         # doctest: +SKIP
    >>> wordmark_lines(lines_of_page_1, pictures)           # doctest: +SKIP
"""
from __future__ import annotations

import csv
import io
from dataclasses import replace
from typing import Sequence

from core.ingest.pdf.layout import Line

Box = tuple[float, float, float, float]
_MIN_SIDE = 0.5  # inches, both ways: a smaller empty block is a speck or a rule, not a picture
_INSIDE = 0.9  # share of the line's width within the picture's horizontal extent
_SPAN = 0.5  # the line is at least this share of the picture's width
_GAP = 0.6  # at most this many line heights between the line and the picture


def page_pictures(tsv: str, dpi: int) -> tuple[Box, ...]:
    """Boxes in points of the blocks Tesseract found no text in (an empty word), at least
    `_MIN_SIDE` inches wide and high (a rule under a title is no picture)."""
    scale, out = 72.0 / dpi, []
    for row in csv.DictReader(io.StringIO(tsv), delimiter="\t", quoting=csv.QUOTE_NONE):
        if row.get("level") != "5" or (row.get("text") or "").strip():
            continue
        try:
            x, y, w, h = (int(row[k]) for k in ("left", "top", "width", "height"))
        except (TypeError, ValueError, KeyError):
            continue
        if min(w, h) >= _MIN_SIDE * dpi:
            out.append((x * scale, y * scale, (x + w) * scale, (y + h) * scale))
    return tuple(out)


def _beside(line: Box, picture: Box) -> bool:
    """The line lies within the picture's width, spans at least half of it and sits right
    above or below it."""
    width, wide = line[2] - line[0], picture[2] - picture[0]
    shared = min(line[2], picture[2]) - max(line[0], picture[0])
    if width <= 0 or shared < _INSIDE * width or width < _SPAN * wide:
        return False
    gap = max(picture[1] - line[3], line[1] - picture[3])
    return -1.0 <= gap <= _GAP * (line[3] - line[1])


def wordmark_lines(lines: Sequence[Line], pictures: Sequence[Box]) -> set[int]:
    """Indexes (Line.index) of the lines of one page that are a picture's wordmark."""
    return {ln.index for ln in lines if any(_beside(ln.bbox, p) for p in pictures)}


def size_wordmarks(pages: list[list[Line]], pictures: dict[int, Sequence[Box]]) -> list[list[Line]]:
    """`pages` with each wordmark line (of the 1-based pages in `pictures`) given size 0, which
    steady_sizes then makes the body size."""
    out = []
    for n, lines in enumerate(pages, start=1):
        marks = wordmark_lines(lines, pictures.get(n, ()))
        out.append([replace(ln, size=0.0) if ln.index in marks else ln for ln in lines] if marks else lines)
    return out
