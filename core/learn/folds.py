"""Question-disjoint evaluation of the learned next-hop model: k-fold and cross-set.

Questions are shuffled with the seed and cut into k folds; for each fold the model is
trained on the other folds' questions only and the retrievers are scored on the fold's
questions, so every reported figure comes from questions the model never saw. Figures are
averaged over all held-out questions (each question is held out exactly once).

Example:
    >>> # report = kfold(lib, questions, k=5, seed=0, retrievers=("iier",))
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Callable, Sequence

from core.eval.run import evaluate
from core.learn.hop_data import DataShape, build_examples
from core.learn.hop_model import HopShape
from core.learn.hop_train import TrainShape, cpu_seconds, fit
from core.learn.rerank_fit import with_rerank_weight
from core.retrieve.train import LabelledQuestion

METRICS = ("recall@2", "recall@5", "recall@10", "all_recall@5", "mrr", "latency_ms_p50")


@dataclass(frozen=True)
class FoldPlan:
    """What to train and how big (kept small for a 2-core CPU)."""

    k: int = 5
    seed: int = 0
    hop: HopShape = HopShape()
    train: TrainShape = TrainShape()
    data: DataShape = DataShape()


def labelled(lib, questions: Sequence) -> list[LabelledQuestion]:
    """Eval questions (core.eval.questions.Question) with gold passage ids as chunk ids."""
    chunk_of = lib.catalog.chunk_ids_by_source(sorted({s for q in questions for s in q.supporting_ids}))
    return [LabelledQuestion(q.question, tuple(chunk_of[s] for s in q.supporting_ids if s in chunk_of))
            for q in questions]


def folds(n: int, k: int, seed: int) -> list[list[int]]:
    """Question indices shuffled with the seed, cut into k nearly equal folds."""
    order = list(range(n))
    random.Random(seed).shuffle(order)
    return [sorted(order[i::k]) for i in range(k)]


def train_on(lib, questions: Sequence[LabelledQuestion], plan: FoldPlan):
    """A scorer trained on `questions` of `lib`, with the run's cost."""
    t0, c0 = time.perf_counter(), cpu_seconds()
    pairs = build_examples(lib.context(), questions, plan.data, plan.seed)
    scorer, record = fit(pairs, plan.train, plan.hop, plan.seed)
    record = with_rerank_weight(lib.context(), scorer, questions, record)
    return scorer, dict(record, total_wall_s=round(time.perf_counter() - t0, 1),
                        total_cpu_s=round(cpu_seconds() - c0, 1))


def score(lib, builders: dict[str, Callable], questions: Sequence) -> dict:
    """Eval metrics per retriever name on `questions` (core.eval Questions)."""
    ctx = lib.context()
    report = evaluate({name: make(ctx) for name, make in builders.items()}, questions,
                      ks=(2, 5, 10), catalog=lib.catalog)
    return {name: {m: v.get(m) for m in METRICS} for name, v in report.to_json()["retrievers"].items()}


def pooled(parts: list[tuple[int, dict]]) -> dict:
    """Per-retriever metrics averaged over folds, weighted by held-out questions."""
    total = sum(n for n, _ in parts)
    out: dict = {}
    for name in parts[0][1]:
        out[name] = {m: round(sum(n * (r[name][m] or 0.0) for n, r in parts) / total, 4)
                     for m in METRICS if m != "latency_ms_p50"}
        out[name]["latency_ms_p50 (median of folds)"] = sorted(r[name]["latency_ms_p50"] or 0 for _, r in parts)[len(parts) // 2]
    return out


def kfold(lib, questions: Sequence, builders: Callable[[object], dict], plan: FoldPlan,
          log: Callable[[str], None] = print) -> dict:
    """Train on k-1 folds, score on the held-out fold, for every fold; `builders(scorer)`
    gives {name: ctx -> retriever} for one trained scorer."""
    gold = labelled(lib, questions)
    parts, runs = [], []
    for i, held in enumerate(folds(len(questions), plan.k, plan.seed)):
        train_q = [gold[j] for j in range(len(questions)) if j not in held and gold[j].gold]
        scorer, record = train_on(lib, train_q, plan)
        log(f"fold {i + 1}/{plan.k}: trained on {len(train_q)} questions: {record}")
        result = score(lib, builders(scorer), [questions[j] for j in held])
        log(f"fold {i + 1}/{plan.k}: held-out {len(held)}: {result}")
        parts.append((len(held), result))
        runs.append({"fold": i + 1, "held_out": len(held), "train": record, "metrics": result})
    return {"pooled": pooled(parts), "folds": runs, "plan": repr(replace(plan))}
