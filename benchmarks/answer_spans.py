"""Supporting spans on a real library: span_hit, span length, and what the spans cost.

For every question of a PDF question set whose evidence file is in the library, in one run:

    span_hit         the first answer sentence's supporting span holds the short answer
                     (answer_hit's rule applied to the span text; ../shared/bench/README.md)
    span_words_p50   median words of that span
    boxed            share of first sentences whose span got page boxes
    ask_ms           `Library.ask` end to end (p50 / p95), span boxes included
    boxes_ms         the span-box step alone on a cold page-word cache (p50 / p95)
    render_ms        the first span's page rendered with the chunk only / with the span marked too

    python benchmarks/answer_spans.py --data-dir DATA_DIR [--questions Q.jsonl] [--retriever hybrid] [--k 5]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_paths import bench_dir  # noqa: E402
from core.eval.answers import is_hit  # noqa: E402
from core.eval.questions import read_questions  # noqa: E402
from core.evidence import spans  # noqa: E402
from core.evidence.render import render_page  # noqa: E402


def p(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank) of `values`, rounded to 0.1."""
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 1) if values else 0.0


def timed(fn) -> tuple[float, object]:
    """(milliseconds, result) of one call."""
    start = time.perf_counter()
    out = fn()
    return (time.perf_counter() - start) * 1000, out


def main() -> None:
    """Ask every question whose evidence is in the library; print the figures as JSON."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--questions", type=Path, default=bench_dir() / "pdfqa-dev" / "questions.jsonl")
    ap.add_argument("--retriever", default="hybrid")
    ap.add_argument("--k", type=int, default=5)
    args = ap.parse_args()
    from core.config import Settings
    from core.library import Library

    lib = Library(Settings.load(args.data_dir))
    files = {Path(d.source).name for d in lib.documents()}
    questions = [q for q in read_questions(args.questions)
                 if any(Path(name).name in files for name, _ in q.evidence)]
    rows = []
    for q in questions:
        ask_ms, answer = timed(lambda: lib.ask(q.question, args.retriever, args.k))
        spans.page_words.cache_clear()
        bare = replace(answer, sentences=tuple(replace(s, boxes=()) for s in answer.sentences))
        boxes_ms, _ = timed(lambda: spans.with_span_boxes(bare, lib.evidence))
        first = next((s for s in answer.sentences if s.span_text), None)
        row = {"id": q.qid, "ask_ms": ask_ms, "boxes_ms": boxes_ms, "mode": answer.mode,
               "span": first.span_text if first else "", "boxed": bool(first and first.boxes)}
        row["span_hit"] = bool(first) and is_hit(first.span_text, q)
        if first and first.boxes:
            place = lib.evidence.locate(first.chunk_id)
            page = first.boxes[0].page
            row["render_chunk_ms"], _ = timed(lambda: render_page(place.original, page, 1.5, place.boxes))
            row["render_span_ms"], _ = timed(lambda: render_page(place.original, page, 1.5, place.boxes, first.boxes))
        rows.append(row)
    answered = [r for r in rows if r["mode"] != "unsupported"]
    words = [len(r["span"].split()) for r in answered if r["span"]]
    rendered = [r for r in rows if "render_span_ms" in r]
    print(json.dumps({
        "questions": len(rows), "answered": len(answered),
        "span_hit": round(sum(r["span_hit"] for r in rows) / max(1, len(rows)), 3),
        "span_words_p50": statistics.median(words) if words else 0,
        "boxed": round(sum(r["boxed"] for r in answered) / max(1, len(answered)), 3),
        "ask_ms": [p([r["ask_ms"] for r in rows], .5), p([r["ask_ms"] for r in rows], .95)],
        "boxes_ms": [p([r["boxes_ms"] for r in rows], .5), p([r["boxes_ms"] for r in rows], .95)],
        "render_ms_chunk_vs_span_p50": [p([r["render_chunk_ms"] for r in rendered], .5),
                                        p([r["render_span_ms"] for r in rendered], .5)],
        "misses": [r["id"] for r in rows if not r["span_hit"]],
    }, indent=1))


if __name__ == "__main__":
    main()
