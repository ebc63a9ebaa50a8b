"""IIER: evidence chains grown over the Chunk-Interaction Graph.

1. Seeds: the question's keywords and named titles are covered greedily: each next seed
   is the candidate with the best relevance plus a bonus for question keywords that no
   earlier seed covers.
2. Chains: from each seed the chain is extended, one hop at a time, by the neighbour with
   the best score f(question, path, neighbour, edge) (`NextHopScorer`), until the score
   drops below the stop threshold or the chain reaches its maximum length.
3. Ranking: a seed scores its relevance; a chain hop scores half its own relevance plus
   half the score of the chunk it hangs from, plus a small edge-kind bonus; so the top of
   the list holds the seeds and the best bridge passages. Each chunk keeps its chain index.

Paper setting vs this file: the paper learns the next hop from text (a fine-tuned encoder
over query, path and neighbour, plus an edge MLP). When a library holds a trained next-hop
cross-encoder (`data_dir/models/hop/`, `python -m core train --retriever hop`), seeds and
chains are chosen by it (`core.retrieve.iier_learned`, which lists its departures); with
`hop_mode = "combine"` the hand walk below runs instead and the model's probability is one
more term of each next-hop choice (a Folio option, not the paper's).
Without one, the next hop is chosen by a linear model over transparent features (weights
from `data_dir/models/iier.json` when `train --retriever iier` fitted them, else the hand-
set ones) and a note says so: a fallback that needs no training, not the paper's scorer.

Example:
    >>> # r = make_retriever("iier", ctx).retrieve("Who founded the publisher of X?", k=5)
    >>> # r.chains  -> (("seed", "bridge"), ...)
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

from core.errors import ConfigError
from core.retrieve.base import RetrievalContext
from core.retrieve.graph_common import GraphSession, QueryState, neighbour_kinds, scored_chunks
from core.types import Hop, RetrievalResult

FEATURES = ("relevance", "previous_relevance", "path_similarity", "mention", "keyword", "structural",
            "semantic")
# untrained next-hop choice: half the neighbour's own relevance, half the relevance of the
# chunk it hangs from, a clear bonus for a title mention, small ones for other edge kinds
DEFAULT_WEIGHTS = (0.5, 0.5, 0.0, 0.3, 0.03, 0.0, -0.05)
DEFAULT_BIAS = 0.0
MENTION_OWN = 0.25  # own share of a title-mention hop's ranking score (as gnn_mention_alpha)
SEED_SHARE = 0.6  # a further seed needs at least this share of the best seed's gain
COVER_BONUS = 0.05  # per question keyword (or named title) a seed covers first
RELEVANCE_SHARE = 0.1  # of the fused relevance added to a learned score (tie-breaker)
KINDS = ("mention", "keyword", "structural", "semantic")


@dataclass(frozen=True)
class NextHopScorer:
    """Linear next-hop score over FEATURES; positive means 'worth extending the chain'."""

    weights: tuple[float, ...] = DEFAULT_WEIGHTS
    bias: float = DEFAULT_BIAS
    origin: str = "untrained heuristic weights"

    @staticmethod
    def load(data_dir: Path) -> "NextHopScorer":
        """Weights from data_dir/models/iier.json when present, else the heuristic."""
        path = Path(data_dir) / "models" / "iier.json"
        if not path.is_file():
            return NextHopScorer()
        raw = json.loads(path.read_text("utf-8"))
        return NextHopScorer(tuple(float(raw["weights"][f]) for f in FEATURES), float(raw["bias"]),
                             f"trained weights ({path.name})")

    def score(self, features: np.ndarray) -> np.ndarray:
        """Scores for a (n, len(FEATURES)) feature matrix."""
        return features @ np.asarray(self.weights) + self.bias


def hop_features(relevance: np.ndarray, previous: float, path_sim: np.ndarray,
                 kinds: Sequence[str]) -> np.ndarray:
    """Feature rows: relevance, relevance of the chain's last chunk, similarity to the path
    so far, one-hot edge kind."""
    onehot = np.array([[k == kind for kind in KINDS] for k in kinds], dtype=np.float64)
    onehot = onehot.reshape(len(kinds), len(KINDS))
    return np.column_stack([relevance, np.full(len(kinds), previous), path_sim, onehot])


def rank_score(relevance: float, previous: float, kind: str) -> float:
    """Transparent ranking score of a chain hop, on the relevance scale."""
    if kind == "mention":  # one of the two names the other's title: lean on the chain
        return MENTION_OWN * relevance + (1.0 - MENTION_OWN) * previous
    w = dict(zip(FEATURES, DEFAULT_WEIGHTS))
    return 0.5 * relevance + 0.5 * previous + w.get(kind, 0.0)


class IIERRetriever:
    """Evidence-chain retriever (IIER) with greedy keyword-covering seeds."""

    name = "iier"
    seeds_max = 3
    chain_max = 3  # chunks per chain, seed included

    def __init__(self, ctx: RetrievalContext, learned="load"):
        """`learned`: a HopScorer, None for the hand-set scorer, or "load" (the library's model)."""
        from core.learn.held_scorer import held_scorer  # loaded once, not per question

        self.ctx = ctx
        self.session = GraphSession(ctx)
        self.scorer = NextHopScorer.load(ctx.settings.data_dir)
        self.learned = held_scorer(ctx.settings.data_dir) if learned == "load" else learned
        self.cap, self.mode = ctx.settings.retrieve.hop_cap, ctx.settings.retrieve.hop_mode
        if self.mode not in ("replace", "combine"):
            raise ConfigError(f"hop_mode {self.mode!r}: choose replace or combine")
        self._walk = None  # the learned model's per-call cache in combine mode

    def seeds(self, state: QueryState, wanted: set[str]) -> list[str]:
        """Greedy cover of the question's keywords `wanted`, from the most relevant chunk."""
        pool = state.candidates()[:20]
        if not pool:
            return []
        held = self.ctx.catalog.chunk_keywords(pool)
        rel = dict(zip(pool, state.relevance(pool)))
        chosen: list[str] = []
        covered: set[str] = set()
        first = 0.0
        while len(chosen) < min(self.seeds_max, len(pool)):
            def gain(c: str) -> float:
                new = (set(held.get(c, ())) & wanted) - covered
                return rel[c] + COVER_BONUS * len(new)
            best = max((c for c in pool if c not in chosen), key=lambda c: (gain(c), c))
            if chosen and gain(best) < SEED_SHARE * first:
                break
            first = gain(best) if not chosen else first
            chosen.append(best)
            covered |= set(held.get(best, ())) & wanted
        return chosen

    def grow(self, state: QueryState, seed: str, taken: set[str],
             scores: dict[str, float]) -> tuple[list[str], list[Hop]]:
        """Extend one chain from a seed by the best-scored neighbour at each step."""
        graph = self.session.graph
        path, hops = [seed], []
        while len(path) < self.chain_max:
            options = {c: k for c, k in neighbour_kinds(graph, path[-1]).items() if c not in taken}
            if not options:
                break
            ids = sorted(options)
            vecs = self.session.vectors(ids)
            path_sim = (vecs @ self.session.vectors(path).T).max(axis=1)
            rel = state.relevance(ids)
            prev = scores[path[-1]]
            hand = self.scorer.score(hop_features(rel, prev, path_sim, [options[c] for c in ids]))
            if self._walk is not None:  # combine: the learned probability as one more term
                from core.retrieve.iier_learned import combine
                hand = combine(self._walk, state, path, ids, hand)
            chosen = int(np.argmax(hand))
            nxt, kind = ids[chosen], options[ids[chosen]]
            scores[nxt] = rank_score(float(rel[chosen]), prev, kind)
            hops.append(Hop(path[-1], nxt, "keyword" if kind == "mention" else kind, len(path),
                            round(scores[nxt], 4)))
            path.append(nxt)
            taken.add(nxt)
        return path, hops

    def retrieve(self, question: str, k: int = 10) -> RetrievalResult:
        """Seeds, chains, then one ranking of seeds, hops and remaining candidates."""
        t0 = time.perf_counter()
        state = self.session.query(question)
        wanted, calls, tokens = (self.ctx.keywords.query_keywords(question) if self.ctx.keywords
                                 else ([], 0, 0))
        replace = self.learned is not None and self.mode == "replace"
        if replace:
            seeds, chains, hops, scores = self.learned_chains(state)
        else:
            seeds, chains, hops, scores = self.hand_chains(state, set(wanted))
        rest = [c for c in state.candidates()[:k] if c not in scores]
        if replace:  # unread by the model: below everything it scored
            scores.update((c, RELEVANCE_SHARE * float(r) - 1.0) for c, r in zip(rest, state.relevance(rest)))
        else:
            scores.update(zip(rest, map(float, state.relevance(rest))))
        top = sorted(scores.items(), key=lambda t: (-t[1], t[0]))[:k]
        ids = [cid for cid, _ in top]
        rel = state.relevance(ids)
        chain_of = {cid: ci for ci, c in enumerate(chains) for cid in c}
        routes = {cid: {"relevance": round(float(r), 4)} for cid, r in zip(ids, rel)}
        timings = dict(state.timings, total=(time.perf_counter() - t0) * 1000)
        return RetrievalResult(question, self.name, scored_chunks(self.ctx, state, top, routes, chain_of),
                               seeds=tuple(seeds), hops=tuple(hops), timings_ms=timings,
                               llm_calls=calls, llm_tokens=tokens,
                               chains=tuple(tuple(c) for c in chains), notes=(self.origin(),))

    def origin(self) -> str:
        """Which next-hop scorer ran, and how to get the learned one when it did not."""
        if self.learned is not None:
            return self.learned.origin + (" (combined with the hand scorer)" if self.mode == "combine" else "")
        return (f"no learned next-hop model in the data dir (train one: python -m core train "
                f"--retriever hop); next hops chosen by {self.scorer.origin}")

    def hand_chains(self, state: QueryState, wanted: set[str]) -> tuple[list, list, list, dict]:
        """Keyword-covering seeds and chains grown by the linear scorer."""
        from core.retrieve.iier_learned import LearnedChains

        seeds = self.seeds(state, wanted)
        taken = set(seeds)
        self._walk = LearnedChains(self.session, self.learned, cap=self.cap) if self.learned is not None else None
        scores = dict(zip(seeds, map(float, state.relevance(seeds))))
        chains, hops = [], []
        for seed in seeds:
            path, chain_hops = self.grow(state, seed, taken, scores)
            chains.append(path)
            hops += chain_hops
        return seeds, chains, hops, scores

    def learned_chains(self, state: QueryState) -> tuple[list, list, list, dict]:
        """Seeds and chains by the learned cross-encoder; every chunk it scored competes
        (a probability, plus a small share of the fused relevance to break near-ties)."""
        from core.retrieve.iier_learned import LearnedChains

        walk = LearnedChains(self.session, self.learned, cap=self.cap)
        seeds, chains, hops = walk.run(state, self.seeds_max, self.chain_max)
        ids = sorted(walk.scores)
        rel = state.relevance(ids)
        scores = {c: walk.scores[c] + RELEVANCE_SHARE * float(r) for c, r in zip(ids, rel)}
        return seeds, chains, hops, scores
