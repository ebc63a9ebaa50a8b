"""A PDF with a scanned page, through the Library: OCR stage, summary line, retrieval."""
from __future__ import annotations

import pymupdf

from tests.ingest.scan_fixtures import add_scanned_page, add_text_page

SCANNED = ("The archive service stores original files in a content-addressed folder "
           "for later review. The nightly rebuild runs at 03:15.")


def test_scanned_page_is_read_reported_and_retrievable(make_library, tmp_path):
    doc = pymupdf.open()
    add_text_page(doc, ["The cleanup service removes stale thumbnails once a week on Sundays."])
    add_scanned_page(doc, [SCANNED])
    doc.save(tmp_path / "mixed.pdf")
    lib = make_library(env={"FOLIO_OCR_DPI": "150"})
    events = []
    outcome = lib.add([tmp_path / "mixed.pdf"], progress=events.append)[0]
    assert outcome.status == "added"
    assert "OCR read 1 pages (mean confidence" in outcome.message
    assert [(e.done, e.total) for e in events if e.stage == "ocr"] == [(1, 1)]
    assert "ocr" in outcome.stage_seconds
    hits = lib.retrieve("content-addressed folder for later review", "bm25", k=3).chunks
    assert hits and "content-addressed folder" in hits[0].chunk.text and hits[0].chunk.page_end == 2
