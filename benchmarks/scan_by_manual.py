"""answer_recall@k of scanned against born-digital copies, per manual, from `eval --details` rows.

    python -m core --data-dir LIB_DIGITAL eval --questions Q --retrievers bm25,dense --k 1,5 --details DIGITAL.jsonl
    python -m core --data-dir LIB_SCANNED eval --questions Q --retrievers bm25,dense --k 1,5 --details SCANNED.jsonl
    python benchmarks/scan_by_manual.py Q DIGITAL.jsonl SCANNED.jsonl [--k 5] [--files A.pdf,B.pdf] [--changed]

A question belongs to the manual of its first evidence page. For each manual and retriever:
questions, answer_recall@k born digital and scanned, and their ratio, then the same over all
of them. `--files` keeps only questions whose evidence is all in those files (a scanned
library that holds only some of the manuals); `--changed` also lists each question whose
answer rank differs between the two (use it on tuning questions only).
"""
from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path


def load_ranks(path: Path) -> dict[tuple[str, str], int | None]:
    """(retriever, question id) -> answer rank (None: not found) from a --details file."""
    ranks = {}
    for line in path.read_text("utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            ranks[(row["retriever"], row["id"])] = row.get("answer_rank")
    return ranks


def manual_of(questions: Path, files: set[str] | None = None) -> dict[str, str]:
    """Question id -> file name of its first evidence page; with `files`, only questions
    whose evidence pages are all in those files."""
    out = {}
    for line in questions.read_text("utf-8").splitlines():
        if line.strip():
            q = json.loads(line)
            evidence = [e.get("file", "?") for e in q.get("evidence") or [{}]]
            if files is None or set(evidence) <= files:
                out[q["id"]] = evidence[0]
    return out


def hit(rank: int | None, k: int) -> int:
    """1 when the answer is within the first k chunks."""
    return int(rank is not None and rank <= k)


def table(manuals: dict[str, str], digital: dict, scanned: dict, k: int) -> list[str]:
    """One line per (manual, retriever): n, recall born digital and scanned, ratio."""
    sums: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for (retriever, qid), rank in digital.items():
        if qid not in manuals:
            continue
        for manual in (manuals[qid], "ALL"):
            cell = sums[(manual, retriever)]
            cell[0] += 1
            cell[1] += hit(rank, k)
            cell[2] += hit(scanned.get((retriever, qid)), k)
    lines = [f"{'manual':32} {'retriever':9} {'n':>3} {'digital':>8} {'scanned':>8} {'ratio':>6}"]
    for (manual, retriever), (n, d, s) in sorted(sums.items(), key=lambda kv: (kv[0][0] == "ALL", kv[0])):
        ratio = f"{s / d:6.2f}" if d else "   n/a"
        lines.append(f"{manual:32} {retriever:9} {n:3d} {d / n:8.3f} {s / n:8.3f} {ratio}")
    return lines


def changed(manuals: dict[str, str], digital: dict, scanned: dict) -> list[str]:
    """Questions whose answer rank differs between the two libraries."""
    return [f"{retriever:9} {qid:12} {manuals.get(qid, '?'):32} digital {rank} scanned {scanned.get((retriever, qid))}"
            for (retriever, qid), rank in sorted(digital.items())
            if qid in manuals and scanned.get((retriever, qid)) != rank]


def main() -> None:
    """Print the per-manual table (and the changed questions with --changed)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("questions", type=Path)
    ap.add_argument("digital", type=Path)
    ap.add_argument("scanned", type=Path)
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--files", help="comma-separated file names held by both libraries")
    ap.add_argument("--changed", action="store_true")
    args = ap.parse_args()
    manuals = manual_of(args.questions, set(args.files.split(",")) if args.files else None)
    digital, scanned = load_ranks(args.digital), load_ranks(args.scanned)
    print("\n".join(table(manuals, digital, scanned, args.k)))
    if args.changed:
        print("\n".join(changed(manuals, digital, scanned)))


if __name__ == "__main__":
    main()
