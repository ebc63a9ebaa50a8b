"""Leave-one-set-out choice of the reader's answer-shape rules (`core.answer.answer_type`).

Not collected by pytest. For every tuning question of each --set (NAME=LIBRARY:QUESTIONS:
SPLIT[:CACHE], as in miss_causes.py) the default reader answers with each setting of the grid:
`shape_bonus` (a pool sentence holding a new token of the shape the question asks for: a
command or option for "How do I …?", a number for "How many …?", a path for "Which folder
…?") and `shape_read_on` (read on into the next sentence that holds that shape). (A third
rule, a penalty for a short sentence that only says "see …", gained on decline-bzip2 alone
and was removed from the reader.) Then, for each left-out set, the
setting with most first-line hits on the other sets (then whole-answer hits; ties go to the
earlier, simpler setting) is chosen and counted on the left-out one. A rule is kept only when
the left-out counts beat the rule off in sum and lose on no set. Each set's row also gives
its median answer words per setting (last figure).

    python benchmarks/answer_tuning/loso_shape.py \\
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

OFF = {"shape_bonus": 0.0, "shape_read_on": 0}
GRID = {  # the first entry is the rules off; order breaks ties
    "off": {},
    "bonus.05": {"shape_bonus": 0.05}, "bonus.1": {"shape_bonus": 0.1}, "bonus.15": {"shape_bonus": 0.15},
    "read_on25": {"shape_read_on": 25}, "read_on32": {"shape_read_on": 32}, "read_on40": {"shape_read_on": 40},
    "bonus.05+read_on40": {"shape_bonus": 0.05, "shape_read_on": 40},
}


def counts(spec: str, grid: dict | None = None, off: dict | None = None) -> dict[str, tuple[float, ...]]:
    """Per setting of `grid` (default: GRID, each over OFF): first-line, whole and span_hit hits
    on one set, and its median answer words."""
    grid, off = grid or GRID, OFF if off is None else off
    lib_dir, questions, split, *cache = spec.split(":")
    rows = [json.loads(x) for x in open(questions, encoding="utf-8") if x.strip()]
    rows = [r for r in rows if in_split(r["id"], split) and r.get("short_answers")]
    results = retrieved(lib_dir, rows, cache[0] if cache else "")
    out = {}
    for label, setting in grid.items():
        reader = ExtractiveReader(None, **{**off, **setting})
        graded, words = [], []
        for r in rows:
            ans = answer_question(r["question"], results[r["id"]], None, None, reader=reader)
            chunks = [sc.chunk for sc in evidence_order(results[r["id"]].chunks)[:8]]
            graded.append(cause(ans, Question.from_dict(r), chunks))
            words.append(word_count(ans.text))
        hits = tuple(int(sum(g[k] for g in graded)) for k in ("first", "whole", "span_hit"))
        out[label] = hits + (statistics.median(words) if words else 0,)
    return out


def main(grid: dict | None = None, off: dict | None = None, doc: str = __doc__, whole_first: bool = False,
         max_median: float | None = None) -> None:
    """Count every setting of `grid` on every set, then choose leaving one set out: by first-line
    hits then whole-answer hits (`whole_first`: the other way round), among the settings whose
    median answer stays within `max_median` words on every other set (None: any)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--set", action="append", required=True, help="NAME=LIBRARY:QUESTIONS:SPLIT[:CACHE]")
    args = ap.parse_args()
    table = {name: counts(spec, grid, off) for name, spec in (s.split("=", 1) for s in args.set)}
    for name, row in table.items():
        print(name, json.dumps(row))
    labels = list(grid or GRID)
    held = {}
    for out in table:
        others = [n for n in table if n != out]
        score = {lab: (sum(table[n][lab][0] for n in others), sum(table[n][lab][1] for n in others)) for lab in labels}
        if whole_first:
            score = {lab: (w, f) for lab, (f, w) in score.items()}
        fits = [lab for lab in labels if max_median is None or all(table[n][lab][3] <= max_median for n in others)]
        pick = max(fits or labels[:1], key=lambda lab: (score[lab], -labels.index(lab)))
        held[out] = (pick, table[out][pick], table[out]["off"])
        print(f"left out {out}: chose {pick}: {table[out][pick]} (off: {table[out]['off']})")
    total = [sum(h[1][i] for h in held.values()) for i in range(3)]
    base = [sum(h[2][i] for h in held.values()) for i in range(3)]
    print(f"left-out sum (first, whole, span_hit): {total} against rules off {base}")


if __name__ == "__main__":
    main()
