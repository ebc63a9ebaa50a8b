"""Leave-one-set-out comparison of sentence choosers on the rows fit_chooser.py recorded.

Not collected by pytest. Reads the --rows file of `fit_chooser.py` (per tuning question: the
reader's answer pool, each unit's FEATURES, whether it holds the short answer, the hand-made
pick) and prints, per left-out set, how many quoted units hold the answer for:
- hand-made: the reader's own pick (the default);
- chooser: the logistic regression over FEATURES without the learned scorer;
- chooser+learned: with the learned sentence scorer's score (`core/answer/sentence_scorer.py`);
- chooser+learned+type: with answer-type matches (the question asks how to do something / for
  a number, the unit holds code / a digit);
- learned alone, cosine alone: each unit ranked by that one signal.
Each chooser is fitted on the other sets and replaces the hand-made pick only when it leads by
the margin (0.0, 0.1, 0.2 are shown).

    python benchmarks/answer_tuning/loso_scorer.py --rows ROWS.json
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import json
import re

import numpy as np
from sklearn.linear_model import LogisticRegression

from core.answer.choose import FEATURES

_HOW = re.compile(r"\b(how (do|can|to|should)|command|run|start|invoke|option|flag|switch|call|enable|disable)\b", re.I)
_NUMBER = re.compile(r"\b(how (many|much|long|big|large)|number|version|size|port|limit|maximum|minimum|default|"
                     r"value|year|when)\b", re.I)
_CODE = re.compile(r"(?:^|\s)--?\w|\w\(|\w/\w|`|\$\w|\b\w+\.\w{1,4}\b|\b[A-Z_]{3,}\b|[<>=]")


def answer_type(question: str, text: str) -> list[float]:
    """Whether the unit holds what the question's shape asks for (code, a digit), and whether it holds either."""
    code, digit = bool(_CODE.search(text)), bool(re.search(r"\d", text))
    return [float(code and bool(_HOW.search(question))), float(digit and bool(_NUMBER.search(question))),
            float(code), float(digit)]


def matrix(d: dict, columns: list[int], typed: bool) -> np.ndarray:
    """The question's rows: the chosen FEATURES columns, and the answer-type signals when `typed`."""
    x = np.asarray(d["x"], dtype=np.float64)[:, columns]
    if typed:
        x = np.hstack([x, np.asarray([answer_type(d["question"], t) for t in d["texts"]])])
    return x - x.mean(axis=0)  # each signal against its pool's average, as the chooser reads them


def fit(data: list[dict], columns: list[int], typed: bool):
    """Logistic regression (balanced classes) on standardised rows of questions whose pool holds the answer."""
    held = [d for d in data if any(d["y"])]
    x = np.vstack([matrix(d, columns, typed) for d in held])
    y = np.asarray([v for d in held for v in d["y"]])
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    return LogisticRegression(C=1.0, max_iter=3000, class_weight="balanced").fit((x - mean) / scale, y), mean, scale


def hits(model, data: list[dict], columns: list[int], typed: bool, margin: float, rows=None) -> int:
    """Questions whose quoted unit holds the answer: the chooser's unit where it leads the hand-made one by `margin`
    (`rows`: a question's feature rows, by default `matrix` of `columns`)."""
    clf, mean, scale = model
    rows = rows or (lambda d: matrix(d, columns, typed))
    out = 0
    for d in data:
        p = clf.predict_proba((rows(d) - mean) / scale)[:, 1]
        best, base = int(np.argmax(p)), d["base_i"]
        out += int(d["y"][best] if p[best] - p[base] > margin else d["y"][base])
    return out


def main() -> None:
    """Print the comparison table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=Path, required=True)
    sets = json.loads(ap.parse_args().rows.read_text(encoding="utf-8"))
    names = list(sets)
    every = list(range(len(FEATURES)))
    without = [i for i, f in enumerate(FEATURES) if f != "learned"]
    print("sets:", {n: len(sets[n]) for n in names}, "pool holds the answer:",
          {n: sum(any(d["y"]) for d in sets[n]) for n in names})
    print("hand-made:", [sum(int(d["y"][d["base_i"]]) for d in sets[n]) for n in names])
    for signal in ("learned", "cos"):
        j = FEATURES.index(signal)
        top = [sum(int(d["y"][int(np.argmax(np.asarray(d["x"])[:, j]))]) for d in sets[n]) for n in names]
        print(f"{signal} alone:", top)
    for label, columns, typed in (("chooser", without, False), ("chooser+learned", every, False),
                                  ("chooser+learned+type", every, True)):
        for margin in (0.0, 0.1, 0.2):
            row = [hits(fit([d for o in names if o != n for d in sets[o]], columns, typed),
                        sets[n], columns, typed, margin) for n in names]
            print(f"{label} (margin {margin}): {row} = {sum(row)}")


if __name__ == "__main__":
    main()
