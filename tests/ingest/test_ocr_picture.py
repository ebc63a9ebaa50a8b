"""What OCR reads on a scanned page: the scan's own pixels, a logo's word kept out of the title,
an "l" misread as "1" or "!" put back. Pages are generated here: text drawn, rendered to a
greyscale picture and placed on a page without a text layer."""
from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pymupdf
from PIL import Image

from core.config import OcrSettings
from core.ingest.pdf import OcrJob, ocr, pdf_to_markdown
from core.ingest.pdf.layout import Line
from core.ingest.pdf.ocr_text import mend_text
from core.ingest.pdf.ocr_words import OcrWord
from tests.ingest.scan_fixtures import W, H, add_scanned_page

BODY = ("The calibration report lists every sensor with its serial number and drift. "
        "Replace the humidity probe when its drift exceeds four percent in one quarter.")


def test_a_200_dpi_scan_is_read_from_its_own_pixels():
    doc = pymupdf.open()
    page = add_scanned_page(doc, [BODY], dpi=200)
    xref = page.get_images()[0][0]
    own = pymupdf.Pixmap(doc, xref)
    png, psm, dpi = ocr.render_page(page, OcrSettings(dpi=300, own_picture=True))
    img = Image.open(io.BytesIO(png))
    assert dpi == 200 and img.size == (own.width, own.height)
    unprepared, _, _ = ocr.render_page(page, OcrSettings(dpi=300, prepare=False, own_picture=True))
    picture = np.asarray(Image.open(io.BytesIO(unprepared)))
    assert np.array_equal(picture, np.frombuffer(own.samples, np.uint8).reshape(own.height, own.width))


def test_a_coarse_or_switched_off_scan_is_rendered_at_the_ocr_dpi():
    doc = pymupdf.open()
    add_scanned_page(doc, [BODY], dpi=150)  # too coarse for Tesseract: resampled to 300
    add_scanned_page(doc, [BODY], dpi=200)
    coarse, fine = doc[0], doc[1]  # pages fetched after the document's last change
    assert ocr.render_page(coarse, OcrSettings(dpi=300, own_picture=True))[2] == 300
    png, _, dpi = ocr.render_page(fine, OcrSettings(dpi=300))  # off by default
    width, height = Image.open(io.BytesIO(png)).size
    assert dpi == 300 and abs(width - W * 300 / 72) <= 1 and abs(height - H * 300 / 72) <= 1


def _cover(path: Path) -> Path:
    """A scanned cover: a logo (a grey block with a white disc) with its word "A C M E" set
    larger than the title "Sensors" right below it, then a page of body text."""
    sheet = pymupdf.open()
    s = sheet.new_page(width=W, height=H)
    s.draw_rect(pymupdf.Rect(330, 300, 500, 420), color=(0.3, 0.3, 0.3), fill=(0.3, 0.3, 0.3))
    s.draw_circle((415, 360), 40, color=(1, 1, 1), fill=(1, 1, 1))
    s.insert_text((332, 455), "A C M E", fontsize=30, fontname="hebo")
    s.insert_text((400, 520), "Sensors", fontsize=22, fontname="helv")
    s.insert_text((300, 560), "Copyright 2024 Acme Corporation.", fontsize=9, fontname="helv")
    sheet.new_page(width=W, height=H).insert_textbox(pymupdf.Rect(72, 72, W - 72, 400), BODY + " " + BODY,
                                                     fontsize=11, fontname="helv")
    doc = pymupdf.open()
    for p in sheet:
        pix = p.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
        doc.new_page(width=W, height=H).insert_image(pymupdf.Rect(0, 0, W, H), stream=pix.tobytes("png"))
    doc.save(path)
    return path


def test_a_logos_word_is_not_the_title_of_a_scanned_cover(tmp_path):
    parsed = pdf_to_markdown(_cover(tmp_path / "cover.pdf"), tmp_path / "assets",
                             ocr=OcrJob(OcrSettings(), tmp_path / "w"))
    assert parsed.title == "Sensors"
    assert "ACME" in parsed.markdown  # the word is kept, as text of the page
    assert not any(ln.startswith("#") and "ACME" in ln for ln in parsed.markdown.splitlines())


def _line(text: str, index: int) -> Line:
    return Line(text, (72.0, 72.0 + 14 * index, 400.0, 84.0 + 14 * index), 10.0, False, 1, index, index)


def test_an_l_read_as_one_or_bang_is_put_back_when_the_document_reads_the_word():
    lines = [_line("Camlid! user's manual", 0), _line("Run camlid1 on the file, then camlidl again.", 1),
             _line("Use TLSv1 or TLSv1.2 and say hello!", 2)]
    words = [OcrWord(72, 72, 120, 84, 2.0, "Camlid!", 55.0)]
    words += [OcrWord(72, 86, 120, 98, 2.0, text, 93.0) for text in ("camlidl", "camlidl.", "TLSv1", "hello")]
    mended = mend_text([lines], {1: words}, scanned={1})
    assert [ln.text for ln in mended[0]] == ["Camlidl user's manual", "Run camlidl on the file, then camlidl again.",
                                             "Use TLSv1 or TLSv1.2 and say hello!"]
