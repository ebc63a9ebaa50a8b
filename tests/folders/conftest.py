"""Fixtures of the watched-folder tests: a library (tf-idf keywords, no spaCy) and a folder."""
from __future__ import annotations

import os
import subprocess

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


@pytest.fixture
def env(tmp_path):
    """The environment of the processes: tf-idf keywords, offline, this test's import roots."""
    return {**os.environ, "HF_HUB_OFFLINE": "1", "FOLIO_KEYWORDS": "tfidf", "PYTHONUNBUFFERED": "1",
            "FOLIO_IMPORT_ROOTS": str(tmp_path / "roots")}


@pytest.fixture
def processes():
    """Processes started by a test, killed (by pid) if still running at its end."""
    started: list[subprocess.Popen] = []
    yield started
    for proc in started:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=60)
