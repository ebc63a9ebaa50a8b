"""Ask every answer set once, offline, and write one JSON line per answer (the worker of
benchmarks/answer_trust.py; it runs in a fresh process so that two runs with different
PYTHONHASHSEED, and --reverse (each set's rows in the reverse order, so every question comes
after different ones), can be compared).

    python benchmarks/answer_trust_ask.py --new-lib DIR --pdfqa-lib DIR --out rows.jsonl [--retriever NAME]
        [--new2-lib DIR --new3-lib DIR --sets ...,new-manuals-2,unanswerable-2,conversations-2,new-manuals-3,...]

Rows: {"set", "id", "question", "text", "understood_as", "retrieved_as", "span"} (retrieved_as: the
text the app retrieved with, a rewrite not shown as "understood as" included; span: the first
answer sentence's supporting span, null when answers carry no sentences); follow-up rows also
give "page_hit5" (the text retrieved with, default retriever, top 5) and
"standalone_page_hit5" (its standalone form).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root, for core

import argparse
import json
import os
import time
from typing import Iterator

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from answer_trust_fresh import FRESH, PARTS_FRESH, conversation_set, parts as fresh_parts, set_files  # noqa: E402
from bench_paths import bench_dir  # noqa: E402  (after the path set-up above)
from core.eval.pages import document_files, first_page_hit_rank, page_hit_at_k  # noqa: E402
from core.eval.trust import retrieved_as, span_text  # noqa: E402
from core.library import Library  # noqa: E402

SETS = Path(__file__).resolve().parent / "answer_sets"
PARTS = ("new-manuals", "unanswerable", "conversations", "pdfqa-dev", "pdfqa-dev-absent")  # today's rows


REVERSE = []  # [True] with --reverse: every set's rows are asked last first


def read_jsonl(path: Path) -> list[dict]:
    """The rows of a JSON Lines file (blank lines skipped)."""
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def in_order(rows: list[dict]) -> list[dict]:
    """`rows` in the order this run asks them (reversed with --reverse)."""
    return rows[::-1] if REVERSE else rows


def wait_until_complete(lib: Library, expected: int, timeout_s: float = 3600.0) -> None:
    """Wait (polling, with a deadline) until `lib` holds `expected` documents: a library still
    being ingested by another process may be asked only once it is whole (documents are
    committed whole, one at a time)."""
    deadline = time.monotonic() + timeout_s
    while len(lib.documents()) < expected:
        if time.monotonic() > deadline:
            raise SystemExit(f"the library holds {len(lib.documents())} of {expected} documents after {timeout_s:.0f} s")
        time.sleep(10)


def ask_row(lib: Library, set_name: str, row: dict, retriever: str | None, history=()):
    """One answer as a result row (and the Answer, for a follow-up's history; None when the
    reader raised: the row then holds the error and an empty text, which scores as a miss)."""
    out = {"set": set_name, "id": row["id"], "question": row["question"]}
    try:
        answer = lib.ask(row["question"], retriever, 5, history=history)
    except Exception as exc:  # noqa: BLE001 - one failing question must not end the run; it is recorded
        return {**out, "text": "", "understood_as": "", "retrieved_as": "", "span": None,
                "error": f"{type(exc).__name__}: {exc}"}, None
    return {**out, "text": answer.text, "understood_as": answer.understood_as, "retrieved_as": answer.retrieval.question,
            "span": span_text(answer)}, answer


def page_hit5(lib: Library, question: str, row: dict, retriever: str | None, files: dict) -> float:
    """1.0 when a top-5 chunk for `question` lies on one of the row's evidence pages."""
    evidence = [(e["file"], int(e["page"])) for e in row["evidence"]]
    chunks = [sc.chunk for sc in lib.retrieve(question, retriever, 5).chunks]
    return page_hit_at_k(first_page_hit_rank(chunks, evidence, files), 5)


def conversations(lib: Library, retriever: str | None, limit: int = 0, ids: str = "",
                  name: str = "followups.jsonl", suffix: str = "") -> Iterator[dict]:
    """Each follow-up / self-contained row of the set `name` (the first `limit` of each kind
    when given): the first question, then the second with it as history; with page_hit@5 of
    the text the app retrieved with (hidden rewrites included) and of its standalone form. `ids` (comma-separated) keeps only
    those rows; `suffix` is appended to the rows' set names ("-2" for followups-2, "-3" for followups-3)."""
    files = document_files(lib.catalog.documents())
    rows = [r for r in read_jsonl(SETS / name) if not ids or r["id"] in ids.split(",")]
    if limit:
        rows = [r for kind in ("follow-up", "self-contained") for r in [x for x in rows if x["kind"] == kind][:limit]]
    for row in in_order(rows):
        first_row, first = ask_row(lib, "first", {"id": row["id"], "question": row["first"]}, retriever)
        history = [first or (row["first"], "")]
        out, _ = ask_row(lib, conversation_set(row["kind"], suffix), row, retriever, history=history)
        if first is None:
            out["first_error"] = first_row["error"]
        out["page_hit5"] = page_hit5(lib, retrieved_as(out), row, retriever, files)
        out["standalone_page_hit5"] = page_hit5(lib, row["standalone"], row, retriever, files)
        yield out


class LazyLibraries(dict):
    """role -> Library, each opened on first use."""

    def __init__(self, folders: dict[str, Path]) -> None:
        super().__init__()
        self.folders = folders

    def __missing__(self, role: str) -> Library:
        self[role] = Library.open(self.folders[role])
        return self[role]


def main() -> None:
    """Ask every set and write the rows."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--new-lib", type=Path, required=True)
    ap.add_argument("--pdfqa-lib", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--retriever", default=None, help="default: the library's default retriever")
    ap.add_argument("--limit", type=int, default=0, help="only the first N rows of each set")
    ap.add_argument("--ids", default="",
                    help="conversation rows (and fresh libraries' rows) to ask (comma-separated ids; default all)")
    for n in FRESH:
        ap.add_argument(f"--new{n}-lib", type=Path, help=f"fresh library {n} (for the -{n} parts)")
    ap.add_argument("--reverse", action="store_true", help="ask each set's rows in the reverse order")
    ap.add_argument("--sets", default=",".join(PARTS),
                    help="which parts to ask, in this order: " + ", ".join(PARTS + PARTS_FRESH))
    args = ap.parse_args()
    REVERSE.extend([True] if args.reverse else [])
    # opened when first asked: a run of the -2 parts alone leaves today's libraries alone
    libs = LazyLibraries({"new": args.new_lib, "pdfqa": args.pdfqa_lib})
    pdfqa = bench_dir() / "pdfqa-dev"
    with args.out.open("w", encoding="utf-8") as fh:  # a line per answer, flushed: a cut run still scores
        def write(row: dict) -> None:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
            fh.flush()

        pdfqa_rows = in_order(read_jsonl(pdfqa / "questions.jsonl")[: args.limit or None])
        parts = args.sets.split(",")
        for name in ("new-manuals", "unanswerable"):
            for row in in_order(read_jsonl(SETS / f"{name}.jsonl")[: args.limit or None]) if name in parts else []:
                write(ask_row(libs["new"], name, row, args.retriever)[0])
        for out in conversations(libs["new"], args.retriever, args.limit, args.ids) if "conversations" in parts else []:
            write(out)
        if "pdfqa-dev" in parts:
            wait_until_complete(libs["pdfqa"], len(json.loads((pdfqa / "manifest.json").read_text("utf-8"))))
        for row in pdfqa_rows if "pdfqa-dev" in parts else []:
            write(ask_row(libs["pdfqa"], "pdfqa-dev", row, args.retriever)[0])
        for row in pdfqa_rows if "pdfqa-dev-absent" in parts else []:  # asked of a library without its manuals
            write(ask_row(libs["new"], "pdfqa-dev-absent", row, args.retriever)[0])
        for n in FRESH:
            if set(parts) & set(fresh_parts(n)):
                ask_fresh(args, n, parts, write)


def ask_fresh(args: argparse.Namespace, n: int, parts: list[str], write) -> None:
    """Fresh library n's parts (new-manuals-N, unanswerable-N, conversations-N), asked of
    --newN-lib after today's parts."""
    folder = getattr(args, f"new{n}_lib")
    if folder is None:
        raise SystemExit(f"the -{n} parts need --new{n}-lib")
    lib, ids = Library.open(folder), set(filter(None, args.ids.split(",")))
    new, unanswerable, convo = set_files(n)
    for part, name in zip(fresh_parts(n)[:2], (new, unanswerable)):
        for row in in_order(read_jsonl(SETS / name)[: args.limit or None]) if part in parts else []:
            if not ids or row["id"] in ids:  # --ids: a run split across processes
                write(ask_row(lib, part, row, args.retriever)[0])
    if fresh_parts(n)[2] in parts:
        for out in conversations(lib, args.retriever, args.limit, args.ids, convo, f"-{n}"):
            write(out)


if __name__ == "__main__":
    main()
