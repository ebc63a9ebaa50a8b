"""benchmarks/ocr_prefill.py fills FOLIO_OCR_CACHE with the readings the ingest then uses."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pymupdf
import pytest

from core.config import OcrSettings
from core.ingest.pdf import OcrJob, ocr
from tests.bench_scripts import load_script
from tests.ingest.scan_fixtures import add_scanned_page

TEXT = "Replace the humidity probe when its drift exceeds four percent in one quarter."


@pytest.fixture
def prefill(monkeypatch):
    return load_script("ocr_prefill", monkeypatch)


def test_prefilled_pages_are_not_read_again_by_the_ingest(tmp_path, monkeypatch, prefill, capsys):
    monkeypatch.setenv("FOLIO_OCR_CACHE", str(tmp_path / "cache"))
    doc = pymupdf.open()
    add_scanned_page(doc, [TEXT])
    add_scanned_page(doc, [TEXT.upper()])
    scan = tmp_path / "scan.pdf"
    doc.save(scan)
    prefill.prefill(scan, OcrSettings(), check=False, start=0.0)
    prefill.prefill(scan, OcrSettings(), check=True, start=0.0)
    out = capsys.readouterr().out
    assert "FILE scan.pdf: 2 pages, 0 cache hits" in out and "FILE scan.pdf: 2 pages, 2 cache hits" in out
    assert ocr.ocr_unavailable("eng") == ""  # Tesseract's language list read before it is taken away

    def no_tesseract(*args, **kwargs):
        raise AssertionError("tesseract ran again")
    monkeypatch.setattr(subprocess, "run", no_tesseract)
    result = ocr.apply_ocr(scan, OcrJob(OcrSettings(), tmp_path / "work"))
    assert sorted(result.confidence) == [1, 2] and not result.unavailable
    with pymupdf.open(result.source_path) as done:
        assert "humidity probe" in done[0].get_text()
