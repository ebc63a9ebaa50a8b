"""Full-text retrieval: the text index's BM25 ranking of chunk texts.

Example:
    >>> # BM25Retriever(ctx).retrieve("Journal of Psychotherapy Integration", k=5)
"""
from __future__ import annotations

import time

from core.retrieve.base import RetrievalContext
from core.retrieve.scope import text_search
from core.retrieve.dense import check_k, elapsed_ms, empty_result, scored_chunks, stale_note
from core.types import RetrievalResult


class BM25Retriever:
    """Ranks chunks with the configured full-text index (bm25s or Elasticsearch).

    Routes: {"fulltext": bm25 score}. Timings: search, fetch.
    """

    name = "bm25"

    def __init__(self, ctx: RetrievalContext):
        self.ctx = ctx

    def retrieve(self, question: str, k: int = 10) -> RetrievalResult:
        """Return the k chunks with the highest full-text scores."""
        k = check_k(k)
        if not question.strip():
            return empty_result(question, self.name)
        start = time.perf_counter()
        hits = text_search(self.ctx, question, k)
        t_search = elapsed_ms(start)
        start = time.perf_counter()
        chunks, missing = scored_chunks(
            self.ctx.catalog, hits, {cid: {"fulltext": float(s)} for cid, s in hits}
        )
        notes = stale_note(missing) + (() if hits else ("no chunk shares a term with the question",))
        return RetrievalResult(
            question=question, retriever=self.name, chunks=chunks,
            timings_ms={"search": t_search, "fetch": elapsed_ms(start)}, notes=notes,
        )
