"""Dense retrieval: cosine similarity between the question and chunk vectors.

Also holds the small helpers the score-based retrievers share (timing, turning ranked ids
into `ScoredChunk`s).

Example:
    >>> # DenseRetriever(ctx).retrieve("Who founded the APA?", k=5).chunks[0].routes["vector"]
"""
from __future__ import annotations

import time
from typing import Mapping, Sequence

from core.index.catalog import Catalog
from core.retrieve.base import RetrievalContext
from core.retrieve.scope import vector_query
from core.types import RetrievalResult, ScoredChunk


def elapsed_ms(start: float) -> float:
    """Milliseconds since `start` (a `time.perf_counter()` value), rounded to 0.01 ms."""
    return round((time.perf_counter() - start) * 1000.0, 2)


def check_k(k: int) -> int:
    """Validate the number of results asked for."""
    if int(k) < 1:
        raise ValueError(f"k={k} must be at least 1")
    return int(k)


def scored_chunks(
    catalog: Catalog,
    ranked: Sequence[tuple[str, float]],
    routes: Mapping[str, Mapping[str, float]],
) -> tuple[tuple[ScoredChunk, ...], int]:
    """Attach catalog chunks to ranked (id, score) pairs; `routes[id]` gives per-route scores.

    Returns the scored chunks in the given order and how many ids the catalog lacked
    (stale index entries are skipped rather than shown without text).
    """
    chunks = {c.chunk_id: c for c in catalog.chunks([cid for cid, _ in ranked])}
    out = tuple(
        ScoredChunk(chunk=chunks[cid], score=float(score), routes=dict(routes.get(cid, {})))
        for cid, score in ranked
        if cid in chunks
    )
    return out, len(ranked) - len(out)


def stale_note(missing: int) -> tuple[str, ...]:
    """A note for results that referenced chunks absent from the catalog."""
    return (f"{missing} indexed chunk(s) missing from the catalog were skipped",) if missing else ()


def empty_result(question: str, name: str) -> RetrievalResult:
    """The result for a blank question: nothing retrieved, and why."""
    return RetrievalResult(question=question, retriever=name, chunks=(), notes=("empty question",))


class DenseRetriever:
    """Ranks chunks by cosine similarity of their vectors to the question's embedding.

    Routes: {"vector": cosine}. Timings: embed, search, fetch.
    """

    name = "dense"

    def __init__(self, ctx: RetrievalContext):
        self.ctx = ctx

    def retrieve(self, question: str, k: int = 10) -> RetrievalResult:
        """Return the k chunks nearest to the question."""
        k = check_k(k)
        if not question.strip():
            return empty_result(question, self.name)
        start = time.perf_counter()
        vector = self.ctx.embedder.embed_query(question)
        t_embed = elapsed_ms(start)
        start = time.perf_counter()
        hits = vector_query(self.ctx, vector, k)
        t_search = elapsed_ms(start)
        start = time.perf_counter()
        chunks, missing = scored_chunks(
            self.ctx.catalog, hits, {cid: {"vector": float(s)} for cid, s in hits}
        )
        timings = {"embed": t_embed, "search": t_search, "fetch": elapsed_ms(start)}
        return RetrievalResult(
            question=question, retriever=self.name, chunks=chunks, timings_ms=timings,
            notes=stale_note(missing),
        )
