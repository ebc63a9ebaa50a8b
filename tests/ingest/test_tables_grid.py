"""The pre-check before PyMuPDF's ruled-table finder: it never hides a table the finder finds,
and it spares the finder on pages whose drawings are framed boxes and rules."""
from __future__ import annotations

import pymupdf
import pytest

from core.ingest.pdf.tables import ruled_tables
from core.ingest.pdf.tables_grid import may_hold_table


def _grid(page: pymupdf.Page, x: float, y: float, cols: int, rows: int, thin_rects: bool = False) -> None:
    """A ruled table: each cell a stroked rectangle, or the rules as thin filled rectangles."""
    for r in range(rows):
        for c in range(cols):
            cell = pymupdf.Rect(x + 90 * c, y + 20 * r, x + 90 * (c + 1), y + 20 * (r + 1))
            page.insert_text((cell.x0 + 4, cell.y1 - 6), f"r{r}c{c}", fontsize=9)
            if not thin_rects:
                page.draw_rect(cell, color=(0, 0, 0), width=0.6)
    if thin_rects:
        width, height = 90 * cols, 20 * rows
        for r in range(rows + 1):
            page.draw_rect(pymupdf.Rect(x, y + 20 * r - 0.4, x + width, y + 20 * r + 0.4), fill=(0, 0, 0), width=0)
        for c in range(cols + 1):
            page.draw_rect(pymupdf.Rect(x + 90 * c - 0.4, y, x + 90 * c + 0.4, y + height), fill=(0, 0, 0), width=0)


def _code_boxes(page: pymupdf.Page) -> None:
    """Framed, shaded code listings with a rule above: no table, though many rules."""
    page.draw_line((57, 80), (524, 80), width=2)
    for i in range(6):
        top = 110 + 70 * i
        page.draw_rect(pymupdf.Rect(60.4, top, 520.7, top + 40), fill=(0.94, 0.95, 0.96), width=0)
        page.draw_rect(pymupdf.Rect(60, top, 521.5, top + 40.5), color=(0, 0, 0), width=0.85)
        page.insert_text((66, top + 16), f"let x{i} = f(y) in g x{i}", fontsize=9)


@pytest.mark.parametrize("draw", [
    lambda p: _grid(p, 72, 100, 3, 4),
    lambda p: _grid(p, 72, 100, 2, 2),
    lambda p: _grid(p, 72, 100, 4, 3, thin_rects=True),
])
def test_a_page_with_a_ruled_table_is_passed_to_the_finder(draw):
    doc = pymupdf.open()
    page = doc.new_page()
    draw(page)
    assert page.find_tables(use_layout=False).tables  # the finder sees a table here
    assert may_hold_table(page)


def test_framed_code_boxes_skip_the_finder_and_lose_nothing():
    doc = pymupdf.open()
    page = doc.new_page()
    _code_boxes(page)
    assert not page.find_tables(use_layout=False).tables
    assert not may_hold_table(page)
    assert ruled_tables(page, []) == []


def test_a_table_among_code_boxes_is_still_found():
    doc = pymupdf.open()
    page = doc.new_page()
    _code_boxes(page)
    _grid(page, 72, 560, 3, 3)
    assert may_hold_table(page)
    assert len(ruled_tables(page, [])) == 1
