"""Cross-set figure and latency curve of the learned next-hop model.

Trains on every question of one set (or loads a model saved earlier), then scores the
learned iier on the other set for several candidate caps (pairs scored per step), with the
hand-scored iier, gnn and dense beside it; prints recall@5 and latency p50 per cap.

    python benchmarks/hop_curve.py --train-dir MUSIQUE_DIR --train-questions BENCH/musique/questions.jsonl \
        --test-dir HOTPOT_DIR --test-questions BENCH/hotpotqa-dev/questions.jsonl --caps 5,10,20 \
        [--model-root DIR (holds models/hop/: loaded when there, else written)] [--layers 2] [--epochs 1] [--out hop_curve.json]
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hop_folds import baselines, learned_builders, open_library  # noqa: E402

from core.eval.questions import read_questions  # noqa: E402
from core.learn.folds import FoldPlan, labelled, score, train_on  # noqa: E402
from core.learn.hop_data import DataShape  # noqa: E402
from core.learn.hop_model import HopScorer, HopShape  # noqa: E402
from core.learn.hop_train import TrainShape  # noqa: E402


def main() -> int:
    """Train or load, then score the test set once per cap."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for flag in ("--train-dir", "--train-questions", "--test-dir", "--test-questions", "--model-root"):
        ap.add_argument(flag, type=Path)
    ap.add_argument("--caps", default="5,10,20")
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("hop_curve.json"))
    a = ap.parse_args()
    out: dict = {"load_start": os.getloadavg()}
    scorer = HopScorer.load(a.model_root) if a.model_root else None
    if scorer is None:
        plan = FoldPlan(hop=HopShape(layers=a.layers, max_length=128), train=TrainShape(epochs=a.epochs, threads=1),
                        data=DataShape(first_negatives=6, hard_negatives=4, random_negatives=1, wrong_starts=1))
        lib = open_library(a.train_dir, 10)
        scorer, out["train"] = train_on(lib, [q for q in labelled(lib, read_questions(a.train_questions)) if q.gold], plan)
        if a.model_root:
            scorer.save(a.model_root)
        print(json.dumps(out["train"]), flush=True)
    questions = read_questions(a.test_questions)
    out["caps"] = {}
    for i, cap in enumerate(int(c) for c in a.caps.split(",")):
        builders = learned_builders(["iier"])(scorer)
        if i == 0:
            builders.update(baselines(["gnn", "dense"]))
        out["caps"][cap] = score(open_library(a.test_dir, cap), builders, questions)
        print(cap, json.dumps(out["caps"][cap]), flush=True)
    out["load_end"] = os.getloadavg()
    a.out.write_text(json.dumps(out, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
