"""Other formats through the whole library: LibreOffice renditions (installed in CI: these
tests never skip), Story layouts, chunk pages and boxes found on them, citations naming
pages and slides, replacement by origin, the trash, and Office files read without LibreOffice."""
from __future__ import annotations

import shutil

import pymupdf
import pytest

from core.errors import OriginalMissing
from core.evidence.originals import OriginalStore
from core.ingest.files import find_documents
from tests.ingest import format_fixtures as fx


def chunk_with(lib, doc, words):
    return next(c for c in lib.catalog.doc_chunks(doc.doc_id) if words in c.text)


def test_libreoffice_is_installed_for_these_tests():
    assert shutil.which("soffice"), "install libreoffice-writer-nogui (bash .ci/install does)"


def test_word_pages_come_from_the_libreoffice_rendition(make_library, tmp_path):
    lib = make_library()
    path = fx.make_long_docx(tmp_path / "report.docx", chapters=6)
    (outcome,) = lib.add([path])
    doc = outcome.doc
    assert outcome.status == "added" and doc.kind == "docx" and doc.original.endswith(".docx")
    store = OriginalStore(lib.settings.data_dir)
    rendition = store.rendition(doc.original)
    assert rendition == lib.settings.data_dir / (doc.original + ".pdf") and store.path(doc.original).read_bytes() \
        == path.read_bytes()
    with pymupdf.open(rendition) as pdf:
        assert doc.pages == pdf.page_count >= 3
        where = next(p.number + 1 for p in pdf if p.search_for("Paragraph 5 of chapter 5 discusses"))
    chunk = chunk_with(lib, doc, "Paragraph 5 of chapter 5 discusses")
    assert chunk.heading_path == ("Long Report", "Chapter 5 on topic number 5")
    assert chunk.page_start <= where <= chunk.page_end
    place = lib.evidence.locate(chunk.chunk_id)
    assert where in place.pages and place.boxes
    image = lib.evidence.render(chunk.chunk_id, where)
    assert image.highlighted and image.path.read_bytes().startswith(b"\x89PNG")
    assert image.caption == f"page {where}"
    again = lib.reindex(doc.doc_id)  # boxes of re-cut chunks come from the kept rendition
    assert lib.catalog.geometry(again.doc_id).boxes


def test_slides_cite_their_slide_number(make_library, tmp_path):
    lib = make_library()
    doc = lib.add([fx.make_pptx(tmp_path / "deck.pptx")])[0].doc
    assert doc.pages == 3 and doc.title == "Quarterly Review"
    chunk = chunk_with(lib, doc, "North")
    assert chunk.heading_path == ("Quarterly Review", "Sales Figures") and chunk.page_start == 2
    assert lib.evidence.pages_label(chunk) == "slide 2"
    image = lib.evidence.render(chunk.chunk_id)
    assert image.page == 2 and image.highlighted and image.caption == "slide 2"


def test_web_pages_markdown_books_and_text_are_laid_out_into_pages(make_library, tmp_path):
    lib = make_library()
    paths = [fx.make(kind, tmp_path / "in") for kind in ("html", "markdown", "epub", "txt")]
    outcomes = lib.add(paths)
    assert [o.status for o in outcomes] == ["added"] * 4
    for outcome in outcomes:
        doc = outcome.doc
        assert doc.pages >= 1 and OriginalStore(lib.settings.data_dir).rendition(doc.original) is not None
        geometry = lib.catalog.geometry(doc.doc_id)
        assert geometry.boxes and {b.chunk_id for b in geometry.boxes} <= {
            c.chunk_id for c in lib.catalog.doc_chunks(doc.doc_id)}
    html = outcomes[0].doc
    chunk = chunk_with(lib, html, "Blueberry")
    assert chunk.kind == "table" and chunk.heading_path == ("Gardening Guide", "Soil", "Acidity")


def test_a_changed_file_replaces_its_older_version_and_the_trash_keeps_its_rendition(make_library, tmp_path):
    lib = make_library()
    path = tmp_path / "notes.md"
    path.write_text("# Plan\n\nShip the release on Monday.\n")
    first = lib.add([path])[0].doc
    path.write_text("# Plan\n\nShip the release on Friday.\n")
    second = lib.add([path])
    assert second[0].status == "replaced" and [d.doc_id for d in lib.documents()] == [second[0].doc.doc_id]
    store = OriginalStore(lib.settings.data_dir)
    assert store.rendition(first.original) is not None  # the replaced version waits in the trash
    lib.empty_trash()
    assert store.path(first.original) is None and store.rendition(first.original) is None
    assert store.rendition(second[0].doc.original) is not None


def test_office_files_read_without_libreoffice_show_their_section_text(make_library, tmp_path, monkeypatch):
    import core.ingest.rendition as rendition
    from core.ui.section_view import section_html

    monkeypatch.setattr(rendition, "soffice", lambda: None)
    lib = make_library()
    (outcome,) = lib.add([fx.make_docx(tmp_path / "guide.docx")])
    assert outcome.status == "added" and "no page image: LibreOffice was not installed" in outcome.message
    chunk = chunk_with(lib, outcome.doc, "Counts were made at dawn")
    assert chunk.heading_path == ("Field Guide to Birds", "Methods")
    place = lib.evidence.locate(chunk.chunk_id)
    assert place.original is not None and place.rendition is None
    assert lib.evidence.pages_label(chunk) == "no pages (read without LibreOffice)"
    with pytest.raises(OriginalMissing, match="guide.docx has no page image: LibreOffice was not installed"):
        lib.evidence.render(chunk.chunk_id)
    assert section_html(["<b>x</b>", chunk.text], 1) == f"<p>&lt;b&gt;x&lt;/b&gt;</p><p><mark>{chunk.text}</mark></p>"


def test_folder_walk_lists_other_files_as_skipped_with_their_type(tmp_path):
    for name in ("a.docx", "b.doc", "c.jpg", "d.md", "sub/e.EPUB", ".DS_Store"):  # hidden: not even listed
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    found = find_documents([tmp_path, tmp_path / "b.doc"])
    assert [p.relative_to(tmp_path).as_posix() for p in found.files] == ["a.docx", "d.md", "sub/e.EPUB"]
    assert sorted(p.name for p in found.skipped) == ["b.doc", "b.doc", "c.jpg"]
    assert found.skipped_lines(most=1)[0].startswith("skipped (type .")
    assert found.skipped_lines(most=1)[-1] == "and 2 more skipped files"


def test_section_text_is_one_escaped_line_whatever_its_line_breaks():
    """Markdown reads a blank line as the end of an HTML block: a chunk with '\\r\\r' or a Unicode line
    separator must not let the Markdown after it (a link) out of the escaped HTML."""
    from core.ui.section_view import section_html  # imports streamlit, as the test above does
    for brk in ("\r\r", "\r\n\r\n", "\u2028\u2028", "\n\n"):
        out = section_html([f"a{brk}[x](javascript:alert(1)) <img src=x>"], 0)
        assert not any(c in out for c in "\r\n\u2028\u2029")
        assert out == "<p><mark>a<br><br>[x](javascript:alert(1)) &lt;img src=x&gt;</mark></p>"


def test_a_spreadsheets_page_shows_every_cell_in_full_under_its_sheet_name(make_library, tmp_path):
    """Sheets are laid out from their Markdown: LibreOffice printed cells cut at the column
    width ("deb.debiar") and no sheet names, so rows lost words on the page and the second
    sheet's rows were cited on the first sheet's page."""
    from openpyxl import Workbook

    wb = Workbook()
    mirrors = wb.active
    mirrors.title = "Mirrors"
    for row in [["Mirror", "Country"], ["deb.debian.org", "Global CDN"], ["mirror.aarnet.edu.au", "Australia"]]:
        mirrors.append(row)
    releases = wb.create_sheet("Releases")
    for row in [["Codename", "Version", "Released"], ["bullseye", 11, "2021-08-14"], ["bookworm", 12, "2023-06-10"]]:
        releases.append(row)
    wb.save(tmp_path / "mirrors.xlsx")
    lib = make_library()
    doc = lib.add([tmp_path / "mirrors.xlsx"])[0].doc
    rendition = OriginalStore(lib.settings.data_dir).rendition(doc.original)
    with pymupdf.open(rendition) as pdf:
        text = " ".join(page.get_text() for page in pdf)
        where = next(p.number + 1 for p in pdf if p.search_for("bullseye"))
    assert "deb.debian.org" in text and "mirror.aarnet.edu.au" in text and "Releases" in text
    chunk = chunk_with(lib, doc, "bullseye")
    assert chunk.heading_path[-1] == "Releases" and chunk.page_start <= where <= chunk.page_end
    image = lib.evidence.render(chunk.chunk_id, where)
    assert image.highlighted
