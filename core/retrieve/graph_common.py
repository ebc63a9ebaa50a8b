"""What every graph retriever needs per question: seeds, node similarities and results.

`QueryState` gathers, for one question, the dense and BM25 hits, the chunks whose
document title (or section heading) the question names, and a fused relevance for any
node it is asked about (cosine from the vector index, BM25 from the hits). Vectors of
chunks already seen are cached on the `GraphSession` until the graph changes.

Example:
    >>> # session = GraphSession(ctx); st = session.query("Who wrote Brand?")
    >>> # st.relevance(st.candidates()[:5])
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from core.index.graph import ChunkGraph
from core.index.keywords import MENTION_PREFIX, TITLE_PREFIX, mention_keys
from core.retrieve.base import RetrievalContext
from core.retrieve.scope import in_scope, scoped_graph, text_search, vector_query
from core.types import ScoredChunk

SEED_POOL = 30  # hits asked from each index for seeding
DENSE_WEIGHT = 0.75  # share of cosine in the fused relevance (rest: BM25 scaled by its max)
TITLE_BONUS = 0.2  # added to a chunk whose document title the question names


@dataclass
class GraphSession:
    """Per-retriever cache of the graph and of chunk vectors (reset when the graph changes)."""

    ctx: RetrievalContext
    _vectors: dict = field(default_factory=dict)
    _graph: ChunkGraph | None = None

    @property
    def graph(self) -> ChunkGraph:
        """The context's graph, or one loaded from the catalog when none was given; without
        the chunks outside the context's scope, so no walk leaves it."""
        graph = self.ctx.graph
        if graph is None:
            if self._graph is None:
                self._graph = ChunkGraph.load(self.ctx.catalog)
            graph = self._graph
        graph = scoped_graph(graph, self.ctx.catalog, self.ctx.scope)
        if getattr(self, "_seen", None) is not graph:
            self._vectors.clear()
            self._seen = graph
        return graph

    def adjacency(self, kinds: tuple[str, ...]):
        """The graph's 0/1 chunk adjacency over `kinds` (cached on the graph)."""
        return self.graph.combined(kinds)

    def vectors(self, ids: Sequence[str]) -> np.ndarray:
        """Stored vectors for chunk ids (fetched once, then cached)."""
        missing = [i for i in dict.fromkeys(ids) if i not in self._vectors]
        if missing:
            found = np.asarray(self.ctx.vectors.get(missing), dtype=np.float32)
            self._vectors.update(zip(missing, found))
        dim = self.ctx.embedder.dim
        return np.stack([self._vectors[i] for i in ids]) if ids else np.zeros((0, dim), np.float32)

    def query(self, question: str, pool: int = SEED_POOL) -> "QueryState":
        """Embed and search the question once; the result answers relevance questions."""
        t0 = time.perf_counter()
        qvec = np.asarray(self.ctx.embedder.embed_query(question), dtype=np.float32)
        t1 = time.perf_counter()
        dense = dict(vector_query(self.ctx, qvec, pool))
        bm25 = dict(text_search(self.ctx, question, pool))
        titles = title_matches(self.ctx, question)
        t2 = time.perf_counter()
        timings = {"embed": (t1 - t0) * 1000, "search": (t2 - t1) * 1000}
        return QueryState(self, question, qvec, dense, bm25, titles, timings)


def title_matches(ctx: RetrievalContext, question: str) -> dict[str, int]:
    """Chunks carrying the title (or heading) the question names -> words in that title
    (only chunks in the context's scope)."""
    keys = sorted(TITLE_PREFIX + k[len(MENTION_PREFIX):] for k in mention_keys(question))
    if not keys:
        return {}
    out: dict[str, int] = {}
    for key, holders in ctx.catalog.keyword_postings(keys).items():
        for chunk_id in holders:
            out[chunk_id] = max(out.get(chunk_id, 0), len(key[1:].split()))
    keep = in_scope(ctx, out)  # a title outside the scope seeds nothing
    return {c: n for c, n in out.items() if c in keep}


@dataclass
class QueryState:
    """One question's hits and a fused relevance over any chunk node."""

    session: GraphSession
    question: str
    qvec: np.ndarray
    dense: dict
    bm25: dict
    titles: dict
    timings: dict

    def candidates(self) -> list[str]:
        """Seed candidates: dense hits, BM25 hits and title matches, best fused first."""
        ids = list(dict.fromkeys([*self.dense, *self.bm25, *self.titles]))
        scores = self.relevance(ids)
        order = sorted(range(len(ids)), key=lambda i: (-scores[i], ids[i]))
        return [ids[i] for i in order]

    def cosine(self, ids: Sequence[str]) -> np.ndarray:
        """Cosine of the question with each chunk."""
        known = [self.dense.get(i) for i in ids]
        need = [i for i, k in zip(ids, known) if k is None]
        extra = dict(zip(need, self.session.vectors(need) @ self.qvec)) if need else {}
        return np.array([k if k is not None else float(extra[i]) for i, k in zip(ids, known)])

    def relevance(self, ids: Sequence[str]) -> np.ndarray:
        """Fused relevance: DENSE_WEIGHT * cosine + rest * BM25/max, plus the title bonus."""
        if not ids:
            return np.zeros(0)
        cos = self.cosine(ids)
        top = max(self.bm25.values(), default=0.0)
        lex = np.array([self.bm25.get(i, 0.0) / top if top > 0 else 0.0 for i in ids])
        bonus = np.array([TITLE_BONUS if i in self.titles else 0.0 for i in ids])
        return DENSE_WEIGHT * cos + (1.0 - DENSE_WEIGHT) * lex + bonus  # lex is already in [0, 1]

    def routes(self, chunk_id: str) -> dict[str, float]:
        """Per-route scores of a chunk for display."""
        out = {"vector": round(float(self.cosine([chunk_id])[0]), 4)}
        if chunk_id in self.bm25:
            out["bm25"] = round(float(self.bm25[chunk_id]), 4)
        if chunk_id in self.titles:
            out["title"] = float(self.titles[chunk_id])
        return out


def scored_chunks(ctx: RetrievalContext, state: QueryState, ranked: Sequence[tuple[str, float]],
                  extra_routes: dict | None = None, chains: dict | None = None) -> tuple[ScoredChunk, ...]:
    """ScoredChunks in the given order, with routes (and chain index when given)."""
    chunks = {c.chunk_id: c for c in ctx.catalog.chunks([cid for cid, _ in ranked])}
    out = []
    for cid, score in ranked:
        if cid not in chunks:
            continue
        routes = state.routes(cid)
        routes.update((extra_routes or {}).get(cid, {}))
        out.append(ScoredChunk(chunks[cid], round(float(score), 6), routes,
                               (chains or {}).get(cid)))
    return tuple(out)


def neighbour_kinds(graph, node: str) -> dict[str, str]:
    """Chunk neighbours of a node with the strongest edge kind (mention > keyword > ...)."""
    i = graph.index.get(node)
    if i is None:
        return {}
    out: dict[str, str] = {}
    for m, kind in ((graph.mention, "mention"), (graph.mention_in, "mention")):
        for j in m.indices[m.indptr[i]:m.indptr[i + 1]]:
            out.setdefault(graph.ids[j], kind)
    for kind in ("keyword", "structural", "semantic"):
        m = graph.adj[kind]
        for j in m.indices[m.indptr[i]:m.indptr[i + 1]]:
            if graph.is_chunk[j]:
                out.setdefault(graph.ids[j], kind)
    return out
