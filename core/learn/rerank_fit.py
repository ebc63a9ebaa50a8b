"""The gnn re-ranker's one weight, chosen on the next-hop model's own training questions.

Called right after training (`core.learn.folds.train_on`, `hop_train.train_and_save`), so
the weight saved in hop.json never saw a held-out question. The questions are the ones the
model was trained on, so its probabilities there are sharper than on new questions: the
chosen weight leans high, which the held-out figures then pay for (reported as they are).

Example:
    >>> # weight, curve = fit_rerank_weight(ctx, scorer, labelled_questions)
"""
from __future__ import annotations

from typing import Sequence

from core.retrieve.gnn_rerank import GNNRerankRetriever, choose_weight

DEPTH = 10  # gnn ranks read per question (recall@5 is chosen on)


def fit_rerank_weight(ctx, scorer, questions: Sequence) -> tuple[float, dict]:
    """(weight, recall@5 per grid weight) over `questions` (.question, .gold chunk ids)."""
    rr = GNNRerankRetriever(ctx, learned=scorer, weight=0.0)
    readings, golds = [], []
    for q in questions:
        if q.gold:
            readings.append(rr.reading(q.question, DEPTH)[1])
            golds.append(set(q.gold))
    return choose_weight(readings, golds)


def with_rerank_weight(ctx, scorer, questions: Sequence, record: dict) -> dict:
    """`record` plus the chosen weight and its curve; the scorer's record is updated too."""
    weight, curve = fit_rerank_weight(ctx, scorer, questions)
    record = dict(record, rerank_weight=weight, rerank_curve={str(w): r for w, r in curve.items()})
    scorer.record = record
    return record
