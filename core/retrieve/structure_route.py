"""Every retriever answers structural questions the same way: `with_structure` wraps it.

When a question names a page, section, table or figure that the library holds, the chunks
of that place come first, each with a `structure` route score (1 = exact match) beside the
routes the wrapped retriever gave it; the page or section node is added to the seeds and a
structural hop leads from it to each chunk, so the Graph page shows where the path started.
Every other question gets the wrapped retriever's result unchanged.

Example:
    >>> # r = with_structure(DenseRetriever(ctx), ctx.catalog)
    >>> # r.retrieve("What is on page 17 of R Data Import/Export?", k=5).chunks[0].routes["structure"]
    >>> # 1.0
"""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Sequence

from core.retrieve.structure import StructureResolver, Target
from core.types import Hop, RetrievalResult, ScoredChunk

PER_TARGET = {"page": 20, "section": 3, "table": 3, "figure": 3}  # chunks shown per matched place


class StructureRoute:
    """A retriever wrapped with the structure route (same `name`, same protocol)."""

    def __init__(self, inner, catalog, scope: frozenset[str] | None = None):
        self.inner = inner
        self.scope = scope  # document ids searched (None = all): places elsewhere are not shown
        self.name = getattr(inner, "name", type(inner).__name__)
        self.resolver = StructureResolver(catalog)
        self.catalog = catalog

    def __getattr__(self, attr: str):
        return getattr(self.inner, attr)  # trained weights, settings...: the wrapped retriever's

    def retrieve(self, question: str, k: int = 10) -> RetrievalResult:
        """The wrapped retriever's result, with the structural targets first when there are any."""
        start = time.perf_counter()
        plan = self.resolver.resolve(question)
        if plan is not None and self.scope is not None:
            ref, targets = plan
            targets = [t for t in targets if t.doc_id in self.scope]
            plan = (ref, targets) if targets else None
        spent = (time.perf_counter() - start) * 1000.0
        result = self.inner.retrieve(question, k)
        if plan is None:
            return result
        ref, targets = plan
        return merge(result, targets, PER_TARGET[ref.kind], k, self.catalog, spent)


def with_structure(retriever, catalog, scope: frozenset[str] | None = None) -> StructureRoute:
    """Wrap a retriever so structural questions go through the structure route first (only
    to places in the documents of `scope`, when given)."""
    return retriever if isinstance(retriever, StructureRoute) else StructureRoute(retriever, catalog, scope)


def merge(result: RetrievalResult, targets: Sequence[Target], per_target: int, k: int, catalog,
          spent_ms: float) -> RetrievalResult:
    """Structure chunks first, then the retriever's own list (k chunks in all); the targets'
    nodes become seeds, with a structural hop from each to its chunks."""
    inner = {sc.chunk.chunk_id: (rank, sc) for rank, sc in enumerate(result.chunks)}
    picked = pick(result, targets, per_target, k)
    chunks = {c.chunk_id: c for c in catalog.chunks(list(picked))}
    top = max((sc.score for sc in result.chunks), default=0.0)
    first = []
    for i, (cid, target) in enumerate(picked.items()):
        if cid in chunks:
            routes = dict(inner[cid][1].routes) if cid in inner else {}
            routes["structure"] = target.score
            first.append(ScoredChunk(chunks[cid], top + target.score - i * 1e-4, routes))
    rest = [sc for sc in result.chunks if sc.chunk.chunk_id not in picked]
    used = list(dict.fromkeys(t.node for t in picked.values()))
    hops = tuple(Hop(t.node, cid, "structural", 0, t.score) for cid, t in picked.items() if t.node != cid)
    notes = tuple(f"structure: {t.label}" for t in dict.fromkeys(picked.values()))
    return replace(result, chunks=tuple(first + rest)[:k], seeds=tuple(used) + result.seeds,
                   hops=hops + result.hops, notes=result.notes + notes,
                   timings_ms={**result.timings_ms, "structure": round(spent_ms, 2)})


def pick(result: RetrievalResult, targets: Sequence[Target], per_target: int, k: int) -> dict[str, Target]:
    """Chunk id -> its target, in the order shown: exact matches first; among equals, the
    target whose chunks (else whose document) the retriever ranked highest. Within a target
    its first chunk leads (the top of the page, the start of the section), then the chunks
    the retriever ranked, then reading order. At most k."""
    rank: dict[str, int] = {}
    doc_rank: dict[str, int] = {}
    for r, sc in enumerate(result.chunks):
        rank.setdefault(sc.chunk.chunk_id, r)
        doc_rank.setdefault(sc.chunk.doc_id, r)
    last = len(result.chunks)

    def order(target: Target) -> tuple:
        best = min((rank[c] for c in target.chunk_ids if c in rank), default=last)
        return -target.score, best, doc_rank.get(target.doc_id, last)

    picked: dict[str, Target] = {}
    for target in sorted(targets, key=order):
        head, tail = target.chunk_ids[:1], target.chunk_ids[1:]
        ids = [*head, *sorted(tail, key=lambda c: (rank.get(c, last), tail.index(c)))]
        for cid in [c for c in ids if c not in picked][:per_target]:
            picked[cid] = target
    return dict(list(picked.items())[:k])
