"""Fixtures of the watched-folder tests: a library (tf-idf keywords, no spaCy) and a folder."""
from __future__ import annotations

import pytest

from tests.folders.helpers import CountingEmbedder


@pytest.fixture
def counting(embedder):
    """The session's embedder, counting its calls."""
    return CountingEmbedder(embedder)


@pytest.fixture
def lib(tmp_path, counting, monkeypatch):
    """A library whose import roots are tmp_path/roots only (so 'outside' means outside)."""
    from core.config import Settings
    from core.library import Library

    monkeypatch.setenv("FOLIO_IMPORT_ROOTS", str(tmp_path / "roots"))
    settings = Settings.load(tmp_path / "lib", env={"FOLIO_KEYWORDS": "tfidf", "FOLIO_WORKER": "thread"})
    library = Library(settings, embedder=counting)
    yield library
    library.catalog.close()


@pytest.fixture
def docs(tmp_path):
    """The folder to watch (inside the import roots)."""
    path = tmp_path / "roots" / "docs"
    path.mkdir(parents=True)
    return path
