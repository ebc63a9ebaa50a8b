"""The page viewer widget through AppTest: captions with printed and physical page, every page
of a chunk that crosses a page break, previous/next, and the message for a document whose
original was not kept."""
from __future__ import annotations

import shutil

import pytest
from streamlit.testing.v1 import AppTest

from tests.evidence.fixtures import make_book_pdf


def viewer_script() -> None:
    """The widget alone, on the chunk whose text starts with $FOLIO_TEST_CHUNK."""
    import os

    from core.ui.page_view import show_on_page
    from core.ui.resources import get_library

    library = get_library()
    (doc,) = library.documents()
    start = os.environ["FOLIO_TEST_CHUNK"]
    chunk = next(c for c in library.catalog.doc_chunks(doc.doc_id) if c.text.startswith(start))
    show_on_page(library, chunk, key="t")


@pytest.fixture(scope="module")
def library_dir(tmp_path_factory, embedder):
    from core.config import Settings
    from core.library import Library

    root = tmp_path_factory.mktemp("viewer")
    lib = Library(Settings.load(root / "data", env={}), embedder=embedder)
    lib.add([make_book_pdf(root / "chemnum.pdf", "The chemnum manual", "chemnum")])
    lib.catalog.close()
    return root / "data"


def open_viewer(monkeypatch, data_dir, chunk_start: str) -> AppTest:
    monkeypatch.setenv("FOLIO_DATA_DIR", str(data_dir))
    monkeypatch.setenv("FOLIO_TEST_CHUNK", chunk_start)
    at = AppTest.from_function(viewer_script, default_timeout=120)
    at.run()
    assert not at.exception and len(at.image) == 0  # nothing until "Show on page"
    at.toggle[0].set_value(True).run()
    assert not at.exception, at.exception
    return at


def captions(at: AppTest) -> list[str]:
    return [c.value.replace("\\", "") for c in at.caption]


def test_viewer_shows_label_and_physical_page_and_steps_pages(monkeypatch, library_dir):
    at = open_viewer(monkeypatch, library_dir, "Colours in chemnum")
    assert captions(at) == ["p. 4 · PDF page 7"] and len(at.image) == 1
    assert at.download_button[0].label == "Download the original PDF"
    at.button(key="t-next").click().run()
    assert captions(at) == ["p. 5 · PDF page 8 · the chunk is not on this page"]
    at.button(key="t-prev").click().run()
    at.button(key="t-prev").click().run()
    assert captions(at) == ["p. 3 · PDF page 6 · the chunk is not on this page"]
    at.button(key="t-back").click().run()
    assert captions(at) == ["p. 4 · PDF page 7"]


def test_chunk_across_a_page_break_shows_each_page(monkeypatch, library_dir):
    at = open_viewer(monkeypatch, library_dir, "The preface of the chemnum")
    assert captions(at) == ["p. ii · PDF page 2", "p. iii · PDF page 3"] and len(at.image) == 2


def test_original_not_kept_says_so_and_offers_to_add_the_file(monkeypatch, library_dir, tmp_path):
    old = tmp_path / "old"
    shutil.copytree(library_dir, old)
    shutil.rmtree(old / "originals")
    at = open_viewer(monkeypatch, old, "Colours in chemnum")
    (warning,) = at.warning
    assert "add chemnum.pdf again to show its pages" in warning.value.replace("\\", "")
    assert len(at.image) == 0 and len(at.file_uploader) == 1
