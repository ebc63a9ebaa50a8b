"""Training the next-hop head (`core.learn.hop_head`) and choosing gnn_rerank's weight by
inner folds of the training questions (nested: the weight never sees a scored question).

Each training question is read once (gnn distances, candidates, feature rows, labels);
fitting is then a logistic regression (lbfgs, L2, deterministic) over the rows. The fusion
weight: the training questions are cut into `inner` folds; a head fit on the others gives
probabilities on each inner fold; the grid weight with the best pooled recall@5 over those
inner-held questions is kept. Finally the head is fit on all the training questions.

Example:
    >>> # head = train_head(ctx, labelled_questions, seed=0)
    >>> # head.save(data_dir)
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from core.learn.hop_features import NAMES
from core.learn.hop_head import BRIDGE, CAP, POOL, SEEDS, HopHead, QuestionView, next_rows

C = 1.0  # L2 strength (sklearn's inverse): set a priori, not tuned on any scored question
INNER = 4  # inner folds for the fusion weight
PASSES = 2  # a second pass re-reads the path from the first pass's best chunks
TEACHER = False  # later passes also fit on rows read with the question's gold chunks as path (an experiment)


@dataclass
class Sample:
    """One training question: its view (gnn ranking, features), gold ids, and the candidates
    and feature rows of the pass being fit."""

    view: QuestionView
    gold: frozenset
    cands: list = field(default_factory=list)
    rows: np.ndarray = None

    @property
    def labels(self) -> np.ndarray:
        """1 for each supporting candidate, else 0."""
        return np.array([c in self.gold for c in self.cands], float)

    @property
    def gnn(self) -> dict:
        """gnn scores of the view's chunks."""
        return self.view.gnn


def read_samples(ctx, questions: Sequence, pool: int = POOL, seeds: int = SEEDS, cap: int = CAP,
                 depth: int = 10, bridge: int = BRIDGE, beam: tuple = (0, 0)) -> list[Sample]:
    """One Sample per question with gold chunks (.question, .gold), at its first pass
    (`bridge`: hits per bridge query and path chunk, `core.learn.hop_bridge`; 0 for none;
    `beam`: (chunks expanded, neighbours each) in later passes, `hop_head.next_rows`)."""
    pool = min(pool, cap)  # as gnn_rerank reads at this cap
    from core.retrieve.gnn import GNNRetriever, propagate

    gnn = GNNRetriever(ctx)
    out = []
    for q in questions:
        if not q.gold:
            continue
        state = gnn.session.query(q.question)
        dist, _ = propagate(state, gnn.alpha, gnn.top_k, gnn.layers,
                            mention_alpha=gnn.mention_alpha, clamp=gnn.clamp)
        view = QuestionView(ctx, state, dist, depth, pool, cap, bridge, beam)
        cands, rows = view.rows(view.top[:seeds])
        out.append(Sample(view, frozenset(q.gold), cands, rows))
    return out


def second_pass(samples: Sequence[Sample], first: HopHead, seeds: int = SEEDS) -> list[Sample]:
    """The samples re-read with `first`'s best candidates as the path."""
    out = []
    for s in samples:
        cands, rows = next_rows(s.view, s.cands, first.probability(s.rows), seeds)
        out.append(Sample(s.view, s.gold, cands, rows))
    return out


def fit_two(samples: Sequence[Sample], seed: int = 0, passes: int = PASSES) -> HopHead:
    """One head per pass: each later one fit on the rows the previous one's path gives."""
    first = head = fit_rows(samples, seed)
    for _ in range(passes - 1):
        samples = second_pass(samples, head)
        head.second = fit_rows([*samples, *gold_paths(samples)] if TEACHER else samples, seed)
        head = head.second
    return first


def gold_paths(samples: Sequence[Sample], seeds: int = SEEDS) -> list[Sample]:
    """The samples re-read with their gold candidates (up to `seeds`) as the path: rows where
    the path is right, so the bridge features are seen where they matter (teacher forcing)."""
    out = []
    for s in samples:
        path = [c for c in s.cands if c in s.gold][:seeds]
        if path:
            cands, rows = s.view.rows(path, extra=s.cands)
            out.append(Sample(s.view, s.gold, cands, rows))
    return out


def pair_rows(samples: Sequence[Sample], mean: np.ndarray, scale: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Within-question differences (supporting - other, and its negation), standardised:
    a linear model fit on them ranks each question's candidates (RankNet's linear form)."""
    diffs = []
    for s in samples:
        z = (s.rows - mean) / scale
        pos, neg = z[s.labels > 0], z[s.labels == 0]
        if len(pos) and len(neg):
            diffs.append((pos[:, None, :] - neg[None, :, :]).reshape(-1, z.shape[1]))
    d = np.concatenate(diffs) if diffs else np.zeros((0, len(mean)))
    return np.concatenate([d, -d]), np.concatenate([np.ones(len(d)), np.zeros(len(d))])


def fit_rows(samples: Sequence[Sample], seed: int = 0, record: dict | None = None) -> HopHead:
    """A head fit on the samples' candidates: a linear ranker over within-question pairs
    (standardised features, logistic loss, no intercept), so a question's candidates are
    ranked against each other rather than against other questions' candidates."""
    from sklearn.linear_model import LogisticRegression

    x = np.concatenate([s.rows for s in samples])
    y = np.concatenate([s.labels for s in samples])
    if y.min() == y.max():
        raise ValueError("training needs both supporting and other candidates; label more questions")
    mean, scale = x.mean(0), x.std(0)
    scale[scale < 1e-9] = 1.0  # a constant feature: left as is
    d, t = pair_rows(samples, mean, scale)
    lr = LogisticRegression(C=C, max_iter=2000, fit_intercept=False, random_state=seed).fit(d, t)
    return HopHead(mean, scale, lr.coef_[0].astype(np.float64), 0.0, record or {})


def readings_of(head: HopHead, samples: Sequence[Sample]):
    """gnn_rerank Readings of the samples under `head` (every pass)."""
    from core.learn.hop_reading import Reading

    while head.second is not None:
        samples, head = second_pass(samples, head), head.second
    return [Reading(s.gnn, dict(zip(s.cands, map(float, head.probability(s.rows))))) for s in samples]


def nested_weight(samples: Sequence[Sample], seed: int = 0, inner: int = INNER,
                  passes: int = PASSES) -> tuple[float, dict]:
    """The fusion weight chosen on inner-held training questions, with its pooled curve."""
    from core.retrieve.gnn_rerank import choose_weight

    order = list(range(len(samples)))
    random.Random(seed).shuffle(order)
    parts = [order[i::inner] for i in range(inner)]
    readings, golds = [], []
    for held in parts:
        rest = [samples[j] for j in order if j not in held]
        if not held or not rest:
            continue
        head = fit_two(rest, seed, passes)
        readings += readings_of(head, [samples[j] for j in held])
        golds += [set(samples[j].gold) for j in held]
    return choose_weight(readings, golds)


def train_head(ctx, questions: Sequence, seed: int = 0, cap: int = CAP, passes: int = PASSES,
               extra: Sequence[tuple] = (), bridge: int = BRIDGE, beam: tuple = (0, 0)) -> HopHead:
    """Read, choose the weight by inner folds, fit on all; the record says how and how long.
    `extra`: (ctx, questions) of other libraries whose labelled questions join the training;
    `bridge`: the bridge step's hits, `beam`: (chunks, neighbours each) expanded per later
    pass (both kept in the record: reading uses what training used)."""
    t0 = time.perf_counter()
    samples = read_samples(ctx, questions, cap=cap, bridge=bridge, beam=beam)
    for other, qs in extra:
        samples += read_samples(other, qs, cap=cap, bridge=bridge, beam=beam)
    read_s = time.perf_counter() - t0
    weight, curve = nested_weight(samples, seed, passes=passes)
    head = fit_two(samples, seed, passes)
    coef = {n: round(float(c), 3) for n, c in zip(NAMES, head.coef)}
    head.record = {"seed": seed, "questions": len(samples), "passes": passes, "bridge_hits": bridge, "beam": list(beam), "C": C,
                   "inner_folds": INNER,
                   "rows": int(sum(len(s.cands) for s in samples)),
                   "positives": int(sum(s.labels.sum() for s in samples)),
                   "rerank_weight": weight, "rerank_curve_inner": {str(w): r for w, r in curve.items()},
                   "read_s": round(read_s, 1), "wall_s": round(time.perf_counter() - t0, 1), "coef": coef}
    if head.second is not None:
        head.record["coef_second"] = {n: round(float(c), 3) for n, c in zip(NAMES, head.second.coef)}
    return head
