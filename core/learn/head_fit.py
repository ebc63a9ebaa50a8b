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
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from core.learn.hop_features import NAMES
from core.learn.hop_head import CAP, POOL, SEEDS, HopHead, question_rows

C = 1.0  # L2 strength (sklearn's inverse): set a priori, not tuned on any scored question
INNER = 4  # inner folds for the fusion weight


@dataclass(frozen=True)
class Sample:
    """One training question read once: gnn scores, candidates, features, labels, gold ids."""

    gnn: dict
    cands: list
    rows: np.ndarray
    labels: np.ndarray
    gold: frozenset


def read_samples(ctx, questions: Sequence, pool: int = POOL, seeds: int = SEEDS, cap: int = CAP,
                 depth: int = 10) -> list[Sample]:
    """One Sample per question with gold chunks (.question, .gold)."""
    from core.retrieve.gnn import GNNRetriever, propagate

    gnn = GNNRetriever(ctx)
    out = []
    for q in questions:
        if not q.gold:
            continue
        state = gnn.session.query(q.question)
        dist, _ = propagate(state, gnn.alpha, gnn.top_k, gnn.layers,
                            mention_alpha=gnn.mention_alpha, clamp=gnn.clamp)
        scores, cands, rows = question_rows(ctx, state, dist, depth, pool, seeds, cap)
        gold = frozenset(q.gold)
        out.append(Sample(scores, cands, rows, np.array([c in gold for c in cands], float), gold))
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
    """gnn_rerank Readings of the samples under `head`."""
    from core.retrieve.gnn_rerank import Reading

    return [Reading(s.gnn, dict(zip(s.cands, map(float, head.probability(s.rows))))) for s in samples]


def nested_weight(samples: Sequence[Sample], seed: int = 0, inner: int = INNER) -> tuple[float, dict]:
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
        head = fit_rows(rest, seed)
        readings += readings_of(head, [samples[j] for j in held])
        golds += [set(samples[j].gold) for j in held]
    return choose_weight(readings, golds)


def train_head(ctx, questions: Sequence, seed: int = 0, cap: int = CAP) -> HopHead:
    """Read, choose the weight by inner folds, fit on all; the record says how and how long."""
    t0 = time.perf_counter()
    samples = read_samples(ctx, questions, cap=cap)
    read_s = time.perf_counter() - t0
    weight, curve = nested_weight(samples, seed)
    head = fit_rows(samples, seed)
    head.record = {"seed": seed, "questions": len(samples), "rows": int(sum(len(s.cands) for s in samples)),
                   "positives": int(sum(s.labels.sum() for s in samples)), "C": C, "inner_folds": INNER,
                   "rerank_weight": weight, "rerank_curve_inner": {str(w): r for w, r in curve.items()},
                   "read_s": round(read_s, 1), "wall_s": round(time.perf_counter() - t0, 1),
                   "coef": {n: round(float(c), 3) for n, c in zip(NAMES, head.coef)}}
    return head
