"""Hybrid retrieval: reciprocal-rank fusion of the dense and full-text rankings.

Example:
    >>> # HybridRetriever(ctx).retrieve("Who wrote Hello Love?", k=5).chunks[0].routes
    >>> # {'vector': 0.61, 'fulltext': 7.2, 'rrf': 0.0328}
"""
from __future__ import annotations

import time

from core.retrieve.base import RetrievalContext
from core.retrieve.dense import check_k, elapsed_ms, empty_result, scored_chunks, stale_note
from core.retrieve.fusion import candidate_depth, reciprocal_rank_fusion
from core.retrieve.scope import text_search, vector_query
from core.types import RetrievalResult


class HybridRetriever:
    """Fuses the top candidates of both routes with RRF (k = settings.retrieve.rrf_k).

    Each route contributes `max(k, FUSION_POOL)` candidates. Routes on each chunk: the
    cosine ("vector") and BM25 score ("fulltext") where that route found it, and "rrf".
    Timings: embed, search (both routes), fuse, fetch.
    """

    name = "hybrid"

    def __init__(self, ctx: RetrievalContext):
        self.ctx = ctx

    def retrieve(self, question: str, k: int = 10) -> RetrievalResult:
        """Return the k chunks with the highest fused reciprocal-rank score."""
        k = check_k(k)
        if not question.strip():
            return empty_result(question, self.name)
        depth = candidate_depth(k)
        start = time.perf_counter()
        vector = self.ctx.embedder.embed_query(question)
        t_embed = elapsed_ms(start)
        start = time.perf_counter()
        dense = vector_query(self.ctx, vector, depth)
        sparse = text_search(self.ctx, question, depth)
        t_search = elapsed_ms(start)
        start = time.perf_counter()
        fused = reciprocal_rank_fusion(
            [[cid for cid, _ in dense], [cid for cid, _ in sparse]], k=self.ctx.settings.retrieve.rrf_k
        )
        routes: dict[str, dict[str, float]] = {cid: {} for cid in fused}
        for route, hits in (("vector", dense), ("fulltext", sparse)):
            for cid, score in hits:
                routes[cid].setdefault(route, float(score))
        for cid, score in fused.items():
            routes[cid]["rrf"] = score
        ranked = list(fused.items())[:k]
        t_fuse = elapsed_ms(start)
        start = time.perf_counter()
        chunks, missing = scored_chunks(self.ctx.catalog, ranked, routes)
        timings = {"embed": t_embed, "search": t_search, "fuse": t_fuse, "fetch": elapsed_ms(start)}
        return RetrievalResult(
            question=question, retriever=self.name, chunks=chunks, timings_ms=timings,
            notes=stale_note(missing),
        )
