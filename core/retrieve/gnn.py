"""GNN-Ret and RGNN-Ret: relevance spread over the graph by minimum-distance messages.

Every candidate chunk starts with a distance d = 1 - relevance (fused cosine + BM25, see
`graph_common`). In layer l the `top_k` closest nodes send their distance to their
keyword, title-mention and structural neighbours; a receiver's distance becomes
alpha^l * d + (1 - alpha^l) * smallest message. A chunk whose title a sender names also
gets the sender's distance along that directed mention with a smaller own weight
(`gnn_mention_alpha`, 0.25): naming a title is the strongest bridge in multi-hop
questions. Alphas come from `core.retrieve.gnn_params` (trained file, settings, default).

Paper setting vs Folio (Li et al., GNN-Ret):
* min message from the top-K nodes, L layers, hinge-trained alpha: as the paper.
* per-layer alpha^l: the paper's setting, an option (`gnn_alphas`, or trained per layer
  by `core.retrieve.gnn_fit`); Folio's default is one alpha shared by every layer, since
  the default runs one layer.
* clamp (`gnn_clamp`, default on): Folio keeps min(d, mixed) so a message never pushes a
  passage down; the paper replaces d by the mix. Off gives the paper's update.
* title-mention edges with their own weight: Folio's addition (no such edge in the paper).
* the semantic distance is 1 - fused cosine/BM25 relevance, not the paper's embedding alone.

RGNN-Ret (`core.retrieve.rgnn`) runs this propagation once per LLM sub-question.

Example:
    >>> # make_retriever("gnn", ctx).retrieve("Who founded the journal's publisher?", k=5)
"""
from __future__ import annotations

import time
from typing import Sequence

import numpy as np

from core.retrieve.base import RetrievalContext
from core.retrieve.graph_common import GraphSession, QueryState, scored_chunks
from core.retrieve.gnn_params import load_alphas
from core.retrieve.graph_math import min_propagate, top_k_smallest
from core.types import Hop, RetrievalResult

GNN_KINDS = ("keyword", "structural")  # title mentions are keyword edges


def propagate(state: QueryState, alpha: float | Sequence[float], top_k: int, layers: int,
              start: np.ndarray | None = None, mention_alpha: float | None = None,
              clamp: bool = True) -> tuple[np.ndarray, list[Hop]]:
    """Run `layers` min-message layers from the question's candidates; returns distances
    over all graph nodes (inf = never reached) and the hops that lowered a distance.

    `alpha` is one value for every layer or one per layer (the last repeats). With
    `mention_alpha`, a chunk named (by title) in a sender also receives a message along
    that directed mention, mixed with its own weight `mention_alpha`. `clamp` keeps
    the smaller of old and new distance; without it a receiver takes the mix (the paper)."""
    alphas = (alpha,) if np.isscalar(alpha) else tuple(alpha)
    graph = state.session.graph
    adj = state.session.adjacency(GNN_KINDS)
    dist = np.full(graph.size, np.inf) if start is None else start.copy()
    seeds = [c for c in state.candidates() if c in graph.index]
    _fill(state, dist, [graph.index[c] for c in seeds])
    hops: list[Hop] = []
    for layer in range(1, layers + 1):
        senders = top_k_smallest(dist, top_k)
        _fill(state, dist, np.unique(adj[senders].indices))
        h, _, src = min_propagate(dist, adj, top_k, alphas[min(layer, len(alphas)) - 1])
        if mention_alpha is not None:
            hm, _, src_m = min_propagate(dist, graph.mention, top_k, mention_alpha)
            src = np.where(hm < h, src_m, src)
            h = np.minimum(h, hm)
        better = np.flatnonzero(h < dist - 1e-12)
        for i in better:
            hops.append(Hop(graph.ids[src[i]], graph.ids[i], _kind(graph, src[i], i), layer,
                            round(float(1.0 - h[i]), 4)))
        dist = np.minimum(dist, h) if clamp else h
    return dist, hops


def _fill(state: QueryState, dist: np.ndarray, nodes) -> None:
    """Give unknown chunk nodes their own distance 1 - relevance."""
    graph = state.session.graph
    todo = [int(i) for i in nodes if not np.isfinite(dist[i]) and graph.is_chunk[i]]
    if todo:
        dist[todo] = 1.0 - state.relevance([graph.ids[i] for i in todo])


def _kind(graph, i: int, j: int) -> str:
    if graph.mention[i, j] > 0 or graph.mention[j, i] > 0:
        return "keyword"
    for kind in GNN_KINDS:
        if graph.adj[kind][i, j] > 0:
            return kind
    return "keyword"


def ranked(state: QueryState, dist: np.ndarray, k: int) -> list[tuple[str, float]]:
    """The k closest chunk nodes as (chunk id, 1 - distance)."""
    graph = state.session.graph
    order = top_k_smallest(np.where(graph.is_chunk, dist, np.inf), k)
    return [(graph.ids[i], float(1.0 - dist[i])) for i in order]


class GNNRetriever:
    """GNN-Ret without an LLM: min-distance message passing over the Chunk-Interaction Graph."""

    name = "gnn"

    def __init__(self, ctx: RetrievalContext):
        self.ctx = ctx
        self.session = GraphSession(ctx)
        s = ctx.settings.retrieve
        self.alpha, self.alpha_note = load_alphas(ctx.settings.data_dir, s)
        self.top_k, self.layers, self.clamp = s.gnn_top_k, s.gnn_layers, s.gnn_clamp
        self.mention_alpha = s.gnn_mention_alpha if s.gnn_mention_alpha >= 0 else None

    def retrieve(self, question: str, k: int = 10) -> RetrievalResult:
        """Top-k chunks by integrated distance, with the hops that moved them."""
        t0 = time.perf_counter()
        state = self.session.query(question)
        dist, hops = propagate(state, self.alpha, self.top_k, self.layers,
                               mention_alpha=self.mention_alpha, clamp=self.clamp)
        top = ranked(state, dist, k)
        keep = {cid for cid, _ in top}
        hops = [h for h in hops if h.target in keep]
        routes = {cid: {"gnn": round(s, 4)} for cid, s in top}
        timings = dict(state.timings, total=(time.perf_counter() - t0) * 1000)
        return RetrievalResult(question, self.name, scored_chunks(self.ctx, state, top, routes),
                               seeds=tuple(state.candidates()[:self.top_k]), hops=tuple(hops),
                               timings_ms=timings, notes=(self.alpha_note,))
