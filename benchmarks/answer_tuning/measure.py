"""Offline answer figures on a split of a question set: first-line hit, whole-answer hit, declines.

Not collected by pytest. The fixed pdfqa-dev split: questions whose id ends in an even number
are the TUNING half, odd ones the TEST half (`--split even|odd`). Unanswerable questions (rows
with "unanswerable": true, or no answer at all) count as right only when declined.

    python benchmarks/answer_tuning/measure.py --data-dir LIB \
        --questions ../shared/bench/pdfqa-dev/questions.jsonl --split even [--rows rows.jsonl]

Prints one JSON object: answerable questions (first-line hit, whole hit, declined, median
words, span_hit and median span words, bold-phrase precision), unanswerable ones (declined), and the per-question rows.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import json
import re
import statistics

from core.config import Settings
from core.eval.answers import first_line, is_hit, word_count
from core.eval.questions import Question
from core.eval.trust import span_text
from core.library import Library

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def in_split(qid: str, split: str) -> bool:
    """even / odd by the last number of the id (pdfdev-14 is even); 'all' keeps every question."""
    digits = re.findall(r"\d+", qid)
    if split == "all" or not digits:
        return True
    return (int(digits[-1]) % 2 == 0) == (split == "even")


def grade(row: dict, answer) -> dict:
    """One asked question: what the user read and whether it was right."""
    declined = answer.mode == "unsupported"
    out = {"id": row["id"], "question": row["question"], "answer": answer.text, "declined": declined,
           "words": word_count(answer.text)}
    if row.get("unanswerable") or not (row.get("answer") or row.get("short_answers")):
        return {**out, "unanswerable": True}
    q = Question.from_dict(row)
    bold = [m.group(1) for m in _BOLD.finditer(answer.text.splitlines()[0])]
    span = span_text(answer) or ""
    return {**out, "unanswerable": False, "gold": row.get("answer", ""), "span": span,
            "span_hit": float(bool(span) and is_hit(span, q)), "span_words": word_count(span),
            "hit_first_line": float(is_hit(first_line(answer.text), q)), "hit": float(is_hit(answer.text, q)),
            "bold": " ".join(bold), "bold_hit": float(is_hit(" ".join(bold), q)) if bold else None}


def summary(rows: list[dict]) -> dict:
    """Averages over answerable and unanswerable rows."""
    ans = [r for r in rows if not r["unanswerable"]]
    una = [r for r in rows if r["unanswerable"]]
    out: dict = {}
    if ans:
        bolded = [r["bold_hit"] for r in ans if r["bold_hit"] is not None]
        out["answerable"] = {
            "n": len(ans), "hit_first_line": round(statistics.mean(r["hit_first_line"] for r in ans), 3),
            "hit": round(statistics.mean(r["hit"] for r in ans), 3),
            "declined": round(statistics.mean(float(r["declined"]) for r in ans), 3),
            "span_hit": round(statistics.mean(r["span_hit"] for r in ans), 3),
            "span_words_p50": statistics.median(r["span_words"] for r in ans),
            "words_p50": statistics.median(r["words"] for r in ans),
            "bold_shown": len(bolded), "bold_right": round(statistics.mean(bolded), 3) if bolded else None}
    if una:
        out["unanswerable"] = {"n": len(una), "declined": round(statistics.mean(float(r["declined"]) for r in una), 3)}
    return out


def main() -> None:
    """Ask every question of the split and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--questions", type=Path, action="append", required=True)
    ap.add_argument("--split", default="all", choices=("all", "even", "odd"))
    ap.add_argument("--retriever", default="hybrid")
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--rows", type=Path)
    args = ap.parse_args()
    lib = Library(Settings.load(data_dir=args.data_dir))
    rows = []
    for path in args.questions:
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else None
            if row and in_split(row["id"], args.split):
                rows.append(grade(row, lib.ask(row["question"], args.retriever, args.k)))
    if args.rows:
        args.rows.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    print(json.dumps({"split": args.split, "retriever": args.retriever, "k": args.k, **summary(rows)}, indent=1))


if __name__ == "__main__":
    main()
