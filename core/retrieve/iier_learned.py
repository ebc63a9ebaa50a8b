"""IIER with its next-hop scorer learned from text (the paper's setting, made small).

The paper scores (query, path so far, neighbour, edge) with a fine-tuned RoBERTa encoder and
two MLPs and extends each chain by the best neighbour up to five chunks. Here one small
cross-encoder (`core.learn.hop_model`, MiniLM cut to a few layers) reads the question with
the path text and the candidate jointly, which sees a bridge entity named in the path and
in the candidate's title even when the two share no vector direction. Departures, and why:

* the seeds are the search candidates (dense + BM25 + named titles, `cap` of them) ranked by
  the same model with an empty path, instead of the greedy keyword cover: the model has
  learned what a first passage looks like, and the cover needs an LLM keyword pass to shine;
* chains stop at `chain_max` (3) chunks or when the best next hop scores below `stop`
  (probability), not at a fixed length of five: MuSiQue/HotpotQA chains are 2-4 long and a
  sixth unrelated chunk only pushes gold ones down;
* every neighbour scored on the way keeps its best score and competes for the final list
  (the chain order is kept in `chains`): the paper hands whole chains to an LLM, Folio a
  ranked top-k;
* neighbours are capped (`cap`, the most question-relevant first) so one call costs at most
  about cap * (1 + seeds * (chain_max - 1)) pairs, scored in batches.

Example:
    >>> # LearnedChains(session, scorer).run(state, seeds_max=3, chain_max=3)
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from core.learn.hop_data import chunk_texts
from core.learn.hop_model import HopScorer
from core.retrieve.graph_common import GraphSession, QueryState, neighbour_kinds
from core.types import Hop

STOP = 0.2  # a chain ends when its best next hop is less likely than this
COMBINE_WEIGHT = 0.5  # set a priori, not tuned: a sure learned vote (+-0.25) outweighs the edge-kind bonuses
CAP = 20  # candidates scored per step


def probability(logits: np.ndarray) -> np.ndarray:
    """Logistic of the model's logits."""
    return 1.0 / (1.0 + np.exp(-logits))


@dataclass
class LearnedChains:
    """Seeds and chains chosen by a learned next-hop scorer."""

    session: GraphSession
    scorer: HopScorer
    cap: int = CAP
    stop: float = STOP
    scores: dict = field(default_factory=dict)
    _texts: dict = field(default_factory=dict)

    def texts(self, ids: list[str]) -> list[str]:
        """'Title: text' of chunks (cached for the call)."""
        need = [i for i in ids if i not in self._texts]
        if need:
            self._texts.update(chunk_texts(self.session.ctx, need))
        return [self._texts.get(i, "") for i in ids]

    def rate(self, state: QueryState, path: list[str], ids: list[str]) -> np.ndarray:
        """Probabilities for candidates given the path; each chunk keeps its best score."""
        p = probability(self.scorer.score(state.question, self.texts(path), self.texts(ids)))
        for cid, s in zip(ids, p):
            self.scores[cid] = max(self.scores.get(cid, 0.0), float(s))
        return p

    def neighbours(self, state: QueryState, node: str, taken: set[str]) -> tuple[list[str], dict]:
        """The node's neighbours not yet on a chain, the most question-relevant `cap` of them."""
        kinds = {c: k for c, k in neighbour_kinds(self.session.graph, node).items() if c not in taken}
        ids = sorted(kinds)
        if len(ids) > self.cap:
            rel = state.relevance(ids)
            ids = [ids[i] for i in np.argsort(-rel, kind="stable")[: self.cap]]
        return ids, kinds

    def grow(self, state: QueryState, seed: str, taken: set[str], chain_max: int) -> tuple[list[str], list[Hop]]:
        """Extend a chain by the best-scored neighbour until it is long enough or unlikely."""
        path, hops = [seed], []
        while len(path) < chain_max:
            ids, kinds = self.neighbours(state, path[-1], taken)
            if not ids:
                break
            p = self.rate(state, path, ids)
            best = int(np.argmax(p))
            if p[best] < self.stop:
                break
            nxt, kind = ids[best], kinds[ids[best]]
            hops.append(Hop(path[-1], nxt, "keyword" if kind == "mention" else kind, len(path),
                            round(float(p[best]), 4)))
            path.append(nxt)
            taken.add(nxt)
        return path, hops

    def run(self, state: QueryState, seeds_max: int, chain_max: int) -> tuple[list[str], list, list]:
        """Seeds (best first-hop scores), their chains and hops; scores fill `self.scores`."""
        pool = state.candidates()[: self.cap]
        if not pool:
            return [], [], []
        p = self.rate(state, [], pool)
        seeds = [pool[i] for i in np.argsort(-p, kind="stable")[:seeds_max]]
        taken = set(seeds)
        chains, hops = [], []
        for seed in seeds:
            path, chain_hops = self.grow(state, seed, taken, chain_max)
            chains.append(path)
            hops += chain_hops
        return seeds, chains, hops


def combine(walk: LearnedChains, state: QueryState, path: list[str], ids: list[str], hand: np.ndarray,
            weight: float = COMBINE_WEIGHT) -> np.ndarray:
    """`hop_mode = "combine"`: the hand scores with the learned probability as one more term,
    weight * (p - 1/2), for the `walk.cap` options best by hand; the rest count as p = 0 (unread
    by the model, they may not outrank one it liked on a tie). The hand walk keeps its seeds,
    chains and ranking; the model only breaks the next-hop choice its way when it is sure."""
    top = np.argsort(-hand, kind="stable")[: walk.cap]
    out = hand - 0.5 * weight
    out[top] = hand[top] + weight * (walk.rate(state, path, [ids[i] for i in top]) - 0.5)
    return out
