"""Offline follow-up rewrite on probe questions that need no library: per batch, how many
self-contained second questions are rewritten (should be none) and how many follow-ups are, with
every rewrite printed for reading.

Not collected by pytest. `followup_probes.jsonl` holds batches 6-23 (batches 1-5 are cases of
`tests/answer/test_followup_pointing.py`), each written before the rules were run on it; two rows of
batch 11 and two of batch 12 written as self-contained point back ("that branch", "it", "those
databases", "those rules") and are relabelled follow-ups (their `relabelled` field says so):

    python benchmarks/answer_tuning/followup_probes.py [--questions followup_probes.jsonl]
    PYTHONPATH=OTHER_CHECKOUT python benchmarks/answer_tuning/followup_probes.py   # another commit's rules
"""
from __future__ import annotations

import sys
from pathlib import Path

if not any(p and (Path(p) / "core").is_dir() for p in sys.path[1:]):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import json

from core.answer.followup import standalone
from core.types import Turn


def main() -> None:
    """Print each rewrite and the counts per batch and kind."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", type=Path, default=Path(__file__).with_name("followup_probes.jsonl"))
    args = ap.parse_args()
    counts: dict[str, list[int]] = {}
    for line in args.questions.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        out = standalone(row["question"], [Turn(row["first"])], llm=None)
        key = f"batch {row.get('batch', '-')} {row['kind']}"
        got = counts.setdefault(key, [0, 0, 0])
        got[0] += out.rewritten
        got[1] += out.rewritten and out.readable
        got[2] += 1
        mark = ("shown" if out.readable else "hidden") if out.rewritten else "-"
        print(f"{row['id']:6} {row['kind']:14} {mark:6} {row['question']}  ->  {out.text}")
    for key, (rewritten, shown, n) in counts.items():
        print(f"{key}: rewritten {rewritten} of {n} ({shown} shown)")


if __name__ == "__main__":
    main()
