"""Would a learned pick of the first-line sentence beat the hand-made one? Leave one set out.

Not collected by pytest. Reads the rows `fit_chooser.py --rows` records: per question the
reader's answer pool (its best units and the sentences after them), each unit's chooser
signals (`core.answer.choose.FEATURES`), whether it holds the short answer, and the unit the
hand-made reader quoted first. For each set left out, a model fitted on the other sets picks
one unit per question; the count of picked units holding the answer is printed beside the
hand-made pick's, and beside how often the pool holds the answer at all (the ceiling).

    python benchmarks/answer_tuning/loso_pick.py ROWS.json --model lr|gb [--features all|cheap]
    python benchmarks/answer_tuning/loso_pick.py ROWS.json --model ce [--epochs 2]

`lr`: logistic regression (balanced classes); `gb`: gradient-boosted trees; both read each
signal as it is, against its pool's mean and against its pool's best. `cheap` drops the MiniLM
signals (cosines and the learned sentence score), which cost the reader most of its time.
`ce`: a cross-encoder (MiniLM's first 3 layers and a head, `core.learn.hop_train.fit`) trained
on (question, unit) pairs; `mix` takes its unit only where it leads the hand-made one by 1 logit.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import json
import time

import numpy as np

from core.answer import choose

MINILM = ("cos", "cos_next", "cos_lead", "learned")


def columns(features: str) -> list[int]:
    """Indices of the chooser signals used."""
    return [i for i, f in enumerate(choose.FEATURES) if features == "all" or f not in MINILM]


def rows_of(d: dict, cols: list[int]) -> np.ndarray:
    """A question's pool rows: each signal, against the pool's mean, against the pool's best."""
    x = np.array(d["x"], dtype=float)[:, cols]
    return np.hstack([x, x - x.mean(axis=0), x - x.max(axis=0)])


def fit_rows(data: list[dict], cols: list[int], model: str):
    """A scoring function fitted on the questions whose pool holds the answer."""
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression

    x = np.vstack([rows_of(d, cols) for d in data if any(d["y"])])
    y = np.array([v for d in data if any(d["y"]) for v in d["y"]])
    if model == "lr":
        mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
        lr = LogisticRegression(C=1.0, max_iter=5000, class_weight="balanced").fit((x - mean) / scale, y)
        return lambda d: lr.predict_proba((rows_of(d, cols) - mean) / scale)[:, 1]
    gb = HistGradientBoostingClassifier(max_iter=150, learning_rate=0.05, max_leaf_nodes=15, random_state=0,
                                        class_weight="balanced").fit(x, y)
    return lambda d: gb.predict_proba(rows_of(d, cols))[:, 1]


def fit_cross_encoder(data: list[dict], epochs: int):
    """A 3-layer MiniLM cross-encoder fitted on (question, unit) -> holds the answer."""
    from core.learn.hop_data import HopExample
    from core.learn.hop_model import HopShape
    from core.learn.hop_train import TrainShape, fit

    pairs = [HopExample(d["question"], (), text, float(y)) for d in data if any(d["y"])
             for text, y in zip(d["texts"], d["y"])]
    scorer, _ = fit(pairs, TrainShape(epochs=epochs, batch=16), HopShape(layers=3, max_length=128,
                                                                          candidate_words=80), seed=0)
    return lambda d: scorer.score(d["question"], [], d["texts"])


def main() -> None:
    """Leave each set out; print picked / hand-made / ceiling per set and in all."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rows", type=Path)
    ap.add_argument("--model", choices=("lr", "gb", "ce"), default="lr")
    ap.add_argument("--features", choices=("all", "cheap"), default="all")
    ap.add_argument("--epochs", type=int, default=2)
    args = ap.parse_args()
    sets = json.loads(args.rows.read_text(encoding="utf-8"))
    total = {"picked": 0.0, "mix": 0.0, "hand": 0.0, "ceiling": 0.0, "questions": 0}
    shown = [k for k in total if k != "mix" or args.model == "ce"]  # mix: the cross-encoder's only
    for name in sets:
        train = [d for other, data in sets.items() if other != name for d in data]
        start = time.perf_counter()
        score = (fit_cross_encoder(train, args.epochs) if args.model == "ce"
                 else fit_rows(train, columns(args.features), args.model))
        got = {"picked": 0.0, "mix": 0.0, "hand": 0.0, "ceiling": 0.0, "questions": len(sets[name])}
        for d in sets[name]:
            p, base = np.asarray(score(d)), d["base_i"]
            best = int(np.argmax(p))
            got["picked"] += d["y"][best]
            got["mix"] += d["y"][best] if args.model == "ce" and p[best] - p[base] > 1.0 else d["y"][base]
            got["hand"] += d["y"][base]
            got["ceiling"] += float(any(d["y"]))
        print(f"left out {name}: " + ", ".join(f"{k} {got[k]:.0f}" for k in shown)
              + f" ({time.perf_counter() - start:.0f} s)", flush=True)
        for key in total:
            total[key] += got[key]
    print("all sets: " + ", ".join(f"{k} {total[k]:.0f}" for k in shown))


if __name__ == "__main__":
    main()
