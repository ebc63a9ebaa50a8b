"""Leave-one-set-out choice of the reader's word-support floor (`ExtractiveReader.min_support`).

Not collected by pytest. Two steps:

1. `rows`: ask every question of a tuning set with the floor off (0) and write, per question
   and per part of it, the best word support (`decline_support.word_support`) and whether
   another rule declined that part anyway (missing or unheard names, coverage, the subject
   test). Support is read as the reader reads it with the floor on: the larger of the whole
   question's and the question's with its story set aside (`decline_preamble`).
2. `--choose DIR`: a question is declined at floor t when every part is declined by another
   rule or has support below t. For each left-out set the floor with the best balanced
   accuracy on the other sets (mean of answerable answered and unanswerable declined; ties go
   to the lower floor) is chosen and counted on the left-out set.

    python benchmarks/answer_tuning/loso_support.py rows --data-dir LIB --questions Q [--split even] --out DIR/NAME.jsonl
    python benchmarks/answer_tuning/loso_support.py --choose DIR
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core
sys.path.insert(0, str(Path(__file__).resolve().parent))  # measure

import argparse
import functools
import json

GRID = [round(0.16 + 0.005 * i, 3) for i in range(17)]


def record_rows(data_dir: Path, questions: Path, split: str, out: Path) -> int:
    """Ask the questions with the floor off; write one row per question with its parts' support."""
    import measure
    import core.answer.qa as qa
    import core.answer.reader as reader
    from core.config import Settings
    from core.library import Library

    seen: list[float] = []
    support = reader.word_support
    reader.word_support = lambda *a: seen.append(support(*a)) or seen[-1]
    qa.ExtractiveReader = functools.partial(reader.ExtractiveReader, min_support=0.0)
    part = reader.ExtractiveReader._read_part
    parts: list[dict] = []

    def read_part(self, question, units, *rest):
        seen.clear()
        result = part(self, question, units, *rest)
        if not result.supported and seen:  # declined by another rule: no second reading needed
            parts.append({"support": max(seen), "other": True})
            return result
        q = reader.analyse_question(question)
        asked = reader.without_story(q, [f"{u.text} {u.context} {u.title} {u.section}" for u in units])
        if self.story_aside and asked is not q:
            self.score_units(asked, units, rest[0])  # the story set aside: the floor's second look
        parts.append({"support": max(seen) if seen else 0.0, "other": not result.supported})
        return result
    reader.ExtractiveReader._read_part = read_part
    lib = Library(Settings.load(data_dir=data_dir))
    rows = []
    for row in (json.loads(line) for line in questions.read_text(encoding="utf-8").splitlines() if line.strip()):
        if measure.in_split(row["id"], split):
            parts.clear()
            graded = measure.grade(row, lib.ask(row["question"], None, 5, owners=True))
            rows.append({"id": row["id"], "unanswerable": bool(graded.get("unanswerable")),
                         "declined": graded["declined"], "hit": graded.get("hit"), "parts": list(parts)})
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return len(rows)


def declined(row: dict, floor: float) -> bool:
    """Whether the question is declined at `floor`: every part declined by another rule or weak."""
    if not row["parts"]:
        return bool(row["declined"])
    return all(p["other"] or p["support"] < floor for p in row["parts"])


def counts(sets: dict[str, list[dict]], names, floor: float) -> tuple[int, int, int, int]:
    """Answerable declined, answerable, unanswerable declined, unanswerable over `names`."""
    a = na = u = nu = 0
    for name in names:
        for row in sets[name]:
            d = declined(row, floor)
            if row["unanswerable"]:
                nu, u = nu + 1, u + d
            else:
                na, a = na + 1, a + d
    return a, na, u, nu


def balanced(c: tuple[int, int, int, int]) -> float:
    """Mean of the answerable share answered and the unanswerable share declined."""
    a, na, u, nu = c
    return ((1 - a / na) if na else 1.0) / 2 + ((u / nu) if nu else 1.0) / 2


def choose(folder: Path) -> None:
    """Print the grid on all sets, then the leave-one-set-out picks and their held-out counts."""
    sets = {p.stem: [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines()]
            for p in sorted(folder.glob("*.jsonl"))}
    for floor in GRID:
        print(f"{floor:.3f}  answerable declined %d/%d  unanswerable declined %d/%d" % counts(sets, sets, floor))
    held, picks = [0, 0, 0, 0], []
    for out in sets:
        rest = [n for n in sets if n != out]
        pick = max(GRID, key=lambda f: (round(balanced(counts(sets, rest, f)), 6), -f))
        picks.append(pick)
        held = [x + y for x, y in zip(held, counts(sets, [out], pick))]
    print("picks:", " ".join(f"{n}={p}" for n, p in zip(sets, picks)))
    print("held out: answerable declined %d/%d, unanswerable declined %d/%d" % tuple(held))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("step", nargs="?", choices=("rows",))
    ap.add_argument("--choose", type=Path, help="a folder of `rows` files, one per tuning set")
    ap.add_argument("--data-dir", type=Path)
    ap.add_argument("--questions", type=Path)
    ap.add_argument("--split", default="all", choices=("all", "even", "odd"))
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    if args.choose:
        choose(args.choose)
    elif args.step == "rows" and args.data_dir and args.questions and args.out:
        print(record_rows(args.data_dir, args.questions, args.split, args.out))
    else:
        ap.error("give `rows --data-dir --questions --out` or `--choose DIR`")


if __name__ == "__main__":
    main()
