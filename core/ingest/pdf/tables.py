"""Tables: find ruled and borderless tables on a page, as Markdown with their caption.

Ruled tables are searched only on pages with vector drawings (a ruled table needs drawn
lines), which keeps text-only pages fast; borderless tables (columns aligned by whitespace)
are found by `tables_text`. The caption is the nearest line above or below the table that
starts with "Table N" / "Tab. N".
"""
from __future__ import annotations

import re
from typing import Sequence

import pymupdf

from core.ingest.pdf.layout import Item, Line, inside, normalise_text
from core.ingest.pdf.tables_grid import may_hold_table
from core.ingest.pdf.tables_rows import cell_text
from core.ingest.pdf.tables_text import find_text_tables, has_empty_column

_CAPTION = re.compile(r"^(table|tab\.)\s*[\dA-Z]+[.:]?", re.I)
_CAPTION_GAP = 40.0  # points between a table and its caption


def table_markdown(rows: Sequence[Sequence[str | None]]) -> str:
    """Render rows (first row = header) as a Markdown table; '|' in cells is escaped."""
    width = max(len(r) for r in rows)
    cells = [[_cell(c) for c in r] + [""] * (width - len(r)) for r in rows]
    out = ["| " + " | ".join(cells[0]) + " |", "|" + "---|" * width]
    out += ["| " + " | ".join(r) + " |" for r in cells[1:]]
    return "\n".join(out)


def _cell(value: str | None) -> str:
    """One table cell on one line, normalised like the rest of the text."""
    text = normalise_text(value or "")
    return " ".join(text.split()).replace("|", "\\|")


def find_tables(page: pymupdf.Page, lines: Sequence[Line], borderless: bool = True,
                words: list | None = None) -> list[Item]:
    """Return the page's ruled tables, then its borderless ones, as items (markdown + box +
    caption lines). `words` (as `page.get_text("words")`) replaces the page's own: an OCR'd
    page's words mended (ocr_text.table_words)."""
    items = ruled_tables(page, lines, words)
    if borderless and len(lines) >= 3:
        words = page.get_text("words", sort=False) if words is None else words
        for box, rows in find_text_tables(page, words, items):
            items.append(Item("table", box, markdown=table_markdown(rows), caption=_caption_for(box, lines)))
    return items


def ruled_tables(page: pymupdf.Page, lines: Sequence[Line], words: list | None = None) -> list[Item]:
    """The page's tables drawn with ruling lines (cells read from `words`, or the page's)."""
    if not has_grid(page) or not may_hold_table(page):  # skip the costly finder where it finds nothing
        return []
    try:
        found = page.find_tables(use_layout=False)
    except Exception:  # noqa: BLE001 - a table finder failure must not lose the page text
        return []
    items: list[Item] = []
    if words is None:
        words = page.get_text("words", sort=False) if found.tables else []
    for table in found.tables:
        rows = _rows(page, table, words)
        rows = [r for r in rows if any((c or "").strip() for c in r)]
        if len(rows) < 2 or max(len(r) for r in rows) < 2 or has_empty_column(rows):
            continue
        box = tuple(table.bbox)
        caption = _caption_for(box, lines)
        items.append(Item("table", box, markdown=table_markdown(rows), caption=caption))
    return items


def _rows(page: pymupdf.Page, table, words: list) -> list[list[str | None]]:
    """Cell texts from the words whose centre lies in each cell (spaces kept, no spill-over).

    A ruled row whose first cell holds 3+ text lines (a table without row rules) is cut
    into one row per line of that first cell.
    """
    rows: list[list[str | None]] = []
    for row in table.rows:
        cells = [None if c is None else _inside(words, c) for c in row.cells]
        bands = _line_tops(cells[0]) if cells and cells[0] else []
        if len(bands) < 3:
            rows.append([None if c is None else _join(c) for c in cells])
            continue
        edges = bands + [float("inf")]
        for top, bottom in zip(edges, edges[1:]):
            rows.append([None if c is None else _join([w for w in c if top - 1 <= (w[1] + w[3]) / 2 < bottom - 1])
                         for c in cells])
    return rows


def _inside(words: list, cell: Sequence[float]) -> list:
    x0, y0, x1, y1 = cell
    return [w for w in words if x0 <= (w[0] + w[2]) / 2 <= x1 and y0 <= (w[1] + w[3]) / 2 <= y1]


def _line_tops(words: list) -> list[float]:
    """Top y of each distinct text line among the words (lines 3+ pt apart)."""
    tops: list[float] = []
    for y in sorted(w[1] for w in words):
        if not tops or y - tops[-1] > 3:
            tops.append(y)
    return tops


def _join(words: list) -> str:
    return cell_text(words, lambda w: round(w[1]))




def has_grid(page: pymupdf.Page) -> bool:
    """Cheap test before the table finder: 3+ distinct vertical and horizontal rules."""
    xs: set[int] = set()
    ys: set[int] = set()
    for path in page.get_cdrawings():
        for it in path["items"]:
            if it[0] == "l":
                (ax, ay), (bx, by) = it[1], it[2]
                if abs(ax - bx) < 1:
                    xs.add(round(ax))
                elif abs(ay - by) < 1:
                    ys.add(round(ay))
            elif it[0] == "re":
                r = it[1]
                xs.update((round(r[0]), round(r[2])))
                ys.update((round(r[1]), round(r[3])))
        if len(xs) >= 3 and len(ys) >= 3:
            return True
    return False


def _caption_for(box: tuple[float, float, float, float], lines: Sequence[Line]) -> tuple[Line, ...]:
    """The caption block nearest the table (above preferred), as its lines."""
    best: tuple[float, int] | None = None
    for ln in lines:
        if not _CAPTION.match(ln.text) or inside(ln, box):
            continue
        above = box[1] - ln.bbox[3]
        below = ln.bbox[1] - box[3]
        gap = above if above >= -2 else below + 0.5  # prefer a caption above at equal gap
        if -2 <= gap <= _CAPTION_GAP and (best is None or gap < best[0]):
            best = (gap, ln.index)
    if best is None:
        return ()
    return caption_block(lines, best[1])


def caption_block(lines: Sequence[Line], index: int) -> tuple[Line, ...]:
    """The caption line plus following lines of the same block (max 3 lines in all)."""
    by_index = {ln.index: ln for ln in lines}
    first = by_index[index]
    block = [first]
    for nxt in range(index + 1, index + 3):
        ln = by_index.get(nxt)
        if ln is None or ln.block != first.block:
            break
        block.append(ln)
    return tuple(block)
