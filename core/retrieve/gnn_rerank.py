"""GNN-Ret re-ranked by a learned next-hop model (a Folio fusion, no paper's).

The model is the library's next-hop head (`core.learn.hop_head`: features from stored
MiniLM vectors and the chunks' text, two passes, its own candidates) when one was trained,
else the cross-encoder, read as below.

GNN-Ret (`core.retrieve.gnn`) ranks; its top `pool` chunks and the graph neighbours of its
top `seeds` chunks (the `cap` most question-relevant of each) are then read by the next-hop
model (`core.learn.hop_model`): a top chunk with an empty path (a first hop), a neighbour
with its gnn chunk as the path (a next hop). Each read chunk keeps its best probability p,
and is ranked by

    gnn score (1 - distance; below all gnn ranked where it never reached) + weight * p

with the chunks nobody read keeping their gnn score. `weight` is one number chosen on the
model's own training questions (`choose_weight`, called by training: it is saved in
hop.json's record), so held-out figures never see it tuned on them. Without a trained model
the retriever is plain gnn, with a note that says so.

Cost: at most pool + seeds * cap pairs per question, in 1 + seeds batched calls.

Example:
    >>> # make_retriever("gnn_rerank", ctx).retrieve("Who founded the journal's publisher?", k=5)
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from core.learn.hop_data import chunk_texts
from core.learn.hop_reading import Reading
from core.retrieve.base import RetrievalContext
from core.retrieve.gnn import GNNRetriever, propagate, ranked
from core.retrieve.graph_common import QueryState, neighbour_kinds, scored_chunks
from core.retrieve.iier_learned import probability
from core.types import RetrievalResult

POOL = 10  # gnn's top chunks read with an empty path
SEEDS = 2  # gnn's top chunks whose neighbours are read as next hops
CAP = 10  # neighbours read per seed (the most question-relevant)
WEIGHT = 0.3  # used only when a model's record holds no chosen weight (set a priori)
WEIGHT_GRID = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 4.0)


def read(scorer, ctx: RetrievalContext, state: QueryState, dist: np.ndarray, depth: int,
         pool: int = POOL, seeds: int = SEEDS, cap: int = CAP) -> Reading:
    """gnn's ranking to `depth` plus the learned probabilities of its top chunks and of its
    top seeds' neighbours (each chunk keeps its best)."""
    graph = state.session.graph
    top = ranked(state, dist, max(depth, pool))
    gnn = dict(top)
    floor = min(gnn.values(), default=0.0)
    ids = [c for c, _ in top[:pool]]
    texts = chunk_texts(ctx, ids)
    learned = dict(zip(ids, probability(scorer.score(state.question, [], [texts.get(c, "") for c in ids]))))
    for seed in ids[:seeds]:
        near = sorted(c for c in neighbour_kinds(graph, seed) if c != seed)
        if len(near) > cap:
            rel = state.relevance(near)
            near = [near[i] for i in np.argsort(-rel, kind="stable")[:cap]]
        if not near:
            continue
        texts.update(chunk_texts(ctx, [c for c in near if c not in texts]))
        p = probability(scorer.score(state.question, [texts.get(seed, "")], [texts.get(c, "") for c in near]))
        for c, pc in zip(near, p):
            learned[c] = max(learned.get(c, 0.0), float(pc))
            if c not in gnn:  # gnn's score; where gnn never reached it, below all it ranked
                d = dist[graph.index[c]] if c in graph.index else np.inf
                gnn[c] = float(1.0 - d) if np.isfinite(d) else floor - 1e-6 * (1.0 - float(state.relevance([c])[0]))
    return Reading(gnn, {c: float(p) for c, p in learned.items()})


def recall_at(ranking: Sequence[str], gold: set[str], k: int) -> float:
    """|gold in the top k| / |gold|."""
    return len(gold & set(ranking[:k])) / len(gold) if gold else 0.0


def choose_weight(readings: Sequence[Reading], golds: Sequence[set[str]], k: int = 5,
                  grid: Sequence[float] = WEIGHT_GRID) -> tuple[float, dict]:
    """The grid weight with the best mean recall@k over `readings` (ties: the smaller
    weight, so the model must earn its say); returns it with the whole curve."""
    curve = {}
    for w in grid:
        hits = [recall_at([c for c, _ in r.fused(w)], g, k) for r, g in zip(readings, golds)]
        curve[w] = round(sum(hits) / max(1, len(hits)), 4)
    best = max(grid, key=lambda w: (curve[w], -w))
    return best, curve


def load_learned(data_dir):
    """The library's next-hop head (features), else its cross-encoder, else None."""
    from core.learn.hop_head import HopHead
    from core.learn.held_scorer import held_scorer

    head = HopHead.load(data_dir)  # a few KB: read each time
    return head if head is not None else held_scorer(data_dir)


class GNNRerankRetriever(GNNRetriever):
    """gnn, then its top chunks and their neighbours re-ranked by the learned next-hop model."""

    name = "gnn_rerank"

    def __init__(self, ctx: RetrievalContext, learned="load", weight: float | None = None):
        """`learned`: a HopHead or HopScorer, None (plain gnn), or "load" (the library's head,
        else its cross-encoder); `weight`: None takes the one chosen at training, else WEIGHT."""
        super().__init__(ctx)
        self.learned = load_learned(ctx.settings.data_dir) if learned == "load" else learned
        record = getattr(self.learned, "record", None) or {}
        self.weight = float(weight if weight is not None else record.get("rerank_weight", WEIGHT))
        cap = ctx.settings.retrieve.hop_cap  # the learned retrievers' candidate cap bounds both reads
        self.pool, self.seeds, self.cap = min(POOL, cap), SEEDS, min(CAP, cap)
        if hasattr(self.learned, "read"):  # the feature head: seeds and neighbours as it was trained
            from core.learn.hop_head import SEEDS as HEAD_SEEDS
            self.seeds, self.cap = HEAD_SEEDS, cap

    def reading(self, question: str, depth: int) -> tuple[QueryState, Reading | None, list]:
        """The question's state, its fusion inputs (None without a model) and gnn's hops."""
        state = self.session.query(question)
        dist, hops = propagate(state, self.alpha, self.top_k, self.layers,
                               mention_alpha=self.mention_alpha, clamp=self.clamp)
        if self.learned is None:
            return state, Reading(dict(ranked(state, dist, depth)), {}), hops
        if hasattr(self.learned, "read"):  # the feature head reads its own candidates
            return state, self.learned.read(self.ctx, state, dist, depth, self.pool, self.seeds, self.cap), hops
        return state, read(self.learned, self.ctx, state, dist, depth, self.pool, self.seeds, self.cap), hops

    def retrieve(self, question: str, k: int = 10) -> RetrievalResult:
        """Top-k chunks by gnn score plus the weighted learned probability."""
        import time

        t0 = time.perf_counter()
        state, reading, hops = self.reading(question, k)
        top = reading.fused(self.weight)[:k]
        keep = {cid for cid, _ in top}
        routes = {cid: {"gnn": round(reading.gnn[cid], 4), **({"learned": round(reading.learned[cid], 4)}
                                                               if cid in reading.learned else {})} for cid, _ in top}
        note = (f"{self.learned.origin}: re-ranks gnn's top {self.pool} and its top {self.seeds} chunks' "
                f"neighbours (weight {self.weight:g})" if self.learned is not None else
                "no learned next-hop model in the data dir (train one: python -m core train --retriever hop); "
                "plain gnn ranking")
        return RetrievalResult(question, self.name, scored_chunks(self.ctx, state, top, routes),
                               seeds=tuple(state.candidates()[:self.top_k]),
                               hops=tuple(h for h in hops if h.target in keep),
                               timings_ms=dict(state.timings, total=(time.perf_counter() - t0) * 1000),
                               notes=(self.alpha_note, note))
