"""Split the offline reader's first-line misses on the tuning sets by cause.

Not collected by pytest. For every answerable question of each --set (NAME=LIBRARY:QUESTIONS:
SPLIT[:CACHE], as in fit_chooser.py; CACHE keeps the retrieval results) the default reader
answers from the top 5 chunks, and a first line that misses the short answer is put under one
cause: `declined`; `not_retrieved` (no evidence chunk holds the answer); `other_chunk` (the
first line quotes a chunk that does not hold it); `wrong_sentence` (it quotes the right chunk,
another sentence of it); `cut` (its supporting span holds the answer, the shown window does
not). Prints per set the first-line, whole-answer and span_hit figures, the causes, and the
reader's CPU time per question (retrieval not counted).

    python benchmarks/answer_tuning/miss_causes.py [--rows ROWS.json] \\
        --set pdfqa=LIB:../shared/bench/pdfqa-dev/questions.jsonl:even:CACHE \\
        --set debian5=LIB5:benchmarks/answer_tuning/debian-docs-tune-5.jsonl:all:CACHE5
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import json
import re
import time
from collections import Counter

from benchmarks.answer_tuning.fit_chooser import in_split, retrieved
from core.answer.qa import answer_question, evidence_order
from core.eval.answers import first_line, is_hit
from core.eval.questions import Question
from core.eval.trust import lead_line, span_holds, span_text


def cause(ans, q: Question, chunks: list) -> dict:
    """One answer graded, with the cause of a first-line miss."""
    text = ans.text
    bearing = [i + 1 for i, c in enumerate(chunks) if is_hit(c.text, q)]
    cites = re.findall(r"\[(\d+)\]", text.splitlines()[0]) if text else []
    span = span_text(ans) or ""
    row = {"first": float(is_hit(first_line(text), q)), "whole": float(is_hit(text, q)),
           "span_hit": float(span_holds(span, q, lead_line(text))), "bearing": bearing,
           "cited": int(cites[0]) if cites else 0, "answer": text, "span": span}
    if row["first"]:
        why = "ok"
    elif ans.mode == "unsupported":
        why = "declined"
    elif not bearing:
        why = "not_retrieved"
    elif row["cited"] not in bearing:
        why = "other_chunk"
    else:
        why = "cut" if row["span_hit"] else "wrong_sentence"
    return {**row, "cause": why}


def run(spec: str) -> tuple[list[dict], float]:
    """Graded rows of one set and the reader's CPU seconds per question."""
    lib_dir, questions, split, *cache = spec.split(":")
    rows = [json.loads(x) for x in open(questions, encoding="utf-8") if x.strip()]
    rows = [r for r in rows if in_split(r["id"], split) and r.get("short_answers")]
    results = retrieved(lib_dir, rows, cache[0] if cache else "")
    out, cpu = [], 0.0
    for r in rows:
        start = time.process_time()
        ans = answer_question(r["question"], results[r["id"]], None, None)
        cpu += time.process_time() - start
        chunks = [sc.chunk for sc in evidence_order(results[r["id"]].chunks)[:8]]
        out.append({"id": r["id"], "question": r["question"], **cause(ans, Question.from_dict(r), chunks)})
    return out, cpu / max(1, len(rows))


def main() -> None:
    """Grade every set and print its figures and causes."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", required=True, help="NAME=LIBRARY:QUESTIONS:SPLIT[:CACHE]")
    ap.add_argument("--rows", type=Path, help="write the graded rows here (JSON)")
    args = ap.parse_args()
    every: dict[str, list[dict]] = {}
    for name, spec in (s.split("=", 1) for s in args.set):
        rows, cpu = run(spec)
        every[name] = rows
        n = max(1, len(rows))
        figures = {k: round(sum(r[k] for r in rows) / n, 3) for k in ("first", "whole", "span_hit")}
        print(name, len(rows), figures, dict(Counter(r["cause"] for r in rows)), f"reader cpu {cpu * 1000:.0f} ms/q")
    if args.rows:
        args.rows.write_text(json.dumps(every, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
