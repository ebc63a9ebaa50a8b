"""Scanned ruled tables: rules found in the page picture, rows read by their cells, and
solid marks (bullets, check marks) read as bullets, on pages the tests draw themselves."""
from __future__ import annotations

import io

import pymupdf
from PIL import Image

from core.config import OcrSettings
from core.ingest.pdf import OcrJob, pdf_to_markdown
from core.ingest.pdf.ocr_rules import find_rules
from core.ingest.pdf.ocr_text import BULLET, bullet_words
from core.ingest.pdf.ocr_words import OcrWord
from tests.ingest.scan_fixtures import add_scanned_page

W, H = 595, 842
COLS = (60, 150, 200, 535)  # x of the table's vertical rules: key | mark | description
ROWS = (
    ("alpha", True, ["The first setting of the calibration table."]),
    ("theta", False, ["Scales every reading by the factor given in the second",
                      "line of the description, which wraps below the key."]),
    ("delta", True, ["Turns the humidity probe off when it drifts."]),
)


def _sheet() -> tuple[pymupdf.Document, list[float]]:
    """A born-digital page with a ruled table (a filled disc marks some rows); the y of its rules."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    page.insert_text((60, 90), "Table of settings used by the calibration tool.", fontsize=11)
    ys, y = [110.0], 110.0
    for key, mark, lines in ROWS:
        height = 14.0 * len(lines) + 8
        page.insert_text((75, y + height / 2 + 4), key, fontsize=11)  # key centred on its row
        if mark:
            page.draw_circle((175, y + height / 2), 4.5, color=(0, 0, 0), fill=(0, 0, 0))
        for i, text in enumerate(lines):
            page.insert_text((206, y + 15 + 14 * i), text, fontsize=10)
        y += height
        ys.append(y)
    for ry in ys:
        page.draw_line((COLS[0], ry), (COLS[-1], ry), width=0.8)
    for x in COLS:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.8)
    return doc, ys


def _scanned(dpi: int = 200) -> tuple[pymupdf.Document, list[float]]:
    """The sheet as a scanner gives it: one greyscale picture, no text layer, no drawings."""
    sheet, ys = _sheet()
    pix = sheet[0].get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    page.insert_image(page.rect, stream=pix.tobytes("png"))
    return doc, ys


def _png(page: pymupdf.Page, dpi: int) -> bytes:
    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    buf = io.BytesIO()
    Image.frombytes("L", (pix.width, pix.height), pix.samples).save(buf, format="PNG")
    return buf.getvalue()


def test_rules_are_found_where_the_table_was_drawn():
    doc, ys = _scanned()
    rules = find_rules(_png(doc[0], 300), 300)
    flat = [r for r in rules if abs(r.y0 - r.y1) < 0.5]
    upright = [r for r in rules if abs(r.x0 - r.x1) < 0.5]
    for y in ys:
        assert any(abs(r.y0 - y) < 1.5 and r.x0 < COLS[0] + 2 and r.x1 > COLS[-1] - 2 for r in flat), y
    for x in COLS:
        assert any(abs(r.x0 - x) < 1.5 and r.y0 < ys[0] + 2 and r.y1 > ys[-1] - 2 for r in upright), x


def test_letters_are_no_rules():
    doc = pymupdf.open()
    page = add_scanned_page(doc, ["Plain prose lllll IIIII with tall letters and ||| bars. " * 6], fontsize=14)
    assert find_rules(_png(page, 300), 300) == ()


def _parsed(tmp_path, **settings) -> str:
    doc, _ = _scanned()
    doc.save(tmp_path / "table-scan.pdf")
    return pdf_to_markdown(tmp_path / "table-scan.pdf", tmp_path / "assets",
                           ocr=OcrJob(OcrSettings(dpi=300, **settings), tmp_path / "work")).markdown


def test_a_scanned_ruled_table_is_read_row_by_row_with_its_marks(tmp_path):
    markdown = _parsed(tmp_path, tables=True)
    rows = [ln for ln in markdown.splitlines() if ln.startswith("|")]
    theta = next(ln for ln in rows if "theta" in ln)  # the key and both lines of its description: one row
    assert "Scales every reading by the factor given in the second line of the description" in theta
    alpha = next(ln for ln in rows if "alpha" in ln)
    assert f"| {BULLET} |" in alpha and "The first setting of the calibration table." in alpha


def test_scanned_tables_are_off_by_default(tmp_path):
    markdown = _parsed(tmp_path)  # as before round 5: lines, no table, no bullets
    assert "theta" in markdown and not any(ln.startswith("|") for ln in markdown.splitlines())
    assert BULLET not in markdown


def _word(text: str, x0: float, y0: float, w: float, h: float, fill: float) -> OcrWord:
    return OcrWord(x0, y0, x0 + w, y0 + h, 3.0, text, 60.0, 1, fill)


def test_solid_marks_are_told_from_letters_by_their_ink():
    words = [_word("mz", 0, 0, 14, 6, 0.38), _word("e", 20, 0, 7, 7, 0.77), _word("@", 30, 0, 7, 7, 0.77),
             _word("e", 40, 0, 5, 5, 0.40), _word("|", 50, -2, 1, 11, 0.97), _word(".", 60, 5, 1.2, 1.2, 0.8),
             _word("text", 70, 0, 20, 7, 0.35), _word("word", 95, 0, 22, 7, 0.36)]
    assert [w.x0 for w in bullet_words(words)] == [20, 30]  # not the letter, the rule, nor the full stop
