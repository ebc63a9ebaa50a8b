"""Page layout for the PDF pipeline: text lines with font facts, margins, reading order.

The PDF pipeline works on `Line`s (one visual line of text with its size, weight and box)
grouped into `Item`s (a text block, a table or an image) that are put in reading order.
Everything here is pure: it reads a PyMuPDF page and returns frozen values.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Literal, Sequence

import pymupdf

Box = tuple[float, float, float, float]
# Ligatures are expanded by MuPDF (no TEXT_PRESERVE_LIGATURES); NFKC catches the rest.
_TEXT_FLAGS = pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP
_BOLD_FONT = re.compile(r"bold|black|heavy|semibold|demi|-bd\b|\.b\b", re.I)
_SPACES = re.compile(r"\s+")
_MONO_FONT = re.compile(r"mono|courier|typewriter|consol|menlo|inconsolata|cmtt|sfTT|LMMono|NimbusMon", re.I)
MISSING_GLYPH = "\ufffd"  # what MuPDF gives for a glyph whose font has no Unicode map


@dataclass(frozen=True)
class Line:
    """One visual line of text: normalised text, dominant font size/weight and position."""

    text: str
    bbox: Box
    size: float
    bold: bool
    page: int  # 1-based
    index: int  # order of the line on its page (MuPDF's order)
    block: int  # MuPDF block number on the page
    mono: bool = False  # every glyph in a fixed-width font: a code or verbatim line


@dataclass(frozen=True)
class Item:
    """A layout element in reading order: a run of text lines, a table or an image."""

    kind: Literal["lines", "table", "image"]
    bbox: Box
    lines: tuple[Line, ...] = ()
    markdown: str = ""
    caption: tuple[Line, ...] = field(default=())


def normalise_text(text: str) -> str:
    """NFKC-normalise (ligatures to ASCII letters), drop soft hyphens, control chars and
    U+FFFD (a glyph without a Unicode map has no known letter: a box helps no reader)."""
    text = unicodedata.normalize("NFKC", text).replace("\u00ad", "").replace(MISSING_GLYPH, "")
    return "".join(ch if ch.isprintable() else " " for ch in text)


def page_lines(page: pymupdf.Page, page_no: int) -> list[Line]:
    """Return the horizontal text lines of a page with their dominant font facts."""
    return read_lines(page, page_no)[0]


def read_lines(page: pymupdf.Page, page_no: int) -> tuple[list[Line], int]:
    """The page's lines (as `page_lines`) and how many glyphs had no Unicode map (dropped)."""
    data = page.get_text("dict", flags=_TEXT_FLAGS)
    lines: list[Line] = []
    missing = 0
    for b_no, block in enumerate(data["blocks"]):
        if block.get("type") != 0:
            continue
        for raw in block["lines"]:
            missing += sum(s["text"].count(MISSING_GLYPH) for s in raw["spans"])
            if abs(raw["dir"][1]) > 0.1:  # rotated text: margins notes, watermarks
                continue
            line = _make_line(raw, page_no, len(lines), b_no)
            if line is None:
                continue
            if lines and _same_row(lines[-1], line):
                line = _join_row(lines.pop(), line)
            lines.append(line)
    return lines, missing


def _same_row(a: Line, b: Line) -> bool:
    """b continues a on the same baseline in the same block (e.g. '1' then 'Introduction')."""
    return a.block == b.block and abs(a.bbox[3] - b.bbox[3]) < 2 and b.bbox[0] >= a.bbox[2] - 1


def _join_row(a: Line, b: Line) -> Line:
    """One line from two pieces of a row; size/weight of the longer piece."""
    main = a if len(a.text) > len(b.text) else b
    box = (a.bbox[0], min(a.bbox[1], b.bbox[1]), b.bbox[2], max(a.bbox[3], b.bbox[3]))
    return Line(f"{a.text} {b.text}", box, main.size, a.bold and b.bold if a.size == b.size else main.bold,
                a.page, a.index, a.block, a.mono and b.mono)


def _make_line(raw: dict, page_no: int, index: int, block: int) -> Line | None:
    """Build a `Line` from a PyMuPDF line dict, or None when it holds no visible text."""
    spans = [s for s in raw["spans"] if s["text"].replace(MISSING_GLYPH, "").strip()]
    if not spans:
        return None
    text = _SPACES.sub(" ", normalise_text("".join(s["text"] for s in raw["spans"]))).strip()
    weights: Counter[tuple[float, bool]] = Counter()
    for s in spans:
        bold = bool(s["flags"] & 16) or bool(_BOLD_FONT.search(s["font"]))
        weights[(round(s["size"] * 2) / 2, bold)] += len(s["text"].strip())
    (size, bold), _ = weights.most_common(1)[0]
    all_bold = all(k[1] for k in weights)
    mono = all(s["flags"] & 8 or _MONO_FONT.search(s["font"]) for s in spans)  # 8: MuPDF's monospaced flag
    return Line(text, tuple(raw["bbox"]), size, bold and all_bold, page_no, index, block, mono)


def _margin_key(line: Line) -> str:
    """A line's text with digits folded, so 'Page 3' and 'Page 4' compare equal."""
    return re.sub(r"\d+", "#", line.text.lower())


_PAGE_NUMBER = re.compile(r"^(page\s*)?(\d+|[ivxlcdm]+)(\s*(of|/)\s*\d+)?$", re.I)


def running_lines(pages: Sequence[Sequence[Line]], heights: Sequence[float], band: float = 0.15) -> set[tuple[int, int]]:
    """Return (page, index) of running headers/footers and page numbers to drop.

    Candidates are the top-most and bottom-most text rows of a page, when their centre lies
    in the top or bottom `band` and their type is not larger than the body text. A candidate
    is running text when its digit-folded text recurs on 3 or more pages (or on every page
    of a 2-page document), or when it is a bare page number.
    """
    sizes = Counter(ln.size for lines in pages for ln in lines for _ in range(len(ln.text)))
    body = sizes.most_common(1)[0][0] if sizes else 10.0
    in_margin: list[tuple[Line, str]] = []
    for lines, height in zip(pages, heights):
        in_margin += [(ln, _margin_key(ln)) for ln in _edge_rows(lines, height, band) if ln.size <= body + 0.5]
    # small type at the same height on many pages is a running head even when its text
    # changes with the section (e.g. the current section title)
    slots = Counter({(ln.page, _slot(ln, body)) for ln, _ in in_margin if ln.size < body - 0.25})
    per_slot = Counter(slot for _, slot in slots)
    busy = {slot for slot, n in per_slot.items() if n >= max(3, 0.4 * len(pages))}
    per_key = Counter(k for k in {(ln.page, k) for ln, k in in_margin})
    per_key = Counter(k for _, k in per_key)
    n_pages = len(pages)
    drop: set[tuple[int, int]] = set()
    for ln, key in in_margin:
        repeated = n_pages >= 2 and per_key[key] >= min(3, n_pages)
        if repeated or _PAGE_NUMBER.match(ln.text) or _slot(ln, body) in busy:
            drop.add((ln.page, ln.index))
    return drop


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


def group_blocks(lines: Iterable[Line]) -> list[Item]:
    """Group consecutive lines of the same MuPDF block into text items."""
    items: list[Item] = []
    current: list[Line] = []
    for ln in lines:
        if current and ln.block != current[-1].block:
            items.append(_lines_item(current))
            current = []
        current.append(ln)
    if current:
        items.append(_lines_item(current))
    return items


def _lines_item(lines: list[Line]) -> Item:
    """Wrap lines in an item whose box encloses them."""
    box = (
        min(l.bbox[0] for l in lines), min(l.bbox[1] for l in lines),
        max(l.bbox[2] for l in lines), max(l.bbox[3] for l in lines),
    )
    return Item("lines", box, tuple(lines))


def reading_order(items: Sequence[Item], page_width: float) -> list[Item]:
    """Order items top to bottom; inside a two-column band, left column before right.

    Items that cross the page middle split the page into bands; within a band, when both
    columns carry text, all left-column items come before the right-column ones.
    """
    mid = page_width / 2
    ordered = sorted(items, key=lambda it: (round(it.bbox[1]), it.bbox[0]))
    result: list[Item] = []
    band: list[Item] = []
    for it in ordered:
        spans_middle = it.bbox[0] < mid - 5 and it.bbox[2] > mid + 5
        if spans_middle:
            result.extend(_order_band(band, mid))
            band = []
            result.append(it)
        else:
            band.append(it)
    result.extend(_order_band(band, mid))
    return result


def _order_band(band: list[Item], mid: float) -> list[Item]:
    """Left column then right column, when the band really has two text columns."""
    left = [it for it in band if it.bbox[2] <= mid + 5]
    right = [it for it in band if it.bbox[2] > mid + 5]
    if len(left) < 1 or len(right) < 1 or not _is_column(left) or not _is_column(right):
        return band
    return left + right


def _is_column(items: list[Item]) -> bool:
    """A column holds several lines of text, not one stray label."""
    return sum(len(it.lines) for it in items) >= 2 or any(it.kind != "lines" for it in items)


def drop_lines(items: Sequence[Item], drop: set[tuple[int, int]]) -> list[Item]:
    """Remove the given (page, index) lines from text items, dropping emptied items."""
    kept: list[Item] = []
    for it in items:
        if it.kind != "lines":
            kept.append(it)
            continue
        lines = [l for l in it.lines if (l.page, l.index) not in drop]
        if lines:
            kept.append(_lines_item(lines))
    return kept


def inside(line: Line, box: Box, pad: float = 1.0) -> bool:
    """True when the centre of a line lies inside a box."""
    cx = (line.bbox[0] + line.bbox[2]) / 2
    cy = (line.bbox[1] + line.bbox[3]) / 2
    return box[0] - pad <= cx <= box[2] + pad and box[1] - pad <= cy <= box[3] + pad
