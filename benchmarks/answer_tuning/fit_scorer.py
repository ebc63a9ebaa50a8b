"""Fit the reader's learned sentence scorer (core/answer/sentence_scorer.py) on hotpotqa-dev and musique.

Not collected by pytest. These two retrieval benchmarks are no answer test set: each question
has a short answer and its supporting paragraphs. Every paragraph is cut into the reader's
units (`split_units`); a unit that holds the answer (or an alias) as whole words is a
positive, the paragraph's other units negatives (yes/no questions are left out). Question and
units are embedded with the library's embedder (the packaged MiniLM); a logistic regression
(balanced classes) on the element-wise product of the two unit vectors is fitted and written
as plain JSON (385 numbers) to core/answer/scorer_weights.json.

    python benchmarks/answer_tuning/fit_scorer.py [--bench ../shared/bench] [--C 0.1]
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import json

import numpy as np
from sklearn.linear_model import LogisticRegression

from core.answer import sentence_scorer
from core.answer.units import split_units
from core.config import Settings
from core.eval.answers import occurs, plain
from core.index.factory import make_embedder

SETS = ("hotpotqa-dev", "musique")


def examples(bench: Path) -> tuple[list[str], list[str], list[int], list[float]]:
    """(questions, units, the question of each unit, labels) over the supporting paragraphs."""
    questions, units, owner, labels = [], [], [], []
    for name in SETS:
        corpus = {r["id"]: r for r in map(json.loads, (bench / name / "corpus.jsonl").open(encoding="utf-8"))}
        for r in map(json.loads, (bench / name / "questions.jsonl").open(encoding="utf-8")):
            answers = [a for a in (r["answer"], *r.get("answer_aliases", [])) if a.strip()]
            if r["answer"].strip().lower() in ("yes", "no"):
                continue
            questions.append(r["question"])
            for pid in r["supporting_ids"]:
                for u in split_units(corpus[pid]["text"], 1, corpus[pid]["title"]):
                    units.append(u.text)
                    owner.append(len(questions) - 1)
                    labels.append(float(any(occurs(a, plain(u.text)) for a in answers)))
    return questions, units, owner, labels


def main() -> None:
    """Build the examples, embed them, fit the head, write its weights."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", type=Path, default=Path(__file__).resolve().parents[3] / "shared" / "bench")
    ap.add_argument("--C", type=float, default=0.1, help="inverse regularisation strength")
    ap.add_argument("--out", type=Path, default=sentence_scorer.WEIGHTS)
    args = ap.parse_args()
    questions, units, owner, labels = examples(args.bench)
    embedder = make_embedder(Settings.load())
    q = np.asarray(embedder.embed(questions), dtype=np.float64)[np.asarray(owner)]
    s = np.asarray(embedder.embed(units), dtype=np.float64)
    model = LogisticRegression(C=args.C, max_iter=5000, class_weight="balanced").fit(q * s, np.asarray(labels))
    args.out.write_text(json.dumps({
        "input": "question vector * sentence vector (element-wise), both L2-normalised MiniLM",
        "fitted_on": list(SETS), "questions": len(questions), "units": len(units), "positives": int(sum(labels)),
        "C": args.C, "coef": model.coef_[0].round(6).tolist(), "intercept": round(float(model.intercept_[0]), 6)},
        indent=0) + "\n", encoding="utf-8")
    print(f"wrote {args.out}: {len(questions)} questions, {len(units)} units, {int(sum(labels))} positive")


if __name__ == "__main__":
    main()
