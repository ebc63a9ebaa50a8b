"""Scanner faults undone before OCR (skew, noise), steady line sizes on OCR'd pages, and the
reading cache, on pages the tests render themselves with known words."""
from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pymupdf
import pytest
from PIL import Image

from core.config import OcrSettings
from core.ingest.pdf import OcrJob, ocr, pdf_to_markdown
from core.ingest.pdf.layout import Line
from core.ingest.pdf.ocr_image import background_noise, has_columns, prepare, skew_angle
from core.ingest.pdf.ocr_lines import steady_sizes
from tests.ingest.scan_fixtures import add_scanned_page

TEXT = ("The calibration report lists every sensor with its serial number and drift. "
        "Replace the humidity probe when its drift exceeds four percent in one quarter.")


def _picture(page: pymupdf.Page, dpi: int = 150) -> Image.Image:
    """The scanned page's picture, as OCR renders it."""
    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    return Image.frombytes("L", (pix.width, pix.height), pix.samples)


def _scan(tmp_path: Path, name: str, **fault) -> Path:
    doc = pymupdf.open()
    add_scanned_page(doc, [TEXT, TEXT.upper()], fontsize=11, **fault)
    doc.save(tmp_path / name)
    return tmp_path / name


@pytest.mark.parametrize("skew", [2.5, -1.5, 0.8])
def test_skew_is_measured_to_a_fifth_of_a_degree(skew):
    doc = pymupdf.open()
    img = _picture(add_scanned_page(doc, [TEXT, TEXT, TEXT], skew=skew))
    assert abs(skew_angle(img) - skew) <= 0.2


def test_a_clean_level_page_is_left_as_it_is():
    doc = pymupdf.open()
    img = _picture(add_scanned_page(doc, [TEXT]))
    assert background_noise(img) < 3
    assert prepare(img).tobytes() == img.tobytes()  # same pixels: same reading as before


def test_a_noisy_skewed_page_comes_back_level_and_smoother():
    doc = pymupdf.open()
    img = _picture(add_scanned_page(doc, [TEXT, TEXT], skew=2.0, noise=25))
    assert background_noise(img) > 10
    out = prepare(img)
    assert background_noise(out) < background_noise(img) / 2
    assert abs(skew_angle(out)) <= 0.2


def test_a_skewed_noisy_scan_is_read_word_for_word(tmp_path):
    pdf = _scan(tmp_path, "bad-scan.pdf", skew=2.5, noise=30)
    parsed = pdf_to_markdown(pdf, tmp_path / "assets", ocr=OcrJob(OcrSettings(dpi=300), tmp_path / "work"))
    text = " ".join(parsed.markdown.split())
    assert "Replace the humidity probe when its drift exceeds four percent in one quarter." in text
    assert "SERIAL NUMBER AND DRIFT" in text


def _line(size: float, text: str, page: int = 1, index: int = 0) -> Line:
    return Line(text, (72, 100 + 20 * index, 400, 112 + 20 * index), size, False, page, index, index)


def test_ocr_line_sizes_are_evened_out_on_scanned_pages_only():
    body = [_line(s, "plain text of the body " * 3, index=i) for i, s in enumerate([8, 8.5, 9, 8, 9.5, 8, 8])]
    heads = [_line(s, "A heading", index=10 + i) for i, s in enumerate([11.5, 12, 13])]
    title = [_line(20, "The title", index=20)]
    digital = [_line(9, "born digital text", page=2), _line(12, "Its heading", page=2, index=1)]
    pages = steady_sizes([body + heads + title, digital], scanned={1})
    assert {ln.size for ln in pages[0][:7]} == {8}  # tall letters do not make a body line larger
    assert {ln.size for ln in pages[0][7:10]} == {12}  # one heading size, not three
    assert pages[0][10].size == 20
    assert pages[1] == digital


def test_headings_on_a_scan_are_its_large_lines_only(tmp_path):
    doc = pymupdf.open()
    add_scanned_page(doc, [TEXT, TEXT], fontsize=11)
    add_scanned_page(doc, ["Sensor maintenance"], fontsize=22)
    add_scanned_page(doc, [TEXT, "(Quarterly) Tables, Figures [and] Notes: all kept {here}.", TEXT], fontsize=11)
    doc.save(tmp_path / "scan.pdf")
    md = pdf_to_markdown(tmp_path / "scan.pdf", tmp_path / "assets", ocr=OcrJob(OcrSettings(dpi=200), tmp_path / "w")).markdown
    assert [ln for ln in md.splitlines() if ln.startswith("#")] == ["# Sensor maintenance"]


def test_a_cached_reading_is_reused_without_tesseract(tmp_path, monkeypatch):
    monkeypatch.setenv("FOLIO_OCR_CACHE", str(tmp_path / "cache"))
    doc = pymupdf.open()
    page = add_scanned_page(doc, [TEXT])
    png, psm, _ = ocr.render_page(page, OcrSettings(dpi=150))
    assert psm == 4  # one column of text
    first = ocr.read_page(png, OcrSettings(dpi=150, psm=psm))

    def no_tesseract(*args, **kwargs):
        raise AssertionError("tesseract ran again")
    monkeypatch.setattr(subprocess, "run", no_tesseract)
    again = Image.open(io.BytesIO(png))
    buf = io.BytesIO()
    again.save(buf, format="PNG", compress_level=9)  # other PNG bytes, same pixels
    assert ocr.read_page(buf.getvalue(), OcrSettings(dpi=150, psm=psm)) == first
    with pytest.raises(AssertionError):  # other settings are another reading
        ocr.read_page(png, OcrSettings(dpi=150, psm=6))


LEFT = "The left column speaks of rivers and bridges, of ferries crossing at dawn and boats returning late. " * 6
RIGHT = "The right column tells of mountains and passes, of snow lying deep until the first days of June. " * 6
ROWS = [("Pressure", "4.5 bar", "checked weekly"), ("Flow rate", "12 litres", "checked daily"),
        ("Voltage", "230 volts", "checked monthly"), ("Noise level", "40 decibels", "checked yearly")]


def _sheet(draw) -> pymupdf.Document:
    """A scanned page whose content `draw(page)` lays out (rendered to a picture at 200 dpi)."""
    paper = pymupdf.open()
    draw(paper.new_page())
    pix = paper[0].get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    doc = pymupdf.open()
    doc.new_page().insert_image(doc[0].rect, stream=pix.tobytes("png"))
    return doc


def _two_columns(page: pymupdf.Page) -> None:
    page.insert_textbox(pymupdf.Rect(50, 60, 545, 100), "Travels In Two Columns", fontsize=16, align=1)
    page.insert_textbox(pymupdf.Rect(50, 110, 290, 780), LEFT, fontsize=10, align=3)
    page.insert_textbox(pymupdf.Rect(310, 110, 545, 780), RIGHT, fontsize=10, align=3)


def _table(page: pymupdf.Page) -> None:
    page.insert_textbox(pymupdf.Rect(60, 60, 540, 120), TEXT, fontsize=10)
    for i, row in enumerate(ROWS):
        for x, cell in zip((60, 250, 420), row):
            page.insert_text((x, 160 + 22 * i), cell, fontsize=10)


def test_a_page_in_columns_is_told_from_a_table():
    assert has_columns(_picture(_sheet(_two_columns)[0], 200))
    assert not has_columns(_picture(_sheet(_table)[0], 200))
    assert not has_columns(_picture(_sheet(lambda p: p.insert_textbox(p.rect + (60, 60, -60, -60), TEXT * 8))[0], 200))


def test_columns_are_read_one_after_the_other_and_table_rows_whole(tmp_path):
    settings = OcrSettings(dpi=300)
    for name, draw in (("cols.pdf", _two_columns), ("table.pdf", _table)):
        _sheet(draw).save(tmp_path / name)
    cols = pdf_to_markdown(tmp_path / "cols.pdf", tmp_path / "a1", ocr=OcrJob(settings, tmp_path / "w1")).markdown
    flat = " ".join(cols.split())
    assert "returning late. The left column speaks" in flat  # the left column's lines follow each other
    assert flat.index("rivers") < flat.index("mountains")
    table = pdf_to_markdown(tmp_path / "table.pdf", tmp_path / "a2", ocr=OcrJob(settings, tmp_path / "w2")).markdown
    flat = " ".join(table.replace("|", " ").split())
    for row in ROWS:
        assert " ".join(row) in flat  # a row's cells in one run, as a reader reads the row


def test_a_scanned_paragraph_is_one_paragraph_with_its_hyphenated_word_mended(tmp_path):
    doc = pymupdf.open()
    add_scanned_page(doc, ["The maintenance team checks every sensor and replaces the humid-\n"
                           "ity probe when its drift exceeds four percent in one quarter.",
                           "A second paragraph follows after a blank line."], fontsize=11)
    doc.save(tmp_path / "para.pdf")
    md = pdf_to_markdown(tmp_path / "para.pdf", tmp_path / "a", ocr=OcrJob(OcrSettings(dpi=300), tmp_path / "w")).markdown
    paragraphs = [p for p in md.split("\n\n") if p.strip() and not p.startswith("<!--")]
    assert paragraphs[0].strip() == ("The maintenance team checks every sensor and replaces the humidity probe "
                                     "when its drift exceeds four percent in one quarter.")
    assert paragraphs[1].strip() == "A second paragraph follows after a blank line."
