"""Opening a cleanly closed library skips the orphan scan; an interrupted write is repaired.

(A real `kill -9` mid-ingest is tests/test_atomic.py: the killed writer leaves no marker.)
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from core.config import Settings
from core.index import clean_mark
from core.ingest.pipeline import Indexer
from core.library import Library
from tests.graph.doubles import HashEmbedder


@pytest.fixture
def open_library(tmp_path):
    """Opens Library objects on one data dir with real stores and a cheap embedder."""
    opened = []

    def _open():
        lib = Library(Settings.load(tmp_path / "lib", env={"FOLIO_KEYWORDS": "tfidf"}),
                      embedder=HashEmbedder())
        opened.append(lib)
        return lib

    yield _open
    for lib in opened:
        lib.catalog.close()


def add_small_corpus(lib, tmp_path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    rows = [{"id": f"p{i}", "title": f"Title {i // 2}", "text": f"Passage {i} about Topic{i % 3}."}
            for i in range(6)]
    corpus.write_text("".join(json.dumps(r) + "\n" for r in rows))
    lib.add_corpus(corpus)


def test_clean_close_skips_the_scan(open_library, tmp_path, monkeypatch):
    lib = open_library()
    add_small_corpus(lib, tmp_path)
    assert clean_mark.is_clean(lib.settings.data_dir, lib.catalog.generation())

    def scan(self):
        raise AssertionError("the orphan scan ran on a cleanly closed library")

    monkeypatch.setattr(Indexer, "reconcile", scan)
    assert open_library().repairs == []


def test_interrupted_write_is_repaired_on_open(open_library, tmp_path):
    lib = open_library()
    add_small_corpus(lib, tmp_path)
    with pytest.raises(RuntimeError):
        with lib._writing():  # a writer that dies after touching a store, before it finishes
            lib.vectors.upsert(["orphan"], np.ones((1, 64), np.float32) / 8, ["ghost"])
            raise RuntimeError("killed")
    assert not (lib.settings.data_dir / clean_mark.MARK).exists()
    reopened = open_library()
    assert reopened.repairs == ["removed orphan vectors of ghost"]
    assert "ghost" not in reopened.vectors.doc_ids()
    assert clean_mark.is_clean(reopened.settings.data_dir, reopened.catalog.generation())


def test_marker_from_another_generation_is_not_trusted(tmp_path):
    clean_mark.mark_clean(tmp_path, 3)
    assert clean_mark.is_clean(tmp_path, 3) and not clean_mark.is_clean(tmp_path, 4)
    (tmp_path / clean_mark.MARK).write_text("not json")
    assert not clean_mark.is_clean(tmp_path, 3)
    clean_mark.mark_dirty(tmp_path)
    clean_mark.mark_dirty(tmp_path)  # already dirty: no error
    assert not clean_mark.is_clean(tmp_path, 3)
