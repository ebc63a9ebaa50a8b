"""Keywords from the worker process equal in-process keywords; failures fall back."""
from __future__ import annotations

from core.config import GraphSettings
from core.index import keyword_worker
from core.index.keyword_worker import KeywordWorker
from core.index.keywords import KeywordExtractor
from core.types import Chunk

TEXTS = ["Ada Lovelace wrote notes on the Analytical Engine in London in 1843.",
         "Charles Babbage designed the Difference Engine for the Royal Society.",
         "the engine was never finished."]


def chunks() -> list[Chunk]:
    return [Chunk.create(doc_id="d", doc_title="Engines", text=t, position=i)
            for i, t in enumerate(TEXTS)]


def here(texts, exclude):
    return [["here"] for _ in texts]


def test_worker_process_matches_in_process_extraction(monkeypatch):
    monkeypatch.setattr(keyword_worker, "MIN_CHUNKS", 1)
    extractor = KeywordExtractor(GraphSettings())
    try:
        got = extractor.extract_chunks_later(chunks())()
        again = extractor.extract_chunks_later(chunks()[:2])()  # the same worker serves it
        assert extractor._worker._proc is not None and not extractor._worker._broken
    finally:
        extractor._worker.close()
    assert got == extractor.extract_chunks(chunks())
    assert again == got[:2]
    assert "ada lovelace" in got[0] and "1843" in got[0]  # a spaCy entity, not a capitalised span
    assert "=engines" in got[0]  # title markers are added in this process


def test_small_batches_stay_here_and_a_dead_worker_falls_back(monkeypatch):
    worker = KeywordWorker(GraphSettings())
    assert worker.submit(TEXTS, [""] * 3, here)() == [["here"]] * 3
    assert worker._proc is None  # no process for a small batch
    monkeypatch.setattr(keyword_worker, "MIN_CHUNKS", 1)
    pending = worker.submit(TEXTS, [""] * 3, here)
    worker._proc.kill()  # dies before it answers
    assert pending() == [["here"]] * 3
    assert worker._broken and worker._proc is None
    assert worker.submit(TEXTS, [""] * 3, here)() == [["here"]] * 3  # no second start
    assert worker._proc is None
