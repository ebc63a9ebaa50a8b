"""Broken PDFs: repaired copies are parsed, only a file no reader opens is refused."""
from __future__ import annotations

import pymupdf
import pytest

from core.errors import IngestError
from core.ingest.pdf import pdf_to_markdown
from core.ingest.pdf.repair import qpdf_copy, readable_pdf
from tests.ingest.fixtures import make_bad_pdf
from tests.ingest.repair_fixtures import PAGE_TEXT, make_damaged_pdf

ALL_PAGES = [PAGE_TEXT.format(n=n) for n in (1, 2, 3)]


@pytest.mark.parametrize("kind", ["page_tree_lost", "root_lost"])
def test_a_file_mupdf_reads_without_pages_is_repaired_and_keeps_every_page(tmp_path, kind):
    path = make_damaged_pdf(tmp_path / f"{kind}.pdf", kind)
    assert pymupdf.open(path).page_count == 0  # the damage is real: MuPDF alone reads nothing
    readable = readable_pdf(path, 5, tmp_path / "work")
    assert readable.repaired and readable.path != path and readable.path.parent == tmp_path / "work"
    assert readable.note.startswith("repaired (page tree rebuilt): 3 pages readable")
    markdown = pdf_to_markdown(readable.path, tmp_path / "assets").markdown
    assert all(text in markdown for text in ALL_PAGES)
    assert markdown.index(ALL_PAGES[0]) < markdown.index(ALL_PAGES[1]) < markdown.index(ALL_PAGES[2])


def test_a_damaged_xref_mupdf_reads_needs_no_copy_and_qpdf_rewrites_it(tmp_path):
    path = make_damaged_pdf(tmp_path / "xref.pdf", "xref_only")
    readable = readable_pdf(path, 5, tmp_path / "work")
    assert readable.path == path and readable.note == "" and not readable.repaired
    qpdf_copy(path, tmp_path / "fixed.pdf")
    with pymupdf.open(tmp_path / "fixed.pdf") as doc:
        assert [p.get_text().strip() for p in doc] == ALL_PAGES


def test_a_file_no_reader_can_open_is_refused_in_one_line(tmp_path):
    path = make_damaged_pdf(tmp_path / "gone.pdf", "nothing_left")
    with pytest.raises(IngestError) as err:
        readable_pdf(path, 5, tmp_path / "work")
    assert "no reader could open or repair" in err.value.reason and "\n" not in str(err.value)


def test_password_and_empty_page_tree_are_still_refused(tmp_path):
    with pytest.raises(IngestError, match="password"):
        readable_pdf(make_bad_pdf(tmp_path / "enc.pdf", "encrypted"), 5, tmp_path / "w")
    with pytest.raises(IngestError, match="no reader could open or repair"):
        readable_pdf(make_bad_pdf(tmp_path / "zero.pdf", "zero_pages"), 5, tmp_path / "w")


def test_a_truncated_file_that_mupdf_reads_is_kept_with_a_note(tmp_path):
    path = make_bad_pdf(tmp_path / "cut.pdf", "truncated")
    readable = readable_pdf(path, 5, tmp_path / "work")
    assert readable.path == path and "truncated file (no end-of-file marker)" in readable.note


def test_library_adds_a_repaired_file_and_a_truncated_one_and_says_so(make_library, tmp_path):
    path = make_damaged_pdf(tmp_path / "broken.pdf", "page_tree_lost")
    lib = make_library()
    cut = lib.add([make_bad_pdf(tmp_path / "cut.pdf", "truncated")])[0]  # its pictures are damaged too
    assert cut.status == "added" and "its end may be missing" in cut.message
    outcome = lib.add([path])[0]
    assert outcome.status == "added", outcome.message
    assert "repaired (page tree rebuilt)" in outcome.message and outcome.doc.pages == 3
    text = " ".join(c.text for c in lib.catalog.doc_chunks(outcome.doc.doc_id))
    assert all(t in text for t in ALL_PAGES)
    kept = lib.settings.data_dir / outcome.doc.original
    with pymupdf.open(kept) as doc:  # the page view shows the repaired copy
        assert doc.page_count == 3
