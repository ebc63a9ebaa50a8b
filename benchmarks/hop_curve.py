"""Cross-set figure and latency curve of the learned next-hop model.

Trains on every question of one set (or loads a model saved earlier), then scores the
learned iier on the other set for several candidate caps (pairs scored per step), with the
hand-scored iier, gnn and dense beside it; prints recall@5 and latency p50 per cap.

    python benchmarks/hop_curve.py --train-dir MUSIQUE_DIR --train-questions BENCH/musique/questions.jsonl \
        --test-dir HOTPOT_DIR --test-questions BENCH/hotpotqa-dev/questions.jsonl --caps 5,10,20 \
        [--model-root DIR (holds models/hop/: loaded when there, else written)] [--retrievers iier,gnn-rerank] [--layers 2] [--epochs 1] [--lr 5e-5] [--out hop_curve.json]
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hop_common import add_plan_flags, per_cap, plan_from, save  # noqa: E402
from hop_folds import baselines, learned_builders, open_library  # noqa: E402

from core.eval.questions import read_questions  # noqa: E402
from core.learn.folds import labelled, score, train_on  # noqa: E402
from core.learn.hop_model import HopScorer  # noqa: E402


def main() -> int:
    """Train or load, then score the test set once per cap."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for flag in ("--train-dir", "--train-questions", "--test-dir", "--test-questions", "--model-root"):
        ap.add_argument(flag, type=Path)
    ap.add_argument("--caps", default="5,10,20")
    ap.add_argument("--retrievers", default="iier")
    add_plan_flags(ap)
    ap.add_argument("--out", type=Path, default=Path("hop_curve.json"))
    a = ap.parse_args()
    out: dict = {"load_start": os.getloadavg()}
    scorer = HopScorer.load(a.model_root) if a.model_root else None
    if scorer is None:
        plan = plan_from(a)
        lib = open_library(a.train_dir, 10)
        scorer, out["train"] = train_on(lib, [q for q in labelled(lib, read_questions(a.train_questions)) if q.gold], plan)
        if a.model_root:
            scorer.save(a.model_root)
        print(json.dumps(out["train"]), flush=True)
    questions = read_questions(a.test_questions)
    first = []

    def run(cap: int) -> dict:
        builders = learned_builders(a.retrievers.split(","))(scorer)
        if not first:
            builders.update(baselines(["gnn", "dense"]))
        first.append(cap)
        return score(open_library(a.test_dir, cap), builders, questions)
    per_cap(a.caps, run, out)
    return save(out, a.out)


if __name__ == "__main__":
    raise SystemExit(main())
