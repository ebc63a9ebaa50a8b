"""Keywords from the worker process equal in-process keywords; failures fall back."""
from __future__ import annotations

from concurrent.futures.process import BrokenProcessPool

from core.config import GraphSettings
from core.index import keyword_worker
from core.index.keyword_worker import KeywordWorker
from core.types import Chunk

TEXTS = ["Ada Lovelace wrote notes on the Analytical Engine in London in 1843.",
         "Charles Babbage designed the Difference Engine for the Royal Society.",
         "the engine was never finished."]


def chunks() -> list[Chunk]:
    return [Chunk.create(doc_id="d", doc_title="Engines", text=t, position=i)
            for i, t in enumerate(TEXTS)]


def test_worker_process_matches_in_process_extraction(monkeypatch):
    from core.index.keywords import KeywordExtractor

    monkeypatch.setattr(keyword_worker, "MIN_CHUNKS", 1)
    here = KeywordExtractor(GraphSettings())
    worker = KeywordWorker(GraphSettings())
    try:
        got = worker.submit(chunks(), lambda c: [["fallback"]])()
    finally:
        worker.close()
    assert got == here.extract_chunks(chunks())
    assert "ada lovelace" in got[0] and "1843" in got[0]  # a spaCy entity, not a capitalised span


def test_small_batches_and_broken_workers_use_the_fallback(monkeypatch):
    worker = KeywordWorker(GraphSettings())
    assert worker.submit(chunks(), lambda c: [["here"]] * len(c))() == [["here"]] * 3
    assert worker._pool is None  # no process for a small batch

    def broken():
        raise BrokenProcessPool("gone")

    monkeypatch.setattr(keyword_worker, "MIN_CHUNKS", 1)
    monkeypatch.setattr(worker, "_executor", broken)
    assert worker.submit(chunks(), lambda c: [["here"]] * len(c))() == [["here"]] * 3
