"""Per-route score breakdowns for evidence chunks (the Chat page's bar charts).

Retrievers name their routes freely ("vector", "fulltext", "keywords", "rrf", "gnn"...).
The UI groups them into five families (the fifth, structure, scores a page, section, table
or figure the question named), and scales each family by its best value among the
retrieved chunks, so a bar reads "how this chunk did on that route relative to the best
retrieved chunk" whatever the route's raw scale (cosine ~0.5, BM25 ~10).

Example:
    >>> route_groups({"vector": 0.5, "fulltext": 7.0, "rrf": 0.03})
    {'vector': 0.5, 'full text': 7.0}
"""
from __future__ import annotations

from typing import Iterable, Mapping

from core.types import RetrievalResult, ScoredChunk

GROUPS = ("vector", "full text", "keywords", "graph", "structure")  # as core.ui.labels names routes
# family -> (exact names first, then substrings); the first key found gives the value
_PATTERNS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "vector": (("vector", "dense", "cosine"), ("vector", "dense", "cosine", "semantic")),
    "full text": (("fulltext", "bm25", "lexical"), ("fulltext", "bm25", "lexical", "text")),
    "keywords": (("keywords", "keyword"), ("keyword",)),
    "graph": (("graph",), ("graph", "gnn", "kgp", "iier", "hop", "propag", "chain", "path", "edge")),
    "structure": (("structure",), ()),  # the page/section/table/figure a question named
}


def _pick(routes: Mapping[str, float], exact: tuple[str, ...], parts: tuple[str, ...]) -> float | None:
    for name in exact:
        if name in routes:
            return float(routes[name])
    for name, value in routes.items():
        low = name.lower()
        if not low.endswith("_norm") and any(p in low for p in parts):
            return float(value)
    return None


def route_groups(routes: Mapping[str, float]) -> dict[str, float]:
    """The raw score of each route family present in `routes` (families absent are left out)."""
    out: dict[str, float] = {}
    for group in GROUPS:
        value = _pick(routes, *_PATTERNS[group])
        if value is not None:
            out[group] = value
    return out


def group_maxima(chunks: Iterable[ScoredChunk]) -> dict[str, float]:
    """Best raw value of each route family over the chunks."""
    best: dict[str, float] = {}
    for sc in chunks:
        for group, value in route_groups(sc.routes).items():
            best[group] = max(best.get(group, value), value)
    return best


def relative_routes(sc: ScoredChunk, maxima: Mapping[str, float]) -> dict[str, float]:
    """Each family's score divided by the best retrieved value (0..1; 0 when the best is <= 0)."""
    out = {}
    for group, value in route_groups(sc.routes).items():
        top = maxima.get(group, 0.0)
        out[group] = round(max(0.0, value) / top, 4) if top > 0 else 0.0
    return out


def scored_by_id(result: RetrievalResult) -> dict[str, tuple[int, ScoredChunk]]:
    """chunk id -> (1-based rank, ScoredChunk) for a retrieval result."""
    return {sc.chunk.chunk_id: (rank, sc) for rank, sc in enumerate(result.chunks, start=1)}

