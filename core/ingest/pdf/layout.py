"""Page layout for the PDF pipeline: text lines with font facts, blocks, reading order.

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

from core.ingest.pdf.accents import compose_accents
from core.ingest.pdf.cork import cork_ligatures
from core.ingest.pdf.scripts import split_scripts

Box = tuple[float, float, float, float]
# Ligatures are expanded by MuPDF (no TEXT_PRESERVE_LIGATURES); NFKC catches the rest.
_TEXT_FLAGS = pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP
_BOLD_FONT = re.compile(r"bold|black|heavy|semibold|demi|-bd\b|\.b\b", re.I)
_SPACES = re.compile(r"\s+")
_MONO_FONT = re.compile(r"mono|courier|typewriter|consol|menlo|inconsolata|cmtt|sfTT|LMMono|NimbusMon", re.I)
WIDE_GAP = 3.0  # line heights: a gap this wide inside a row parts two columns ("quit GP" ... "\q")
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
    upright: bool = True  # False for rotated or vertical text (margin notes, stamps, labels)
    mono: bool = False  # every glyph in a fixed-width font: a code or verbatim line
    cut: int = 0  # characters before a wide gap inside the row (a reference card's "quit GP      \q"), 0: none
    cut_x: float = 0.0  # where the part after that gap starts


@dataclass(frozen=True)
class Item:
    """A layout element in reading order: a run of text lines, a table or an image."""

    kind: Literal["lines", "table", "image", "form", "annotation"]
    bbox: Box
    lines: tuple[Line, ...] = ()
    markdown: str = ""
    caption: tuple[Line, ...] = field(default=())


def normalise_text(text: str) -> str:
    """Put TeX's separate accents back on their letters ("M¨obius": core.ingest.pdf.accents) and its
    Cork ligature codes as letters ("di\\x1berent": core.ingest.pdf.cork),
    NFKC-normalise (ligatures to ASCII letters), drop soft hyphens, control chars and
    U+FFFD (a glyph without a Unicode map has no known letter: a box helps no reader), and
    part words at a change of script."""
    text = unicodedata.normalize("NFKC", compose_accents(cork_ligatures(text))).replace("\u00ad", "").replace(MISSING_GLYPH, "")
    return split_scripts("".join(ch if ch.isprintable() else " " for ch in text))


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
            # rotated text (margin notes, stamps, vertical labels) is kept, apart from headings
            line = _make_line(raw, page_no, len(lines), b_no, upright=raw["dir"][0] > 0.9)
            if line is None:
                continue
            if lines and line.upright and lines[-1].upright and _same_row(lines[-1], line):
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
    # a listing's line number ("12" before the code) is set in the text font: it leaves the row code
    mono = (a.mono or b.mono) and (a.mono or a.text.isdigit()) and (b.mono or b.text.isdigit())
    # code in a bold heading keeps its regular typewriter face ("7.1.2 dynamic/1": TeX has no bold tt)
    bold = (a.bold or a.mono) and (b.bold or b.mono) and (a.bold or b.bold) if a.size == b.size else main.bold
    wide = b.bbox[0] - a.bbox[2] >= WIDE_GAP * max(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1])
    cut, cut_x = (len(a.text), b.bbox[0]) if wide else (a.cut, a.cut_x)  # the row's wide gap: before b, else a's
    return Line(f"{a.text} {b.text}", box, main.size, bold, a.page, a.index, a.block, mono=mono, cut=cut, cut_x=cut_x)


def _make_line(raw: dict, page_no: int, index: int, block: int, upright: bool = True) -> Line | None:
    """Build a `Line` from a PyMuPDF line dict, or None when it holds no visible text."""
    spans = [s for s in raw["spans"] if s["text"].replace(MISSING_GLYPH, "").strip()]
    if not spans:
        return None
    text = _SPACES.sub(" ", normalise_text("".join(s["text"] for s in raw["spans"]))).strip()
    is_mono = [bool(s["flags"] & 8 or _MONO_FONT.search(s["font"])) for s in spans]  # 8: MuPDF's monospaced flag
    weights: Counter[tuple[float, bool]] = Counter()
    for s in spans:
        bold = bool(s["flags"] & 16) or bool(_BOLD_FONT.search(s["font"]))
        weights[(round(s["size"] * 2) / 2, bold)] += len(s["text"].strip())
    (size, _), _ = weights.most_common(1)[0]
    # code in a bold heading keeps its regular typewriter face ("7.2.4 catch/3, throw/1": TeX has no
    # bold tt), so the weight is the other spans' where there are any
    prose = [s for s, m in zip(spans, is_mono) if not m] or spans
    bold = all(s["flags"] & 16 or _BOLD_FONT.search(s["font"]) for s in prose)
    return Line(text, tuple(raw["bbox"]), size, bold, page_no, index, block, upright, all(is_mono))


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
