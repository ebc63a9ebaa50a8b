"""Held-out figures for the learned next-hop model: k-fold on one set, then cross-set.

    python benchmarks/hop_folds.py --data-dir MUSIQUE_DIR --questions BENCH/musique/questions.jsonl \
        [--cross-data-dir HOTPOT_DIR --cross-questions BENCH/hotpotqa-dev/questions.jsonl] \
        [--k 5] [--layers 2] [--epochs 1] [--cap 10] [--retrievers iier,kgp] [--out hop_folds.json]

Every figure is on questions the model was not trained on: k-fold (train on k-1 folds,
score the held-out one) and cross-set (train on all of the first set, score the second).
The untrained retrievers (hand-scored iier and kgp, gnn, dense) are scored on the same
questions for comparison. Writes JSON with the training cost and the 1-minute load.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.config import Settings  # noqa: E402
from core.eval.questions import read_questions  # noqa: E402
from core.learn.folds import FoldPlan, kfold, labelled, score, train_on  # noqa: E402
from core.learn.hop_data import DataShape  # noqa: E402
from core.learn.hop_model import HopShape  # noqa: E402
from core.learn.hop_train import TrainShape  # noqa: E402
from core.library import Library  # noqa: E402


def open_library(data_dir: Path, cap: int) -> Library:
    """The library with the candidate cap set for the learned step."""
    settings = Settings.load(data_dir)
    return Library(replace(settings, retrieve=replace(settings.retrieve, hop_cap=cap)))


def learned_builders(names):
    """{name (learned): ctx -> retriever} for a trained scorer."""
    from core.retrieve.iier import IIERRetriever
    from core.retrieve.kgp import KGPRetriever
    classes = {"iier": IIERRetriever, "kgp": KGPRetriever}
    return lambda scorer: {f"{n} (learned)": (lambda ctx, c=classes[n]: c(ctx, learned=scorer)) for n in names}


def baselines(names):
    """{name: ctx -> retriever} for the untrained ones."""
    from core.retrieve.base import make_retriever
    from core.retrieve.iier import IIERRetriever
    from core.retrieve.kgp import KGPRetriever
    out = {"iier (hand)": lambda ctx: IIERRetriever(ctx, learned=None),
           "kgp (no agent)": lambda ctx: KGPRetriever(ctx, learned=None)}
    out.update({n: (lambda ctx, n=n: make_retriever(n, ctx)) for n in names})
    return out


def main() -> int:
    """Parse flags, run k-fold (and cross-set), print and save JSON."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--questions", type=Path, required=True)
    ap.add_argument("--cross-data-dir", type=Path)
    ap.add_argument("--cross-questions", type=Path)
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--max-length", type=int, default=128)
    ap.add_argument("--epochs", type=int, default=1)
    ap.add_argument("--cap", type=int, default=10)
    ap.add_argument("--retrievers", default="iier")
    ap.add_argument("--baselines", default="gnn,dense")
    ap.add_argument("--skip-kfold", action="store_true")
    ap.add_argument("--out", type=Path, default=Path("hop_folds.json"))
    a = ap.parse_args()
    plan = FoldPlan(k=a.k, seed=a.seed, hop=HopShape(layers=a.layers, max_length=a.max_length),
                    train=TrainShape(epochs=a.epochs, threads=1),
                    data=DataShape(first_negatives=6, hard_negatives=4, random_negatives=1, wrong_starts=1))
    names = [n for n in a.retrievers.split(",") if n]
    lib = open_library(a.data_dir, a.cap)
    qs = read_questions(a.questions)
    out = {"plan": repr(plan), "cap": a.cap, "load_start": os.getloadavg()}
    if not a.skip_kfold:
        out["kfold"] = kfold(lib, qs, learned_builders(names), plan)
        out["baselines"] = score(lib, baselines([n for n in a.baselines.split(",") if n]), qs)
        print(json.dumps({"kfold": out["kfold"]["pooled"], "baselines": out["baselines"]}, indent=1), flush=True)
    if a.cross_data_dir and a.cross_questions:
        scorer, record = train_on(lib, [q for q in labelled(lib, qs) if q.gold], plan)
        other = open_library(a.cross_data_dir, a.cap)
        cq = read_questions(a.cross_questions)
        builders = dict(learned_builders(names)(scorer), **baselines([n for n in a.baselines.split(",") if n]))
        out["cross"] = {"train": record, "metrics": score(other, builders, cq)}
        print(json.dumps(out["cross"], indent=1), flush=True)
    out["load_end"] = os.getloadavg()
    a.out.write_text(json.dumps(out, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
