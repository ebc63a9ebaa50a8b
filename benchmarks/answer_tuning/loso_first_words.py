"""Leave-one-set-out choice of the first quote's window (`ExtractiveReader.first_words`).

Not collected by pytest. For every answerable tuning question of each --set (NAME=LIBRARY:
QUESTIONS:SPLIT[:CACHE], as in miss_causes.py) the default reader answers with each window of
the grid: the first line quotes at most that many words of the answering sentence, cut around
the answer (a longer window leaves less of the answer's 40-word budget to the other quotes).
Prints per set and setting the first-line, whole-answer and span_hit hits and the median
answer words; then, for each left-out set, the setting with most first-line hits on the other
sets (then whole-answer hits; ties go to the earlier setting) is counted on the left-out one.

Thirteen sets (pdfqa-dev even ids, pdfqa-own-tune, pdfqa-asides-2, -3, yorick, debian 1, 2,
sdcc/nauty, 4, 5, 6, decline-bzip2, r-docs-tune; 683 questions), 2026-11-29, grid 25 (as
shipped before) / 30 / 35 / 40: 40 chosen on every fold; left out, first-line / whole /
span_hit hits 433 / 486 / 435 against 422 / 481 / 435 at 25; no set lost a first line, whole
one lower on pdfqa-own-tune and debian 1; median answer words per set 34.5-39 at 25, 34-39 at 40. A second
grid (25 / 40 / 45 / 50) gave 45 and 50 one question more in sum (434 / 487 at 50): the reader
ships 40, a first line that still fits the answer's budget.

    python benchmarks/answer_tuning/loso_first_words.py --grid 25,30,35,40 \\
        --set pdfqa=LIB:../shared/bench/pdfqa-dev/questions.jsonl:even:CACHE \\
        --set debian5=LIB5:benchmarks/answer_tuning/debian-docs-tune-5.jsonl:all:CACHE5 ...
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import json
import statistics

from benchmarks.answer_tuning.fit_chooser import in_split, retrieved
from benchmarks.answer_tuning.miss_causes import cause
from core.answer.qa import answer_question, evidence_order
from core.answer.reader import ExtractiveReader
from core.eval.answers import word_count
from core.eval.questions import Question


def counts(spec: str, windows: list[int]) -> dict[int, list[float]]:
    """Per window: first-line, whole-answer and span_hit hits on one set, and median words."""
    lib_dir, questions, split, *cache = spec.split(":")
    rows = [json.loads(x) for x in open(questions, encoding="utf-8") if x.strip()]
    rows = [r for r in rows if in_split(r["id"], split) and r.get("short_answers")]
    results = retrieved(lib_dir, rows, cache[0] if cache else "")
    out = {}
    for n in windows:
        reader = ExtractiveReader(None, first_words=n)
        graded, words = [], []
        for r in rows:
            ans = answer_question(r["question"], results[r["id"]], None, None, reader=reader)
            chunks = [sc.chunk for sc in evidence_order(results[r["id"]].chunks)[:8]]
            graded.append(cause(ans, Question.from_dict(r), chunks))
            words.append(word_count(ans.text))
        out[n] = [int(sum(g[k] for g in graded)) for k in ("first", "whole", "span_hit")] + [statistics.median(words)]
    return out


def main() -> None:
    """Count every window on every set, then choose leaving one set out."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", required=True, help="NAME=LIBRARY:QUESTIONS:SPLIT[:CACHE]")
    ap.add_argument("--grid", default="25,30,35,40", help="windows to measure; the first is the baseline")
    args = ap.parse_args()
    windows = [int(x) for x in args.grid.split(",")]
    table = {name: counts(spec, windows) for name, spec in (s.split("=", 1) for s in args.set)}
    for name, row in table.items():
        print(name, json.dumps(row))
    held, base = [0, 0, 0], [0, 0, 0]
    for out in table:
        others = [n for n in table if n != out]
        pick = max(windows, key=lambda w: (sum(table[n][w][0] for n in others),
                                           sum(table[n][w][1] for n in others), -windows.index(w)))
        print(f"left out {out}: chose {pick}: {table[out][pick]} (baseline: {table[out][windows[0]]})")
        for i in range(3):
            held[i] += table[out][pick][i]
            base[i] += table[out][windows[0]][i]
    print(f"left-out sum (first, whole, span_hit): {held} against the baseline {base}")


if __name__ == "__main__":
    main()
