"""Held-out figures for the learned next-hop model: k-fold on one set, then cross-set.

    python benchmarks/hop_folds.py --data-dir MUSIQUE_DIR --questions BENCH/musique/questions.jsonl \
        [--cross-data-dir HOTPOT_DIR --cross-questions BENCH/hotpotqa-dev/questions.jsonl] \
        [--k 5] [--layers 2] [--epochs 1] [--lr 5e-5] [--cap 10] [--retrievers iier,kgp,iier-combine,gnn-rerank] \
        [--baselines gnn,dense,iier-hand,kgp-no-agent] [--out hop_folds.json]

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

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hop_common import add_fold_flags, add_plan_flags, plan_from, save  # noqa: E402

from core.config import Settings  # noqa: E402
from core.eval.questions import read_questions  # noqa: E402
from core.learn.folds import kfold, labelled, score, train_on  # noqa: E402
from core.library import Library  # noqa: E402


def open_library(data_dir: Path, cap: int) -> Library:
    """The library with the candidate cap set for the learned step."""
    settings = Settings.load(data_dir)
    return Library(replace(settings, retrieve=replace(settings.retrieve, hop_cap=cap)))


def combined(ctx, scorer):
    """iier's hand walk with the learned probability as one more next-hop term."""
    from core.retrieve.iier import IIERRetriever
    r = IIERRetriever(ctx, learned=scorer)
    r.mode = "combine"
    return r


def learned_builders(names):
    """{name (learned): ctx -> retriever} for a trained scorer; names: iier, kgp, iier-combine,
    gnn-rerank (the weight chosen on the scorer's training questions)."""
    from core.retrieve.gnn_rerank import GNNRerankRetriever
    from core.retrieve.iier import IIERRetriever
    from core.retrieve.kgp import KGPRetriever
    made = {"iier": IIERRetriever, "kgp": KGPRetriever, "gnn-rerank": GNNRerankRetriever}
    return lambda scorer: {f"{n} (learned)": (lambda ctx, n=n: combined(ctx, scorer) if n == "iier-combine"
                                              else made[n](ctx, learned=scorer)) for n in names}


def baselines(names):
    """{name: ctx -> retriever} for the untrained ones (iier-hand, kgp-no-agent, or any
    make_retriever name)."""
    from core.retrieve.base import make_retriever
    from core.retrieve.iier import IIERRetriever
    from core.retrieve.kgp import KGPRetriever
    special = {"iier-hand": ("iier (hand)", lambda ctx: IIERRetriever(ctx, learned=None)),
               "kgp-no-agent": ("kgp (no agent)", lambda ctx: KGPRetriever(ctx, learned=None))}
    return dict(special[n] if n in special else (n, lambda ctx, n=n: make_retriever(n, ctx)) for n in names)


def main() -> int:
    """Parse flags, run k-fold (and cross-set), print and save JSON."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_fold_flags(ap)
    add_plan_flags(ap)
    ap.add_argument("--cap", type=int, default=10)
    ap.add_argument("--retrievers", default="iier")
    ap.add_argument("--baselines", default="gnn,dense,iier-hand,kgp-no-agent")
    ap.add_argument("--skip-kfold", action="store_true")
    ap.add_argument("--out", type=Path, default=Path("hop_folds.json"))
    a = ap.parse_args()
    plan = plan_from(a, a.k)
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
    return save(out, a.out)


if __name__ == "__main__":
    raise SystemExit(main())
