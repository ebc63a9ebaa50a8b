"""Why a first line that holds the short answer has a supporting span that does not, on the tuning sets.

Not collected by pytest. For every answerable question of each --set (NAME=LIBRARY:QUESTIONS:
SPLIT[:CACHE], as in miss_causes.py) the default reader answers; a first-line hit whose first
sentence's span (`ask --json`'s span, what Show on page marks) misses is put under one cause:
`verdict` (the short answer is the Yes/No said before the quote, which no evidence text holds);
`two_part` (the first line quotes one sentence per part of the question: the first sentence's
span holds the first part only); `label` (the answer is a table header's label the quote reads
a row with, 'Header: cell'); `term` (the definition term quoted before '…'); `cut` (the span was
cut to its SPAN_WORDS words); `not_joined` (another piece the quote shows is not in the span).
Prints per set the first-line and span_hit figures, median span words and the causes.

    python benchmarks/answer_tuning/span_causes.py [--rows ROWS.json] \\
        --set pdfqa=LIB:../shared/bench/pdfqa-dev/questions.jsonl:even:CACHE ...
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import json
import re
import statistics
from collections import Counter

from benchmarks.answer_tuning.fit_chooser import in_split, retrieved
from core.answer.qa import answer_question
from core.answer.sentences import SPAN_WORDS, split_answer
from core.eval.answers import first_line, is_hit, word_count
from core.eval.questions import Question
from core.eval.trust import span_text

_LABEL = re.compile(r"(?:^|\| )([^|:]{1,60}): ")


def cause(text: str, span: str, q: Question) -> str:
    """The cause of a span miss under a first-line hit (see the module doc)."""
    line = text.splitlines()[0]
    quote = re.sub(r"^(?:Yes|No): ", "", line)
    if quote != line and not is_hit(quote, q):
        return "verdict"
    if len(split_answer(line)) > 1:
        return "two_part"
    if not is_hit(_LABEL.sub(" ", quote), q):
        return "label"
    term, _, rest = quote.partition(" … ")
    if rest and is_hit(term, q) and not is_hit(rest, q):
        return "term"
    return "cut" if word_count(span) >= SPAN_WORDS else "not_joined"


def run(spec: str) -> list[dict]:
    """One row per answerable question of a set: hits, span and the cause of a span miss."""
    lib_dir, questions, split, *cache = spec.split(":")
    rows = [json.loads(x) for x in open(questions, encoding="utf-8") if x.strip()]
    rows = [r for r in rows if in_split(r["id"], split) and r.get("short_answers")]
    results = retrieved(lib_dir, rows, cache[0] if cache else "")
    out = []
    for r in rows:
        ans = answer_question(r["question"], results[r["id"]], None, None)
        q, span = Question.from_dict(r), span_text(ans) or ""
        first, hit = is_hit(first_line(ans.text), q), bool(span) and is_hit(span, q)
        why = cause(ans.text, span, q) if first and not hit and ans.mode != "unsupported" else ""
        out.append({"id": r["id"], "first": float(first), "span_hit": float(hit), "span_words": word_count(span),
                    "cause": why, "answer": ans.text, "span": span})
    return out


def main() -> None:
    """Grade every set and print its figures and causes."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", required=True, help="NAME=LIBRARY:QUESTIONS:SPLIT[:CACHE]")
    ap.add_argument("--rows", type=Path, help="write the rows here (JSON)")
    args = ap.parse_args()
    every = {}
    for name, spec in (s.split("=", 1) for s in args.set):
        rows = every[name] = run(spec)
        n = max(1, len(rows))
        causes = dict(Counter(r["cause"] for r in rows if r["cause"]))
        print(name, len(rows), f"first {sum(r['first'] for r in rows) / n:.3f} span_hit "
              f"{sum(r['span_hit'] for r in rows) / n:.3f} span_words_p50 "
              f"{statistics.median(r['span_words'] for r in rows)}", causes)
    every_row = [r for rows in every.values() for r in rows]
    print("all", len(every_row), dict(Counter(r["cause"] for r in every_row if r["cause"])))
    if args.rows:
        args.rows.write_text(json.dumps(every, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
