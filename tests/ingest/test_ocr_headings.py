"""Headings on scanned pages (ocr_headings, on with OcrSettings.headings / FOLIO_OCR_HEADINGS=1):
numbered subsections set in bold at the body size, code lines measured taller than the body,
and an API reference's signature lines. Pages are generated here: text drawn, rendered to a greyscale picture, placed on a page without text."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Sequence

import pymupdf

from core.config import OcrSettings
from core.ingest.pdf import OcrJob, pdf_to_markdown
from core.ingest.pdf.layout import Line
from core.ingest.pdf.ocr_headings import numbered_and_code, signature_lines
from tests.ingest.scan_fixtures import H, W

BODY = ("The calibration report lists every sensor with its serial number and drift. Replace the "
        "humidity probe when its drift exceeds four percent in one quarter, and note the date.")

Block = tuple[str, float, str]  # text, size, font


def _scan(tmp_path: Path, pages: Sequence[Sequence[Block]]) -> str:
    """Markdown of a scanned PDF whose pages show `pages`' blocks top to bottom (200 dpi pictures)."""
    doc = pymupdf.open()
    for blocks in pages:
        paper = pymupdf.open()
        sheet = paper.new_page(width=W, height=H)
        y = 60.0
        for text, size, font in blocks:
            spare = sheet.insert_textbox(pymupdf.Rect(60, y, W - 60, y + 200), text, fontsize=size, fontname=font)
            y += 200 - spare + size * 0.9
        pix = sheet.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
        doc.new_page(width=W, height=H).insert_image(pymupdf.Rect(0, 0, W, H), stream=pix.tobytes("png"))
    doc.save(tmp_path / "scan.pdf")
    return pdf_to_markdown(tmp_path / "scan.pdf", tmp_path / "assets",
                           ocr=OcrJob(OcrSettings(dpi=300, headings=True), tmp_path / "w")).markdown


def _headings(md: str) -> list[str]:
    return [ln for ln in md.splitlines() if re.match(r"#{1,6} ", ln)]


def test_numbered_subsections_in_bold_at_body_size_are_headings_under_their_chapter(tmp_path):
    page = [("Sensor handbook", 24, "hebo"), ("2 Sensor care", 16, "hebo"), (BODY, 10, "helv"),
            ("2.1 Calibration intervals", 10.5, "hebo"), (BODY, 10, "helv"),
            ("2.2 Probe replacement", 10.5, "hebo"), (BODY, 10, "helv"),
            ("2.3 The probe is replaced when its drift exceeds four percent.", 10, "helv"), (BODY, 10, "helv"),
            ("7.4 Wiring diagrams", 10.5, "hebo"), (BODY, 10, "helv")]
    heads = _headings(_scan(tmp_path, [page, [(BODY, 10, "helv")] * 3]))
    assert heads == ["# 2 Sensor care", "## 2.1 Calibration intervals", "## 2.2 Probe replacement"]
    # a numbered sentence and a number whose chapter was never a heading stay body text


def test_code_and_sentences_measured_taller_than_the_body_are_no_headings(tmp_path):
    page = [("Sensor handbook", 24, "hebo"), ("Sensor care", 16, "hebo"), (BODY, 10, "helv"),
            ("Reason = drift | {error, Why}", 13, "cour"), (BODY, 10, "helv"), ("[in,out,size_is(len)] probe", 13, "cour"),
            (BODY, 10, "helv"), ("Reads a file from the remote server.", 13, "helv"), (BODY, 10, "helv")]
    assert _headings(_scan(tmp_path, [page, [(BODY, 10, "helv")] * 3])) == ["# Sensor care"]


def test_reference_signatures_on_a_scan_head_their_entries(tmp_path):
    entries = [("append(Pid, LocalFile) -> ok | {error, Reason}", "Appends the local file to the remote server."),
               ("cd(Pid, Dir) -> ok | {error, Reason}", "Changes the working directory at the remote server."),
               ("close(Pid) -> ok", "Ends an FTP session, created using function open.")]
    page = [("FTP Reference", 24, "hebo"), ("ftp", 18, "hebo"), ("FTP client functions for the remote file server.", 10, "helv")]
    for signature, text in entries:
        page += [(signature, 10, "cour"), (text + " " + BODY, 10, "helv")]
    md = _scan(tmp_path, [page])
    assert [h.split(" ", 1)[1] for h in _headings(md)] == ["ftp", "append/2", "cd/2", "close/1"]
    assert "Changes the working directory" in md  # the entry's text stays, under its heading


def _line(text: str, size: float, index: int, block: int, page: int = 1) -> Line:
    return Line(text, (60.0, 100.0 + 14 * index, 400.0, 110.0 + 14 * index), size, False, page, index, block)


def test_born_digital_pages_are_left_as_they_are():
    pages = [[_line("1 Setup", 14, 0, 0), _line("1.1 Parts list", 10, 1, 1), _line("Pid = pid()", 13, 2, 2),
              _line("close(Pid) -> ok", 10, 3, 3)] + [_line(BODY, 10, i, 4) for i in range(4, 9)]]
    assert numbered_and_code(pages, scanned=set()) == pages
    assert signature_lines(pages, scanned=set()) == pages
    mended = signature_lines(numbered_and_code(pages, scanned={1}), scanned={1})[0]
    assert [(ln.bold, ln.size, ln.mono) for ln in mended[1:4]] == [(True, 10, False), (False, 10, False), (False, 10, True)]
