"""`python -m core train --retriever head`: fit the next-hop feature head alone (seconds to
a few minutes; no cross-encoder), after K-fold held-out figures against plain gnn.

With `--folds K` (K >= 2) the questions are cut into K folds as `core.learn.folds` does (the
same shuffled split for a seed); for each fold a head is trained on the other folds'
questions (its fusion weight chosen by inner folds of those, `core.learn.head_fit`) and
`gnn_rerank` with it is scored beside plain `gnn` on the held-out fold. The report is saved
as `data_dir/models/hop_head_folds.json`; then the head is trained on all the questions and
saved where `gnn_rerank` loads it. `progress:` lines say how far it is (the Evaluate page
reads them).

Example:
    python -m core --data-dir D train --questions questions.jsonl --retriever head --folds 5
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

import typer

from core.errors import ConfigError, NotFound
from core.learn.hop_cli import progress

HEAD_FOLDS_FILE = "hop_head_folds.json"
RERANKED, PLAIN = "gnn_rerank (head)", "gnn"


def builders(head) -> dict:
    """gnn_rerank with this head, and plain gnn, as {name: ctx -> retriever}."""
    from core.retrieve.gnn_rerank import GNNRerankRetriever

    return {RERANKED: lambda ctx: GNNRerankRetriever(ctx, learned=head),
            PLAIN: lambda ctx: GNNRerankRetriever(ctx, learned=None)}


def fit(ctx, questions: Sequence, seed: int):
    """A head trained on labelled questions at the library's cap; a one-line error when the
    questions cannot teach it (every candidate supporting, or none)."""
    from core.learn.head_fit import train_head

    try:
        return train_head(ctx, questions, seed, cap=ctx.settings.retrieve.hop_cap)
    except ValueError as exc:
        raise ConfigError(f"cannot train the head on {len(questions)} questions: {exc}") from exc


def head_folds(lib, questions: Sequence, k: int, seed: int) -> dict:
    """K-fold held-out figures (gnn_rerank with a head trained without the fold, and gnn);
    saved beside the head and returned."""
    from core.learn.folds import folds, labelled, pooled, score

    gold = labelled(lib, questions)
    parts, runs = [], []
    progress("folds", 0, k)
    for i, held in enumerate(folds(len(questions), k, seed)):
        head = fit(lib.context(), [gold[j] for j in range(len(questions)) if j not in held], seed)
        result = score(lib, builders(head), [questions[j] for j in held])
        parts.append((len(held), result))
        runs.append({"fold": i + 1, "held_out": len(held), "weight": head.record["rerank_weight"],
                     "metrics": result})
        progress("folds", i + 1, k)
    report = {"k": k, "seed": seed, "questions": len(questions), "pooled": pooled(parts), "folds": runs}
    path = Path(lib.settings.data_dir) / "models" / HEAD_FOLDS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=1), "utf-8")
    return report


def train_head_cli(lib, questions_path: Path, seed: int, folds: int) -> None:
    """Check the questions and fold count, report the folds, then fit on all and save."""
    from core.eval.questions import read_questions
    from core.learn.folds import labelled

    found = [q for q in read_questions(questions_path) if q.supporting_ids]  # a bad line: IngestError
    gold = labelled(lib, found)
    usable = [q for q, g in zip(found, gold) if g.gold]
    if not usable:
        raise NotFound("no question has supporting_ids found in this library; nothing to train on")
    if folds == 1 or folds > len(usable) or folds < 0:
        raise ConfigError(f"--folds {folds}: choose 0 (none) or 2..{len(usable)}")
    if folds >= 2:
        typer.echo(json.dumps({"held_out": head_folds(lib, usable, folds, seed)["pooled"]}, indent=1))
    progress("train", 0, 1)
    head = fit(lib.context(), [g for g in gold if g.gold], seed)
    saved = head.save(lib.settings.data_dir)
    progress("train", 1, 1)
    typer.echo(json.dumps(head.record, indent=1))
    typer.echo(f"saved {saved}; gnn_rerank uses it from now on (delete the folder to go back to plain gnn)")
