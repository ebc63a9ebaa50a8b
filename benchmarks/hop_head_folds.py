"""Held-out figures for gnn_rerank with the feature head: k-fold on one set, then cross-set.

    python benchmarks/hop_head_folds.py --data-dir MUSIQUE_DIR --questions BENCH/musique/questions.jsonl \
        [--cross-data-dir HOTPOT_DIR --cross-questions BENCH/hotpotqa-dev/questions.jsonl] \
        [--also-data-dir HOTPOT_DIR --also-questions BENCH/hotpotqa-dev/questions.jsonl] \
        [--k 5] [--seed 0] [--cap 10] [--passes 2] [--bridge 0] [--out hop_head_folds.json]

Outer folds as `hop_folds.py` (the same shuffled split for a seed): the head is trained on
k-1 folds (its fusion weight chosen by inner folds of those questions, `core.learn.head_fit`)
and scored on the held-out fold, through the ordinary evaluator. gnn is scored on the same
questions. Cross-set: trained on all of the first set, scored on the second. `--also-*`:
another set's questions join every fold's training (never the scored set's held-out ones).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hop_common import add_fold_flags, save  # noqa: E402
from hop_folds import open_library  # noqa: E402

from core.eval.questions import read_questions  # noqa: E402
from core.learn.folds import folds, labelled, pooled, score  # noqa: E402
from core.learn.head_fit import train_head  # noqa: E402
from core.retrieve.gnn_rerank import GNNRerankRetriever  # noqa: E402


def builders(head) -> dict:
    """gnn_rerank with this head, its head-only ranking, and plain gnn."""
    return {"gnn_rerank (head)": lambda ctx: GNNRerankRetriever(ctx, learned=head),
            "head only": lambda ctx: GNNRerankRetriever(ctx, learned=head, weight=1e6),
            "gnn": lambda ctx: GNNRerankRetriever(ctx, learned=None)}


def kfold(lib, qs, k: int, seed: int, cap: int, extra=(), passes: int = 2, bridge: int = 0) -> dict:
    """Train on k-1 folds (plus `extra` libraries' labelled questions), score the held-out
    one, for each fold; pooled over all."""
    gold = labelled(lib, qs)
    parts, runs = [], []
    for i, held in enumerate(folds(len(qs), k, seed)):
        train_q = [gold[j] for j in range(len(qs)) if j not in held and gold[j].gold]
        head = train_head(lib.context(), train_q, seed, cap, passes, extra, bridge)
        result = score(lib, builders(head), [qs[j] for j in held])
        print(f"fold {i + 1}/{k}: w={head.record['rerank_weight']} {json.dumps(result)}", flush=True)
        parts.append((len(held), result))
        runs.append({"fold": i + 1, "held_out": len(held), "train": head.record, "metrics": result})
    return {"pooled": pooled(parts), "folds": runs}


def main() -> int:
    """Parse flags, run k-fold (and cross-set), print and save JSON."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_fold_flags(ap)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cap", type=int, default=10)
    ap.add_argument("--also-data-dir", type=Path, help="another library whose questions join every fold's training")
    ap.add_argument("--also-questions", type=Path)
    ap.add_argument("--passes", type=int, default=2)
    ap.add_argument("--bridge", type=int, default=0, help="bridge-step hits per query and path chunk (0: off)")
    ap.add_argument("--skip-kfold", action="store_true", help="cross-set only")
    ap.add_argument("--out", type=Path, default=Path("hop_head_folds.json"))
    a = ap.parse_args()
    lib = open_library(a.data_dir, a.cap)
    qs = read_questions(a.questions)
    out = {"k": a.k, "seed": a.seed, "cap": a.cap, "passes": a.passes, "bridge": a.bridge, "load_start": os.getloadavg()}
    extra = []
    if a.also_data_dir and a.also_questions:
        also = open_library(a.also_data_dir, a.cap)
        extra = [(also.context(), [q for q in labelled(also, read_questions(a.also_questions)) if q.gold])]
        out["also"] = str(a.also_questions)
    if not a.skip_kfold:
        out["kfold"] = kfold(lib, qs, a.k, a.seed, a.cap, extra, a.passes, a.bridge)
        print(json.dumps(out["kfold"]["pooled"], indent=1), flush=True)
    if a.cross_data_dir and a.cross_questions:
        head = train_head(lib.context(), [q for q in labelled(lib, qs) if q.gold], a.seed, a.cap, a.passes,
                          bridge=a.bridge)
        other = open_library(a.cross_data_dir, a.cap)
        out["cross"] = {"train": head.record, "metrics": score(other, builders(head), read_questions(a.cross_questions))}
        print(json.dumps(out["cross"]["metrics"], indent=1), flush=True)
    return save(out, a.out)


if __name__ == "__main__":
    raise SystemExit(main())
