"""A generated two-page 'maintenance guide' with known sentences for the span tests: one
sentence that starts at the foot of page 1 and ends at the head of page 2 (BREAK), and one
table row on page 2 (ROW) under a ruled table.

    make_span_pdf(tmp_path / "guide.pdf")
"""
from __future__ import annotations

from pathlib import Path

import pymupdf

W, H = 595, 842
LEFT, RIGHT = 72, 523
FILLER = ("The pumps of the station are inspected by the night shift, who record the pressure of "
          "every line in the logbook and report leaks to the supervisor before the morning round. ")
BREAK_HEAD = "The calibration interval of the flow sensor is fourteen days when the"
BREAK_TAIL = "station runs in winter mode, and thirty days otherwise."
BREAK = f"{BREAK_HEAD} {BREAK_TAIL}"
AFTER = "Spare sensors are kept in the blue cabinet beside the control room."
ROW = ("valve seal", "12 months", "technician")
HEADER = ("Part", "Replacement", "Done by")
OTHER_ROWS = [("filter mesh", "3 months", "operator"), ("drive belt", "24 months", "contractor")]


def _lines(page: pymupdf.Page, y: float, text: str, size: float = 11) -> float:
    """Write `text` as a paragraph from `y`; returns the y below it."""
    rect = pymupdf.Rect(LEFT, y, RIGHT, y + 400)
    spare = page.insert_textbox(rect, text, fontsize=size, fontname="helv")
    return y + 400 - spare + 6


def make_span_pdf(path: Path) -> Path:
    """Write the guide (see the module doc) and return its path."""
    doc = pymupdf.open()
    doc.set_metadata({"title": "Station maintenance guide"})
    for _ in range(2):
        doc.new_page(width=W, height=H)
    first, second = doc[0], doc[1]
    y = _lines(first, 72, "Sensor care", size=16)
    y = _lines(first, y, FILLER * 2)
    y = _lines(first, 560, FILLER * 3)
    # the sentence's first half is the last line of page 1, its second half the first of page 2
    first.insert_text((LEFT, 790), BREAK_HEAD, fontsize=11, fontname="helv")
    second.insert_text((LEFT, 72), BREAK_TAIL, fontsize=11, fontname="helv")
    second.insert_text((LEFT, 88), AFTER, fontsize=11, fontname="helv")
    y = _lines(second, 120, "Replacement schedule", size=16)
    y = _lines(second, y, "Table 1: Parts and their replacement interval", size=10)
    for r, row in enumerate([HEADER, ROW, *OTHER_ROWS]):
        for c, cell in enumerate(row):
            rect = pymupdf.Rect(LEFT + c * 140, y + r * 22, LEFT + (c + 1) * 140, y + (r + 1) * 22)
            second.draw_rect(rect, color=(0, 0, 0), width=0.8)
            second.insert_text((rect.x0 + 4, rect.y1 - 7), cell, fontsize=10, fontname="helv")
    _lines(second, y + 5 * 22 + 20, "Worn parts go back to the depot in their original boxes. " * 2)
    doc.set_toc([[1, "Sensor care", 1], [1, "Replacement schedule", 2]])
    doc.save(path)
    return path
