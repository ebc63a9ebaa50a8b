"""OCR of scanned pages with the real Tesseract program, on pages the tests render themselves,
and U+FFFD glyphs dropped at extraction."""
from __future__ import annotations

import shutil
from pathlib import Path

import pymupdf
import pytest

from core.config import OcrSettings
from core.errors import IngestError
from core.ingest.chunking import chunk_markdown
from core.config import ChunkingSettings
from core.ingest.pdf import OcrJob, pdf_to_markdown
from core.ingest.pdf.ocr import confidence_notes, ocr_unavailable, word_confidences
from core.ingest.pipeline import parse_notes
from tests.ingest.scan_fixtures import add_scanned_page, add_text_page, make_unmapped_glyph_pdf

SCANNED = ("The archive service stores original files in a content-addressed folder "
           "for later review. The nightly rebuild runs at 03:15.")
BORN_DIGITAL = "The cleanup service removes stale thumbnails once a week on Sundays."
FAST = OcrSettings(dpi=150)  # the fixtures are rendered at 150 dpi: reading them at 300 adds nothing


def _job(tmp_path: Path, settings: OcrSettings = FAST, ticks: list | None = None) -> OcrJob:
    return OcrJob(settings, tmp_path / "work", on_page=(lambda d, n: ticks.append((d, n))) if ticks is not None else None)


def _save(doc: pymupdf.Document, path: Path) -> Path:
    doc.save(path)
    return path


def test_scanned_pdf_is_read_with_confidence_and_word_boxes(tmp_path):
    doc = pymupdf.open()
    add_scanned_page(doc, [SCANNED])
    ticks: list = []
    parsed = pdf_to_markdown(_save(doc, tmp_path / "scan.pdf"), tmp_path / "assets", ocr=_job(tmp_path, ticks=ticks))
    text = " ".join(parsed.markdown.split())
    assert "content-addressed folder for later review" in text and "03:15" in text
    assert ticks == [(1, 1)]
    assert set(parsed.ocr_confidence) == {1} and parsed.ocr_confidence[1] > 85
    assert parsed.images == ()  # the scan itself is the page's text, not a figure
    assert parsed.warnings[0].startswith("OCR read 1 pages (mean confidence")
    # the OCR'd copy carries an invisible text layer on the words' boxes (for highlights)
    assert parsed.source_path.parent == tmp_path / "work" and parsed.source_path.is_file()
    with pymupdf.open(parsed.source_path) as ocred:
        words = {w[4]: w[:4] for w in ocred[0].get_text("words")}
    x0, y0, x1, y1 = words["archive"]
    assert 72 <= x0 < x1 <= 523 and 72 <= y0 < y1 <= 110  # first line of text, left margin 72 pt
    assert 4 < x1 - x0 < 60 and 8 < y1 - y0 < 25


def test_sideways_scan_shown_upright_is_read_upright(tmp_path):
    doc = pymupdf.open()
    add_scanned_page(doc, [SCANNED], sideways=True)
    parsed = pdf_to_markdown(_save(doc, tmp_path / "rot.pdf"), tmp_path / "assets", ocr=_job(tmp_path))
    assert "content-addressed folder for later review" in " ".join(parsed.markdown.split())
    with pymupdf.open(parsed.source_path) as ocred:  # the copy is upright: words as the reader sees them
        page = ocred[0]
        assert page.rotation == 0 and page.rect.width < page.rect.height
        x0, y0, _, _ = {w[4]: w[:4] for w in page.get_text("words")}["archive"]
    assert x0 < 200 and y0 < 120


def test_mixed_pdf_reads_only_the_scanned_page(tmp_path):
    doc = pymupdf.open()
    add_text_page(doc, [BORN_DIGITAL])
    add_scanned_page(doc, [SCANNED])
    path = _save(doc, tmp_path / "mixed.pdf")
    parsed = pdf_to_markdown(path, tmp_path / "assets", ocr=_job(tmp_path))
    pages = parsed.markdown.split("<!-- page 2 -->")
    assert BORN_DIGITAL in pages[0] and "later review" in " ".join(pages[1].split())
    assert set(parsed.ocr_confidence) == {2}


def test_low_confidence_page_is_named_in_the_notes(tmp_path):
    doc = pymupdf.open()
    add_scanned_page(doc, [SCANNED])
    add_scanned_page(doc, [SCANNED], fontname="symb")  # Greek letters read by the English model
    parsed = pdf_to_markdown(_save(doc, tmp_path / "two.pdf"), tmp_path / "assets", ocr=_job(tmp_path))
    assert parsed.ocr_confidence[1] > 85 > 60 > parsed.ocr_confidence[2]
    notes = parse_notes(parsed.warnings)
    assert notes[0].startswith("OCR read 2 pages")
    assert notes[1] == "low OCR confidence (< 60) on page 2"


def test_confidence_notes_list_few_pages_then_count():
    conf = {p: (40.0 if p % 2 else 95.0) for p in range(1, 31)}
    assert confidence_notes(conf, 60, most=3) == (
        "OCR read 30 pages (mean confidence 68)", "low OCR confidence (< 60) on pages 1, 3, 5 and 12 more")
    assert confidence_notes({}, 60) == ()


def test_word_confidences_from_tesseract_tsv():
    tsv = ("level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
           "4\t1\t1\t1\t1\t0\t10\t10\t90\t20\t-1\t\n"
           "5\t1\t1\t1\t1\t1\t10\t10\t40\t20\t96.5\tHello\n"
           "5\t1\t1\t1\t1\t2\t55\t10\t45\t20\t95\t \n"
           "5\t1\t1\t1\t1\t3\t55\t10\t45\t20\t71.5\t\"quoted\n")
    assert word_confidences(tsv) == (96.5, 71.5)


def test_without_tesseract_the_one_line_message_stays(tmp_path, monkeypatch):
    doc = pymupdf.open()
    add_scanned_page(doc, [SCANNED])
    path = _save(doc, tmp_path / "scan.pdf")
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    assert shutil.which("tesseract") is None
    with pytest.raises(IngestError) as err:
        pdf_to_markdown(path, tmp_path / "assets", ocr=_job(tmp_path))
    assert str(err.value).endswith(": no text layer (scanned/image-only PDF); install tesseract for OCR")
    assert "\n" not in str(err.value)


def test_mixed_pdf_without_tesseract_says_what_to_install(tmp_path, monkeypatch):
    doc = pymupdf.open()
    add_text_page(doc, [BORN_DIGITAL])
    add_scanned_page(doc, [SCANNED])
    path = _save(doc, tmp_path / "mixed.pdf")
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    parsed = pdf_to_markdown(path, tmp_path / "assets", ocr=_job(tmp_path))
    assert parse_notes(parsed.warnings) == ["1 scanned pages not read: install tesseract for OCR",
                                            "page 2 has no text layer"]
    assert parsed.source_path == path and parsed.ocr_confidence == {}


def test_missing_language_data_is_named():
    assert ocr_unavailable("eng") == ""
    reason = ocr_unavailable("eng+xyz")
    assert "no data for xyz" in reason and "tesseract-ocr-xyz" in reason and "FOLIO_OCR_LANGUAGES" in reason


def test_ocr_turned_off_leaves_the_file_alone(tmp_path):
    doc = pymupdf.open()
    add_scanned_page(doc, [SCANNED])
    path = _save(doc, tmp_path / "scan.pdf")
    with pytest.raises(IngestError, match=r"OCR is off \(FOLIO_OCR=0\)"):
        pdf_to_markdown(path, tmp_path / "assets", ocr=_job(tmp_path, OcrSettings(enabled=False)))


def test_unmapped_glyphs_are_dropped_and_their_page_named(tmp_path):
    path = make_unmapped_glyph_pdf(tmp_path / "glyphs.pdf", "Plain words stay readable.", "Symbols without a map")  # 21 glyphs, spaces included
    with pymupdf.open(path) as doc:  # the fixture really has unmapped glyphs
        assert "\ufffd" in doc[0].get_text(flags=pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP)
    parsed = pdf_to_markdown(path, tmp_path / "assets")
    _, chunks = chunk_markdown("d", parsed.title, parsed.markdown, ChunkingSettings())
    text = " ".join(c.text for c in chunks)
    assert "\ufffd" not in parsed.markdown and "\ufffd" not in text
    assert "Plain words stay readable." in text
    assert parsed.warnings == ("21 glyphs without a Unicode map dropped on page 1",)


def test_ocr_settings_from_the_environment(tmp_path):
    from core.config import Settings

    s = Settings.load(data_dir=tmp_path, env={"FOLIO_OCR_LANGUAGES": "eng+deu", "FOLIO_OCR": "0",
                                              "FOLIO_OCR_DPI": "200", "FOLIO_OCR_JOBS": "3"})
    assert (s.ocr.languages, s.ocr.enabled, s.ocr.dpi, s.ocr.jobs) == ("eng+deu", False, 200, 3)
    assert Settings.load(data_dir=tmp_path, env={}).ocr == OcrSettings()


def test_a_page_tesseract_fails_on_is_named_and_the_rest_is_read(tmp_path, monkeypatch):
    from core.ingest.pdf import ocr

    real = ocr.read_page
    calls = []

    def flaky(png, settings, tmp_root=None):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("Error in pixReadMem: simulated")
        return real(png, settings, tmp_root)

    monkeypatch.setattr(ocr, "read_page", flaky)
    doc = pymupdf.open()
    add_scanned_page(doc, [SCANNED])
    add_scanned_page(doc, [BORN_DIGITAL])
    parsed = pdf_to_markdown(_save(doc, tmp_path / "two.pdf"), tmp_path / "assets", ocr=_job(tmp_path, OcrSettings(dpi=150, jobs=1)))
    assert set(parsed.ocr_confidence) == {2} and "once a week on Sundays" in parsed.markdown
    assert "OCR failed on page 1 (RuntimeError: Error in pixReadMem: simulated)" in parsed.warnings
