"""Fit the reader's sentence chooser (core/answer/choose.py) on the tuning sets only.

Not collected by pytest. Each --set is NAME=LIBRARY:QUESTIONS:SPLIT[:CACHE] (CACHE: a pickle
of retrieval results keyed by question id, written on the first run, so later runs skip the
retrieval). For every question the reader's answer pool is recorded with its features; a
unit is labelled right when its text holds the short answer. A logistic regression is
fitted; --loso first checks it by leaving each set out (how often the chosen unit holds the
answer, against the unit the hand-made reader picks), then the weights from all sets are
written to core/answer/choose_weights.json (plain JSON).

    python benchmarks/answer_tuning/fit_chooser.py --loso \
        --set pdfqa=LIB:../shared/bench/pdfqa-dev/questions.jsonl:even \
        --set yorick=LIB2:benchmarks/answer_tuning/yorick-doc.jsonl:all \
        --set debian=LIB3:benchmarks/answer_tuning/debian-docs-tune.jsonl:all \
        --set debian2=LIB4:benchmarks/answer_tuning/debian-docs-tune-2.jsonl:all \
        --set sdccnauty=LIB4:benchmarks/answer_tuning/debian-docs-2-tune.jsonl:all

The recorded rows (--rows) are what benchmarks/answer_tuning/loso_scorer.py compares choosers on.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import json
import pickle
import re

import numpy as np
from sklearn.linear_model import LogisticRegression

from core.answer import choose
from core.answer.qa import answer_question
from core.answer.reader import ExtractiveReader
from core.config import Settings
from core.eval.answers import is_hit
from core.eval.questions import Question
from core.index.factory import make_embedder


def in_split(qid: str, split: str) -> bool:
    """even / odd by the last number of the id; 'all' keeps every question."""
    digits = re.findall(r"\d+", qid)
    return split == "all" or not digits or (int(digits[-1]) % 2 == 0) == (split == "even")


def retrieved(lib_dir: str, rows: list[dict], cache: str) -> dict:
    """Question id -> retrieval result (default retriever, k=5), cached in `cache` when given."""
    if cache and Path(cache).exists():
        return pickle.loads(Path(cache).read_bytes())
    from core.library import Library
    lib = Library(Settings.load(data_dir=Path(lib_dir)))
    out = {r["id"]: lib.retrieve(r["question"], None, 5) for r in rows}  # the default retriever
    if cache:
        Path(cache).write_bytes(pickle.dumps(out))
    return out


def record(spec: str, embedder) -> list[dict]:
    """Per question: the pool's feature rows, labels, and the hand-made reader's pick."""
    lib_dir, questions, split, *cache = spec.split(":")
    rows = [json.loads(x) for x in open(questions, encoding="utf-8") if x.strip()]
    rows = [r for r in rows if in_split(r["id"], split) and r.get("short_answers")]
    results = retrieved(lib_dir, rows, cache[0] if cache else "")
    seen: list = []
    original, was_active = choose.pick_unit, choose.active
    choose.pick_unit = lambda pool, feats, base: seen.append((list(pool), feats)) or -1  # type: ignore[assignment]
    choose.active = lambda: True  # type: ignore[assignment]  # rows are wanted before any weights exist
    out = []
    try:
        for r in rows:
            seen.clear()
            q = Question.from_dict(r)
            reader = ExtractiveReader(embedder, use_chooser=True)  # pick_unit above sees the rows, keeps the pick
            ans = answer_question(r["question"], results[r["id"]], None, embedder, reader=reader)
            if len(seen) != 1:  # yes/no, either/or or a decline: the chooser is not asked
                continue
            pool, feats = seen[0]
            first = ans.text.splitlines()[0] if ans.text else ""
            said = set(first.lower().split())
            base_i = max(range(len(pool)), key=lambda i: (len(said & set(pool[i].text.lower().split())), -i))
            out.append({"id": r["id"], "x": feats, "y": [float(is_hit(u.text, q)) for u in pool],
                        "base": float(is_hit(first, q)), "base_i": base_i,
                        "texts": [u.text for u in pool], "question": r["question"]})
    finally:
        choose.pick_unit, choose.active = original, was_active
    return out


def _centred(d: dict) -> np.ndarray:
    """A question's rows, each signal against its pool's average (as the chooser reads them)."""
    x = np.array(d["x"], dtype=np.float64)
    return x - x.mean(axis=0)


def fit(data: list[dict]) -> LogisticRegression:
    """Logistic regression (balanced classes) on standardised centred rows of the questions
    whose pool holds the answer."""
    x = np.vstack([_centred(d) for d in data if any(d["y"])])
    y = np.array([v for d in data if any(d["y"]) for v in d["y"]])
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    model = LogisticRegression(C=1.0, max_iter=3000, class_weight="balanced").fit((x - mean) / scale, y)
    model.mean_, model.scale_ = mean, scale
    return model


def picked(model: LogisticRegression, data: list[dict], margin: float) -> float:
    """Share of questions whose quoted unit holds the answer: the chooser's unit where it leads
    the hand-made pick by `margin`, else the hand-made pick."""
    hits = []
    for d in data:
        p = model.predict_proba((_centred(d) - model.mean_) / model.scale_)[:, 1]
        best, base = int(np.argmax(p)), d["base_i"]
        hits.append(d["y"][best] if p[best] - p[base] > margin else d["y"][base])
    return round(float(np.mean(hits)), 3) if hits else 0.0


def main() -> None:
    """Record every set, check by leaving one set out, write the weights."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", required=True, help="NAME=LIBRARY:QUESTIONS:SPLIT[:CACHE]")
    ap.add_argument("--loso", action="store_true")
    ap.add_argument("--margin", type=float, default=0.1, help="lead over the hand-made pick needed to replace it")
    ap.add_argument("--out", type=Path, default=choose.WEIGHTS)
    ap.add_argument("--rows", type=Path, help="keep the recorded rows here (JSON) and reuse them on later runs")
    args = ap.parse_args()
    sets = json.loads(args.rows.read_text()) if args.rows and args.rows.exists() else {}
    if any(name not in sets for name, _ in (s.split("=", 1) for s in args.set)):
        embedder = make_embedder(Settings.load())
        for name, spec in (s.split("=", 1) for s in args.set):
            sets[name] = sets.get(name) or record(spec, embedder)
        if args.rows:
            args.rows.write_text(json.dumps(sets))
    for name, data in sets.items():
        reach = np.mean([any(d["y"]) for d in data])
        print(f"{name}: {len(data)} questions, pool holds the answer {reach:.3f}, "
              f"hand-made first line {np.mean([d['base'] for d in data]):.3f}")
    if args.loso:
        for name in sets:
            model = fit([d for other, data in sets.items() if other != name for d in data])
            print(f"left out {name}: quoted unit holds the answer {picked(model, sets[name], args.margin)} "
                  f"(hand-made {picked(model, sets[name], 2.0)})")
    model = fit([d for data in sets.values() for d in data])
    args.out.write_text(json.dumps({
        "features": list(choose.FEATURES), "mean": model.mean_.round(6).tolist(),
        "scale": model.scale_.round(6).tolist(), "coef": model.coef_[0].round(6).tolist(),
        "intercept": round(float(model.intercept_[0]), 6), "margin": args.margin,
        "fitted_on": sorted(sets)}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}: " + ", ".join(f"{f} {c:+.2f}" for f, c in zip(choose.FEATURES, model.coef_[0])))


if __name__ == "__main__":
    main()
