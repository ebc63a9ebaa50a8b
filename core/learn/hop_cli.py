"""`python -m core train --retriever hop`: fit and save the next-hop cross-encoder, then the
next-hop feature head (`core.learn.hop_head`, which gnn_rerank prefers).

With `--folds K` (K >= 2) it first reports held-out figures: K-fold over the questions
(train on K-1 folds, score iier with the learned step on the held-out fold, beside the
hand-set iier), saved as `data_dir/models/hop_folds.json`; then it trains on all of them.
Lines starting with `progress:` say how far it is (the Evaluate page reads them).

Example:
    python -m core --data-dir D train --questions questions.jsonl --retriever hop --seed 0 --folds 5
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

import typer

from core.errors import ConfigError, NotFound

FOLDS_FILE = "hop_folds.json"


def progress(stage: str, done: int, total: int) -> None:
    """One machine-readable progress line on stdout."""
    typer.echo(f"progress: {json.dumps({'stage': stage, 'done': done, 'total': total})}")


def held_out(lib, questions_path: Path, k: int, seed: int, layers: int, epochs: int) -> dict:
    """K-fold figures for iier with the learned step vs the hand-set one; saved beside the model."""
    from core.eval.questions import read_questions
    from core.learn.folds import FoldPlan, kfold, score
    from core.learn.hop_model import HopShape
    from core.learn.hop_train import TrainShape
    from core.retrieve.iier import IIERRetriever

    qs = [q for q in read_questions(questions_path) if q.supporting_ids]
    plan = FoldPlan(k=k, seed=seed, hop=HopShape(layers=layers), train=TrainShape(epochs=epochs))
    done = []

    def log(line: str) -> None:
        if "held-out" in line:
            done.append(line)
            progress("folds", len(done), k)
    progress("folds", 0, k)
    report = kfold(lib, qs, lambda s: {"iier (learned)": lambda ctx: IIERRetriever(ctx, learned=s)}, plan, log)
    report["pooled"].update(score(lib, {"iier (hand)": lambda ctx: IIERRetriever(ctx, learned=None)}, qs))
    path = Path(lib.settings.data_dir) / "models" / FOLDS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=1), "utf-8")
    return report["pooled"]


def train_head_command(ctx, labelled: Sequence, data_dir: Path, seed: int) -> dict:
    """Fit and save the next-hop feature head (seconds; gnn_rerank prefers it), at the
    library's candidate cap; return its record."""
    from core.learn.head_fit import train_head

    head = train_head(ctx, labelled, seed, cap=ctx.settings.retrieve.hop_cap)
    return dict(head.record, saved=str(head.save(data_dir)))


def train_hop_command(ctx, questions: Sequence, data_dir: Path, seed: int, layers: int, epochs: int,
                      folds: int = 0, lib=None, questions_path: Path | None = None) -> None:
    """Train on the questions whose gold chunks are in this library; print the record
    (after the held-out fold figures when `folds` >= 2)."""
    from core.learn.hop_train import train_and_save

    labelled = [q for q in questions if q.gold]
    if not labelled:
        raise NotFound("no question has supporting_ids found in this library; nothing to train on")
    if not 1 <= layers <= 6:
        raise ConfigError(f"--layers {layers} is out of range; MiniLM has 6 layers (choose 1-6)")
    if folds == 1 or folds > len(labelled):
        raise ConfigError(f"--folds {folds}: choose 0 (none) or 2..{len(labelled)}")
    if folds >= 2:
        typer.echo(json.dumps({"held_out": held_out(lib, questions_path, folds, seed, layers, epochs)}, indent=1))
    progress("train", 0, 1)
    record = train_and_save(ctx, labelled, data_dir, seed=seed, layers=layers, epochs=epochs)
    progress("train", 1, 1)
    typer.echo(json.dumps(record, indent=1))
    typer.echo(json.dumps({"head": train_head_command(ctx, labelled, data_dir, seed)}, indent=1))
    typer.echo(f"saved {record['saved']}; iier and kgp use it from now on, gnn_rerank the feature head "
               "beside it (delete the folders to go back to the hand-set scorers and plain gnn)")
