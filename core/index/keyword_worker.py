"""Chunk keyword extraction in a second process, beside embedding.

spaCy's entity pass is single-threaded Python/Cython. Run after the embedder, it is a
stage of its own (on R-intro: a third of the embedding time); run in a worker process as
soon as a document is chunked, it overlaps the embedding model's loading (one core) and the
encoding, and its result is ready, or nearly, when the graph is built. A process rather
than a thread, because both spaCy and torch's operator dispatch hold the GIL.

The worker starts on the first large batch (`MIN_CHUNKS`: below that, starting a process
and loading spaCy in it costs more than it saves) and serves the rest of this process's
ingests. If it cannot start or dies, extraction falls back to this process.

Example:
    >>> from core.config import GraphSettings
    >>> worker = KeywordWorker(GraphSettings())
    >>> # pending = worker.submit(chunks); ...embed...; keywords = pending()
"""
from __future__ import annotations

import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, Sequence

from core.config import GraphSettings
from core.types import Chunk

MIN_CHUNKS = 64
_EXTRACTOR = None  # the worker process's own KeywordExtractor


def _load(settings: GraphSettings) -> None:
    """Worker initialiser: build the extractor and load spaCy once."""
    from core.index.keywords import KeywordExtractor

    global _EXTRACTOR
    _EXTRACTOR = KeywordExtractor(settings)
    _EXTRACTOR.extract_query("warm up")


def _extract(chunks: Sequence[Chunk]) -> list[list[str]]:
    return _EXTRACTOR.extract_chunks(chunks)


class KeywordWorker:
    """Runs `KeywordExtractor.extract_chunks` (spaCy mode) in one worker process."""

    def __init__(self, settings: GraphSettings):
        self.settings = settings
        self._pool: ProcessPoolExecutor | None = None

    def submit(self, chunks: Sequence[Chunk],
               fallback: Callable[[Sequence[Chunk]], list[list[str]]]) -> Callable[[], list[list[str]]]:
        """Start extracting; the returned function waits for the keywords. Small batches,
        and any failure of the worker, use `fallback` (in-process extraction) instead."""
        if len(chunks) < MIN_CHUNKS:
            return lambda: fallback(chunks)
        try:
            future = self._executor().submit(_extract, list(chunks))
        except (BrokenProcessPool, OSError, RuntimeError):
            self.close()
            return lambda: fallback(chunks)
        return lambda: _result(future, lambda: fallback(chunks), self.close)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: this process may already run torch and Chroma threads
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_load, initargs=(self.settings,))
        return self._pool

    def close(self) -> None:
        """Stop the worker process (a later batch starts a new one)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _result(future: Future, fallback: Callable[[], list[list[str]]],
            on_failure: Callable[[], None]) -> list[list[str]]:
    """The worker's keywords, or the fallback's when the worker broke."""
    try:
        return future.result()
    except (BrokenProcessPool, OSError):
        on_failure()
        return fallback()
