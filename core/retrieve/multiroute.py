"""HiQA multi-route retrieval: vector + full-text + critical-keyword matching.

score = alpha * vector + (1 - alpha) * fulltext + beta * log(1 + |matched critical keywords|)

`vector` (cosine) and `fulltext` (BM25) are min-max normalised over the candidate pool,
which is the union of both routes' top candidates. In a scope, the bounds are those of the
unscoped pool: a scope narrows the candidates but does not change how two of them compare. Critical keywords come from the
configured `KeywordExtractor` (`ctx.keywords.extract_query`; its marker keys, which start
with a symbol such as '@', are lookup aids rather than keywords and are left out), or,
without one, from the question's words minus stopwords. A keyword matches a chunk when it occurs as a whole word
in the chunk's title, heading path or text, or among the keywords stored for the chunk.

Example:
    >>> # r = MultiRouteRetriever(ctx).retrieve("Ghostscript KPreserve mode", k=5)
    >>> # r.chunks[0].routes  # {'vector': .., 'fulltext': .., 'keywords': 2.0, 'multiroute': ..}
"""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Sequence

import numpy as np

from core.retrieve.base import RetrievalContext
from core.retrieve.dense import check_k, elapsed_ms, empty_result, scored_chunks, stale_note
from core.retrieve.fusion import (
    candidate_depth,
    content_terms,
    hiqa_score,
    matched_keywords,
    min_max,
    scores_for,
)
from core.retrieve.scope import text_search, vector_query
from core.types import Chunk, RetrievalResult


class MultiRouteRetriever:
    """HiQA's multi-route reranking (alpha, beta from settings.retrieve.multiroute_*).

    Routes on each chunk: raw "vector" cosine, raw "fulltext" score (0 when the full-text
    route did not return it), their normalised values, "keywords" (matched count) and the
    final "multiroute" score. Timings: embed, search, keywords, fuse.
    """

    name = "multiroute"

    def __init__(self, ctx: RetrievalContext):
        self.ctx = ctx

    def critical_keywords(self, question: str) -> tuple[list[str], str, int, int]:
        """The question's critical keywords, where they came from, and the LLM calls and
        tokens they cost (keyword_mode "llm" only)."""
        if self.ctx.keywords is not None:
            words, calls, tokens = self.ctx.keywords.query_keywords(question)
            found = [kw for kw in words if kw[:1].isalnum()]
            return list(dict.fromkeys(found)), "keyword extractor", calls, tokens
        return content_terms(question), "question words without stopwords", 0, 0

    def retrieve(self, question: str, k: int = 10) -> RetrievalResult:
        """Return the k chunks with the highest multi-route score."""
        k = check_k(k)
        if not question.strip():
            return empty_result(question, self.name)
        timings: dict[str, float] = {}
        start = time.perf_counter()
        vector = self.ctx.embedder.embed_query(question)
        timings["embed"] = elapsed_ms(start)
        start = time.perf_counter()
        depth = candidate_depth(k)
        dense = dict(vector_query(self.ctx, vector, depth))
        sparse = dict(text_search(self.ctx, question, depth))
        pool = list(dict.fromkeys([*dense, *sparse]))
        cosines = self._pool_cosines(pool, vector, dense)
        timings["search"] = elapsed_ms(start)
        start = time.perf_counter()
        keywords, origin, calls, tokens = self.critical_keywords(question)
        matches = self._matches(pool, keywords)
        timings["keywords"] = elapsed_ms(start)
        start = time.perf_counter()
        bounds = self._unscoped_bounds(vector, question, depth) if self.ctx.scope is not None else None
        ranked, routes = self._fuse(pool, cosines, scores_for(pool, sparse), matches, bounds)
        chunks, missing = scored_chunks(self.ctx.catalog, ranked[:k], routes)
        timings["fuse"] = elapsed_ms(start)
        note = f"critical keywords ({origin}): " + (", ".join(keywords) or "none")
        return RetrievalResult(
            question=question, retriever=self.name, chunks=chunks, timings_ms=timings,
            llm_calls=calls, llm_tokens=tokens, notes=(note, *stale_note(missing)),
        )

    def _pool_cosines(self, pool: Sequence[str], vector: np.ndarray, dense: dict[str, float]) -> np.ndarray:
        """Exact cosine for every pool member (the vector route only scored its own top); a
        table found by one of its rows keeps that row's cosine (core/index/row_entries.py)."""
        if not pool:
            return np.zeros(0)
        try:
            stored = np.asarray(self.ctx.vectors.get(pool), dtype=np.float64)
            exact = stored @ np.asarray(vector, dtype=np.float64).reshape(-1)
            via_row = np.array([dense.get(cid, -1.0) for cid in pool])
            return np.where(via_row > exact + 1e-5, via_row, exact)  # rounding alone changes nothing
        except KeyError:
            floor = min(dense.values()) if dense else 0.0
            return scores_for(pool, dense, missing=floor)

    def _unscoped_bounds(self, vector: np.ndarray, question: str, depth: int
                         ) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """(low, high) of the cosine and full-text scores over the pool an unscoped search
        would normalise by (None when that pool is empty)."""
        everything = replace(self.ctx, scope=None)
        dense = dict(vector_query(everything, vector, depth))
        sparse = dict(text_search(everything, question, depth))
        pool = list(dict.fromkeys([*dense, *sparse]))
        if not pool:
            return None
        cos, lex = self._pool_cosines(pool, vector, dense), scores_for(pool, sparse)
        return (float(cos.min()), float(cos.max())), (float(lex.min()), float(lex.max()))

    def _matches(self, pool: Sequence[str], keywords: Sequence[str]) -> dict[str, list[str]]:
        """Matched critical keywords per pool chunk id."""
        if not keywords or not pool:
            return {cid: [] for cid in pool}
        chunks = {c.chunk_id: c for c in self.ctx.catalog.chunks(pool)}
        stored = self.ctx.catalog.chunk_keywords(list(chunks))
        return {
            cid: matched_keywords(keywords, _haystack(chunks[cid]), stored.get(cid, ()))
            if cid in chunks else []
            for cid in pool
        }

    def _fuse(
        self, pool: Sequence[str], cosines: np.ndarray, bm25: np.ndarray, matches: dict[str, list[str]],
        bounds: tuple[tuple[float, float], tuple[float, float]] | None = None,
    ) -> tuple[list[tuple[str, float]], dict[str, dict[str, float]]]:
        """Rank the pool by the HiQA score (normalised by `bounds` when given, else over the
        pool); return (id, score) best first and per-id routes."""
        settings = self.ctx.settings.retrieve
        v_norm, t_norm = min_max(cosines, bounds and bounds[0]), min_max(bm25, bounds and bounds[1])
        counts = np.array([len(matches[cid]) for cid in pool], dtype=np.float64)
        final = hiqa_score(v_norm, t_norm, counts, settings.multiroute_alpha, settings.multiroute_beta)
        order = np.argsort(-final, kind="stable")
        routes = {
            cid: {
                "vector": float(cosines[i]), "fulltext": float(bm25[i]),
                "vector_norm": float(v_norm[i]), "fulltext_norm": float(t_norm[i]),
                "keywords": float(counts[i]), "multiroute": float(final[i]),
            }
            for i, cid in enumerate(pool)
        }
        return [(pool[i], float(final[i])) for i in order], routes


def _haystack(chunk: Chunk) -> str:
    """The text a critical keyword is matched against: title, heading path and body."""
    return " \n ".join([chunk.doc_title, *chunk.heading_path, chunk.text])
