"""Ask a question set with one reader setting changed; print first-line, whole-answer and span hits
and the ask latency (p50, retrieval included). Not collected by pytest; for tuning and development
sets only (README here).

    python benchmarks/answer_tuning/reader_variants.py LIB QUESTIONS.jsonl VARIANT [--out ROWS.json]

VARIANT: `base` | `chooser` (the learned chooser on) | `embed` (`embed_top` 30: MiniLM cosine in the
ranking) | `both` | `KEY=VALUE[,KEY=VALUE]` (any `ExtractiveReader` field, the value as JSON:
`shape_read_on=60`). The app's own path answers (`Library.ask`: the library's default retriever,
k = 5, follow-up handling and spans), with the reader that the answer step builds replaced by one
with the fields set.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import json
import statistics
import time

import core.answer.qa as qa
from core.answer.reader import ExtractiveReader
from core.config import Settings
from core.eval.questions import read_questions
from core.eval.trust import score_trust, span_text
from core.library import Library

NAMED = {"base": {}, "chooser": {"use_chooser": True}, "embed": {"embed_top": 30},
         "both": {"use_chooser": True, "embed_top": 30}}


def fields(variant: str) -> dict:
    """The reader fields a VARIANT sets."""
    if variant in NAMED:
        return NAMED[variant]
    return {key: json.loads(value) for key, value in (part.split("=", 1) for part in variant.split(","))}


def main() -> None:
    """Ask every question with a short answer once; print the totals; write the rows with --out."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("lib", type=Path)
    ap.add_argument("questions", type=Path)
    ap.add_argument("variant")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    chosen = fields(args.variant)
    qa.ExtractiveReader = lambda embedder: ExtractiveReader(embedder, **chosen)  # what answer_question builds
    lib = Library(Settings.load(args.lib))
    rows, times = [], []
    for q in (q for q in read_questions(args.questions) if q.short_answers):
        start = time.perf_counter()
        answer = lib.ask(q.question, None, 5)
        times.append((time.perf_counter() - start) * 1000)
        t = score_trust(q, answer.text, span_text(answer))
        rows.append({"id": q.qid, "first": t.hit_first_line, "whole": t.hit, "span": t.span_hit,
                     "lead": answer.text.split("\n")[0][:200]})
    warm = times[1:] or times  # the first ask loads the models
    print(args.variant, len(rows), "first", sum(r["first"] for r in rows), "whole", sum(r["whole"] for r in rows),
          "span", sum(r["span"] for r in rows), "ask_p50_ms", round(statistics.median(warm), 1) if warm else None)
    if args.out:
        args.out.write_text(json.dumps(rows, indent=0), "utf-8")


if __name__ == "__main__":
    main()
