"""Which rule declined each question of a tuning set: `measure.py`'s rows with a `why` list.

Not collected by pytest; for tuning sets only (README here). Each row gets the decline
rules that fired while it was read: missing_names, unheard_terms, names_absent (with the
words they found), coverage (below the reader's floor) and support (the best word support,
below `min_support`). Questions are asked as the app and `answer_trust.py` ask them: the
library's default retriever (`--retriever` to choose another), five passages; `--no-owners`
switches off `decline_owner` (on in the app).

    python benchmarks/answer_tuning/decline_reasons.py --data-dir LIB \
        --questions benchmarks/answer_tuning/debian-docs-4-tune.jsonl --out rows.jsonl
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core
sys.path.insert(0, str(Path(__file__).resolve().parent))  # measure.py beside this file

import argparse
import json

import core.answer.reader as reader
import measure
from core.config import Settings
from core.library import Library

FIRED: list = []


def _logged(name: str) -> None:
    """Wrap the reader's rule `name` so a non-empty result is written to FIRED."""
    rule = getattr(reader, name)

    def wrapped(*args, **kwargs):
        out = rule(*args, **kwargs)
        if out:
            FIRED.append((name, list(out)))
        return out
    setattr(reader, name, wrapped)


def _log_floors() -> None:
    """Log coverage below the reader's floor and a part declined for weak word support."""
    cov, part = reader.ExtractiveReader._coverage, reader.ExtractiveReader._read_part

    def coverage(self, q, unit, units):
        value = cov(self, q, unit, units)
        if value < self.min_coverage:
            FIRED.append(("coverage", round(value, 3)))
        return value

    def read_part(self, *args, **kwargs):
        result = part(self, *args, **kwargs)
        if not result.supported and result.support < self.min_support:
            FIRED.append(("support", result.support))
        return result
    reader.ExtractiveReader._coverage, reader.ExtractiveReader._read_part = coverage, read_part


def main() -> None:
    """Ask every question and write its graded row with the rules that fired."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--questions", type=Path, action="append", required=True)
    ap.add_argument("--split", default="all", choices=("all", "even", "odd"))
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--retriever", default=None, help="retriever (default: the library's default)")
    ap.add_argument("--no-owners", dest="owners", action="store_false",
                    help="switch off `decline_owner` (Library.ask's owners, on by default)")
    args = ap.parse_args()
    for name in ("missing_names", "unheard_terms", "names_absent"):
        _logged(name)
    _log_floors()
    lib = Library(Settings.load(data_dir=args.data_dir))
    rows = []
    for path in args.questions:
        for row in (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()):
            if measure.in_split(row["id"], args.split):
                FIRED.clear()
                rows.append({**measure.grade(row, lib.ask(row["question"], args.retriever, 5, owners=args.owners)), "why": list(FIRED)})
    args.out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    print(json.dumps(measure.summary(rows)))


if __name__ == "__main__":
    main()
