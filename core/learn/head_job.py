"""The next-hop head's training as a background process, for the Evaluate page.

`HeadTrainJob` runs `python -m core --data-dir D train --retriever head --folds K` in a
child process, as `HopTrainJob` does for the cross-encoder (same progress lines, log in
`data_dir/models/head_train.log`); `head_fold_rows` turns the held-out report it saved into
table rows: recall@5 of gnn_rerank with the head against plain gnn, per fold and pooled.

Example:
    >>> # job = HeadTrainJob(data_dir, questions, folds=5).start(); job.status().state
    'running'
"""
from __future__ import annotations

import json
from pathlib import Path

from core.learn.head_cli import HEAD_FOLDS_FILE, PLAIN, RERANKED
from core.learn.train_job import HopTrainJob


class HeadTrainJob(HopTrainJob):
    """One background training run of the next-hop feature head (gnn_rerank's)."""

    retriever, folds_file, log_name = "head", HEAD_FOLDS_FILE, "head_train.log"


def _weight_text(weight) -> str:
    """A fold's fusion weight as table text ('' when an older report lacks it)."""
    return weight if isinstance(weight, str) else "" if weight is None else f"{weight:g}"


def head_fold_rows(data_dir: Path, metric: str = "recall@5") -> list[dict] | None:
    """One row per held-out fold and a pooled row: `metric` of gnn_rerank (head) and gnn,
    their difference and the fusion weight the fold chose (None when no report is saved).
    Every cell holds a value: the pooled row's weight reads "per fold" (each fold chose its
    own), and the weights are text so that column is one type (a table shows None otherwise)."""
    path = Path(data_dir) / "models" / HEAD_FOLDS_FILE
    if not path.is_file():
        return None
    report = json.loads(path.read_text("utf-8"))

    def row(label, held, metrics, weight="per fold") -> dict:
        ours, base = metrics[RERANKED].get(metric), metrics[PLAIN].get(metric)
        return {"fold": label, "held-out questions": held, f"gnn_rerank {metric}": ours,
                f"gnn {metric}": base, "difference": round(ours - base, 4),
                "fusion weight": _weight_text(weight)}
    rows = [row(str(f["fold"]), f["held_out"], f["metrics"], f["weight"]) for f in report["folds"]]
    return rows + [row("pooled", report["questions"], report["pooled"])]
