"""Leave-one-set-out choice of the reader's read-around rule (`core.answer.read_on.read_around`).

Not collected by pytest. For every tuning question the reader (words only, as shipped, the
rule off) is run and its pick recorded: the answering sentence, the sentences before and
after it in reading order, whether each holds the short answer, and whether the first line
does. Then, for each left-out set, the rule's settings (read on into the next sentence when
the pick has at most SHORT words and the two at most TOTAL; read back from a sentence that
opens by pointing back; read on only where the reader marks no confident answer or always)
are chosen on the other sets (most first-line hits, then fewest added words) and counted on
the left-out one. A change is kept only when it wins on the sum and loses on no set.

    python benchmarks/answer_tuning/loso_first_line.py --read READ.json \\
        --set pdfqa=LIB:../shared/bench/pdfqa-dev/questions.jsonl:even:CACHE \\
        --set debian5=LIB5:benchmarks/answer_tuning/debian-docs-tune-5.jsonl:all:CACHE5 ...

(CACHE: retrieval results per question, as in fit_chooser.py; sets already in READ.json are
not run again.)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import json
import re

from benchmarks.answer_tuning.fit_chooser import in_split, retrieved
from core.answer import reader as rd
from core.answer.qa import answer_question
from core.answer.question import analyse_question
from core.answer.values import CONFIDENT_KINDS
from core.eval.answers import first_line, is_hit
from core.eval.questions import Question

_ANAPHOR = re.compile(r"^(?:This|These|It|They|Such|That|Those)\b")


def _row(r: dict, ans, seen: list) -> dict:
    """One asked question's pick and its neighbours, graded."""
    q = Question.from_dict(r)
    if ans.mode == "unsupported" or len(seen) != 1:
        return {"id": r["id"], "read": False}
    unit, nxt, prev = seen[0]
    info = analyse_question(r["question"])
    return {"id": r["id"], "read": True, "first_hit": int(is_hit(first_line(ans.text), q)),
            "confident": bool(info.default or info.kind in CONFIDENT_KINDS),
            "pick": unit.text, "lead_in": unit.text.rstrip().endswith(":"),
            "next": nxt.text if nxt is not None and nxt.number == unit.number else "",
            "next_hit": int(nxt is not None and is_hit(nxt.text, q)),
            "prev": prev.text if prev is not None and prev.number == unit.number else "",
            "prev_hit": int(prev is not None and is_hit(prev.text, q))}


def record(spec: str) -> list[dict]:
    """The picks of one set (LIBRARY:QUESTIONS:SPLIT[:CACHE]) with the rule off."""
    lib_dir, questions, split, *cache = spec.split(":")
    rows = [json.loads(x) for x in open(questions, encoding="utf-8") if x.strip()]
    rows = [r for r in rows if in_split(r["id"], split) and r.get("short_answers")]
    results = retrieved(lib_dir, rows, cache[0] if cache else "")
    seen: list = []
    original = rd.ExtractiveReader._answer

    def spy(self, q, units, scores, following, numbers=()):
        out = original(self, q, units, scores, following, numbers)
        seen.append((out[1], following.get(out[1]), next((u for u in units if following.get(u) == out[1]), None)))
        return out

    rd.ExtractiveReader._answer = spy  # type: ignore[method-assign]
    try:
        out = []
        for r in rows:
            seen.clear()
            ans = answer_question(r["question"], results[r["id"]], None, None,
                                  reader=rd.ExtractiveReader(None, read_words=0))
            out.append(_row(r, ans, seen))
        return out
    finally:
        rd.ExtractiveReader._answer = original  # type: ignore[method-assign]


def outcome(x: dict, short: int, total: int, back: bool, guard: bool, on: int = 0) -> tuple[int, int]:
    """(first line holds the answer, words added) for one recorded pick under the rule's settings
    (`on`: read on into a next sentence that opens by pointing back when the two hold at most
    this many words; 0: never)."""
    words = len(x["pick"].split())
    if on and x["next"] and not x["lead_in"] and _ANAPHOR.match(x["next"].lstrip()) \
            and words + len(x["next"].split()) <= on:
        return max(x["first_hit"], x["next_hit"]), len(x["next"].split())
    if back and x["prev"] and _ANAPHOR.match(x["pick"].lstrip()) and words + len(x["prev"].split()) <= total:
        return max(x["first_hit"], x["prev_hit"]), len(x["prev"].split())
    if (guard and x["confident"]) or not x["next"] or x["lead_in"] or words > short \
            or words + len(x["next"].split()) > total:
        return x["first_hit"], 0
    return max(x["first_hit"], x["next_hit"]), len(x["next"].split())


def count(rows: list[dict], setting: tuple) -> tuple[int, int]:
    """(first-line hits, words added) over the read questions of `rows`."""
    got = [outcome(x, *setting) for x in rows if x["read"]]
    return sum(h for h, _ in got), sum(w for _, w in got)


def main() -> None:
    """Record the missing sets, then print the left-one-set-out table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--read", type=Path, required=True, help="recorded picks (JSON), written and reused")
    ap.add_argument("--set", action="append", default=[], help="NAME=LIBRARY:QUESTIONS:SPLIT[:CACHE]")
    args = ap.parse_args()
    sets = json.loads(args.read.read_text(encoding="utf-8")) if args.read.exists() else {}
    for name, spec in (s.split("=", 1) for s in args.set):
        if name not in sets:
            sets[name] = record(spec)
            args.read.write_text(json.dumps(sets), encoding="utf-8")
    grid = [(s, t, b, g, o) for s in (0, 6, 8, 10, 12, 16, 20) for t in (16, 20, 25, 30)
            for b in (False, True) for g in (False, True) for o in (0, 30, 35, 40, 50)]
    base = {n: count(rows, (0, 0, False, True))[0] for n, rows in sets.items()}
    shipped = {n: count(rows, (16, 25, True, True, 0))[0] for n, rows in sets.items()}
    print("questions:", {n: len(r) for n, r in sets.items()}, "first-line hits, rule off:", base)
    total = 0
    for name, rows in sets.items():
        train = [x for other, r in sets.items() if other != name for x in r]
        best = max(grid, key=lambda g: (count(train, g)[0], -count(train, g)[1], g[3], -g[4]))
        hits, added = count(rows, best)
        total += hits
        print(f"left out {name}: {hits} (rule off {base[name]}, shipped {shipped[name]}), settings {best}, "
              f"words added {added}")
    print(f"sum: {total} (rule off {sum(base.values())}, shipped {sum(shipped.values())})")


if __name__ == "__main__":
    main()
