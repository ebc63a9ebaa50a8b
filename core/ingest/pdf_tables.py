"""Tables: find ruled tables on a page and write them as Markdown with their caption.

Only pages with vector drawings are searched (a ruled table needs drawn lines), which
keeps text-only pages fast. The caption is the nearest line above or below the table
that starts with "Table N" / "Tab. N".
"""
from __future__ import annotations

import re
from typing import Sequence

import pymupdf

from core.ingest.pdf_layout import Item, Line, inside, normalise_text

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


def find_tables(page: pymupdf.Page, lines: Sequence[Line]) -> list[Item]:
    """Return the page's ruled tables as items (markdown + box + caption lines)."""
    if not page.get_cdrawings():
        return []
    try:
        found = page.find_tables()
    except Exception:  # noqa: BLE001 - a table finder failure must not lose the page text
        return []
    items: list[Item] = []
    for table in found.tables:
        rows = [list(r) for r in table.extract()]
        rows = [r for r in rows if any((c or "").strip() for c in r)]
        if len(rows) < 2 or max(len(r) for r in rows) < 2:
            continue
        box = tuple(table.bbox)
        caption = _caption_for(box, lines)
        items.append(Item("table", box, markdown=table_markdown(rows), caption=caption))
    return items


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
