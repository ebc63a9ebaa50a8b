"""Show on page for a Word file: its LibreOffice rendition with the chunk highlighted and the
original offered for download; read without LibreOffice, the section's text with the chunk
marked and the reason there is no page image."""
from __future__ import annotations

import pytest

from tests.app.test_page_view import captions, open_viewer
from tests.ingest import format_fixtures as fx


def word_library(root, embedder):
    from core.config import Settings
    from core.library import Library

    lib = Library(Settings.load(root / "data", env={}), embedder=embedder)
    (outcome,) = lib.add([fx.make_docx(root / "guide.docx")])
    assert outcome.status == "added"
    lib.catalog.close()
    return root / "data"


@pytest.fixture(scope="module")
def rendered_dir(tmp_path_factory, embedder):
    return word_library(tmp_path_factory.mktemp("word"), embedder)


def test_word_chunk_is_shown_on_its_rendered_page(monkeypatch, rendered_dir):
    at = open_viewer(monkeypatch, rendered_dir, "Counts were made at dawn")
    assert captions(at) == ["page 1"] and len(at.image) == 1
    assert at.download_button[0].label == "Download the original DOCX"


def test_word_read_without_libreoffice_shows_the_section_text(monkeypatch, tmp_path, embedder):
    import core.ingest.rendition as rendition

    monkeypatch.setattr(rendition, "soffice", lambda: None)
    data_dir = word_library(tmp_path, embedder)
    at = open_viewer(monkeypatch, data_dir, "Counts were made at dawn")
    assert len(at.image) == 0 and "LibreOffice was not installed" in at.info[0].value
    marked = [m.value for m in at.markdown if "<mark>" in m.value]
    assert marked == ["<p><mark>Counts were made at dawn along fixed transects.</mark></p>"]
