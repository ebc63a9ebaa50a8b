"""Leave-one-set-out choice of the offline answer's other quotes (`core.answer.reading.answer_quotes`).

Not collected by pytest. For every tuning question of each --set (NAME=LIBRARY:QUESTIONS:
SPLIT[:CACHE], as in miss_causes.py) the default reader answers with each setting of the grid:
`answer_quotes` (how many of the other quotes are the sentences of the runner-up candidate
answers, each window holding its candidate's span, before the best-ranked units of today),
`other_answers` (skip a runner-up whose span is the first line's answer again),
`other_words` (each other quote's words), `max_words` (the whole answer's budget) and, in the
second grid (`--grid fit`), `fit_words` (a quote past the budget cut to the words left rather
than left out). "today" is the reader before these rules (`OFF`). The first line does not
depend on them. Then, for each left-out set, the setting with most
whole-answer hits on the other sets whose median answer there is at most MEDIAN_WORDS words
(ties go to the earlier, simpler setting) is chosen and counted on the left-out one.

    python benchmarks/answer_tuning/loso_quotes.py [--rows ROWS.json] \\
        --set pdfqa=LIB:../shared/bench/pdfqa-dev/questions.jsonl:even:CACHE \\
        --set debian5=LIB5:benchmarks/answer_tuning/debian-docs-tune-5.jsonl:all:CACHE5 ...
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import itertools
import json
import statistics
import time

from benchmarks.answer_tuning.fit_chooser import in_split, retrieved
from core.answer.qa import answer_question
from core.answer.reader import ExtractiveReader
from core.eval.answers import first_line, is_hit, word_count
from core.eval.questions import Question
from core.eval.trust import span_text

MEDIAN_WORDS = 40  # the target's cap on the median answer
OFF = {"answer_quotes": 0, "other_answers": False, "other_words": 12, "max_words": 40, "fit_words": 0}  # before


def grid() -> dict[str, dict]:
    """Settings, today's first: runner-up quotes 0-2, skipping the first line's answer or
    not, quote windows of 8-14 words, budgets of 40 and 45 words."""
    out: dict[str, dict] = {"today": {}}  # OFF: the reader before these rules
    for n, other, words, budget in itertools.product((0, 1, 2), (False, True), (12, 8, 10, 14), (40, 45)):
        if n == 0 and (other or (words, budget) == (12, 40)):  # the rule off, or today again
            continue
        label = f"cand{n}{'-diff' if other else ''}-w{words}-b{budget}"
        out[label] = {"answer_quotes": n, "other_answers": other, "other_words": words, "max_words": budget}
    return out


def fit_grid() -> dict[str, dict]:
    """The second grid: today's and the runner-up quotes (two, skipping the first line's
    answer) at 10-14 words, a quote past the 40-word budget left out or cut to the words left
    when at least 4, 6 or 8 are."""
    out: dict[str, dict] = {"today": {}}
    for n, words, fit in itertools.product((0, 2), (12, 10, 14), (0, 4, 6, 8)):
        if (n, words, fit) != (0, 12, 0):
            label = f"cand{n}{'-diff' if n else ''}-w{words}-fit{fit}"
            out[label] = {"answer_quotes": n, "other_answers": bool(n), "other_words": words, "fit_words": fit}
    return out


def graded(spec: str, settings: dict[str, dict]) -> dict[str, list[dict]]:
    """Per setting: one row per answerable question of the set (hits, words, span)."""
    lib_dir, questions, split, *cache = spec.split(":")
    rows = [json.loads(x) for x in open(questions, encoding="utf-8") if x.strip()]
    rows = [r for r in rows if in_split(r["id"], split) and r.get("short_answers")]
    results = retrieved(lib_dir, rows, cache[0] if cache else "")
    out: dict[str, list[dict]] = {}
    for label, setting in settings.items():
        reader = ExtractiveReader(None, **{**OFF, **setting})  # every setting over the rules as they were
        got, cpu = [], time.process_time()
        for r in rows:
            ans = answer_question(r["question"], results[r["id"]], None, None, reader=reader)
            q, span = Question.from_dict(r), span_text(ans) or ""
            got.append({"id": r["id"], "first": float(is_hit(first_line(ans.text), q)),
                        "whole": float(is_hit(ans.text, q)), "span_hit": float(bool(span) and is_hit(span, q)),
                        "words": word_count(ans.text), "span_words": word_count(span), "answer": ans.text,
                        "span": span})
        got[0]["cpu_ms"] = round((time.process_time() - cpu) * 1000 / max(1, len(rows)), 1)
        out[label] = got
    return out


def figures(rows: list[dict]) -> dict:
    """Hits (first line, whole, span) and median words of one set under one setting."""
    return {"n": len(rows), "first": int(sum(r["first"] for r in rows)), "whole": int(sum(r["whole"] for r in rows)),
            "span_hit": int(sum(r["span_hit"] for r in rows)), "words_p50": statistics.median(r["words"] for r in rows),
            "cpu_ms": rows[0]["cpu_ms"]}


def choose(table: dict[str, dict[str, list[dict]]], labels: list[str]) -> dict[str, str]:
    """Left-out set -> the setting with most whole hits on the other sets among those whose
    median answer there stays within MEDIAN_WORDS."""
    picks = {}
    for out in table:
        others = [n for n in table if n != out]

        def key(lab: str) -> tuple:
            rows = [r for n in others for r in table[n][lab]] or [{"words": 0, "whole": 0}]
            fits = statistics.median(r["words"] for r in rows) <= MEDIAN_WORDS
            return fits, sum(r["whole"] for r in rows), -labels.index(lab)

        picks[out] = max(labels, key=key)
    return picks


def main() -> None:
    """Grade every setting on every set, print the figures, then choose leaving one set out."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", default=[], help="NAME=LIBRARY:QUESTIONS:SPLIT[:CACHE]")
    ap.add_argument("--grid", choices=("first", "fit"), default="first", help="first: grid(); fit: fit_grid()")
    ap.add_argument("--only", help="comma-separated labels of the grid to run (default: all)")
    ap.add_argument("--rows", type=Path, help="write every graded row here (JSON)")
    ap.add_argument("--load", type=Path, action="append", default=[],
                    help="rows written before by --rows (one per set or several): choose on them without asking")
    args = ap.parse_args()
    if args.load:  # several files of one set (both grids) merge their settings
        table: dict[str, dict[str, list[dict]]] = {}
        for path in args.load:
            for name, by_label in json.loads(path.read_text(encoding="utf-8")).items():
                table[name] = {**table.get(name, {}), **by_label}
        labels = list(dict.fromkeys(lab for by_label in table.values() for lab in by_label))
        return report(table, [lab for lab in labels if all(lab in t for t in table.values())])
    settings = fit_grid() if args.grid == "fit" else grid()
    if args.only:
        settings = {k: settings[k] for k in args.only.split(",")}
    table = {name: graded(spec, settings) for name, spec in (s.split("=", 1) for s in args.set)}
    if args.rows:
        args.rows.write_text(json.dumps(table, indent=1), encoding="utf-8")
    report(table, list(settings))


def report(table: dict[str, dict[str, list[dict]]], labels: list[str]) -> None:
    """Print each set's figures per setting and the leave-one-set-out choice."""
    for name, by_label in table.items():
        for label, rows in by_label.items():
            print(name, label, json.dumps(figures(rows)))
    held = choose(table, labels)
    for out, pick in held.items():
        print(f"left out {out}: chose {pick}: {figures(table[out][pick])} (today: {figures(table[out][labels[0]])})")
    for label in (labels[0], None):
        rows = [r for out, pick in held.items() for r in table[out][label or pick]]
        print(f"left-out sum ({label or 'chosen'}): first {sum(r['first'] for r in rows):.0f} whole "
              f"{sum(r['whole'] for r in rows):.0f} span_hit {sum(r['span_hit'] for r in rows):.0f} of {len(rows)}, "
              f"median words {statistics.median(r['words'] for r in rows)}")


if __name__ == "__main__":
    main()
