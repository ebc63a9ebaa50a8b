"""Answer trust benchmark (issue 25): first-line and whole-answer hits, declines, follow-up
rewrites, span_hit, determinism, and which retriever puts the answer first.

Not collected by pytest. Run from the repository root:

    bash benchmarks/answer_sets/fetch_manuals.sh NEW_PDFS
    bash ../shared/bench/pdfqa-dev/fetch.sh PDFQA_PDFS
    python benchmarks/answer_trust.py --work-dir WORK_DIR --new-pdfs NEW_PDFS --pdfqa-pdfs PDFQA_PDFS

It builds two libraries once (WORK_DIR/lib-new: the 11 new manuals; WORK_DIR/lib-pdfqa: the
12 pdfqa-dev manuals; reused when they already hold documents), then asks every set offline
in two fresh processes (`answer_trust_ask.py`, PYTHONHASHSEED 1 and 2), scores the first run
and counts the answers that differ between the two. With `--retrievers` (default: dense,
bm25, hybrid, multiroute, gnn, iier) each retriever is also scored on the answerable sets:
the share of questions whose first chunk holds the answer (answer_recall@1), answer_recall@5
and page_hit@1/@5. Prints markdown tables and writes them, with the JSON, to `--out`
(default WORK_DIR/answer_trust.json and .md). Set definitions and metrics:
benchmarks/answer_sets/README.md.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root, for core
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_paths and the sibling modules

import argparse
import json
import os
import subprocess
import time

from answer_trust_report import determinism, retrieval_table, rewrite_table, rewrites, score_sets, sets_table
from bench_paths import bench_dir, folders, portable
from core.eval.questions import parse_questions, read_questions
from core.eval.run import evaluate
from core.eval.trust import split_half

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SETS = HERE / "answer_sets"
RETRIEVERS = "dense,bm25,hybrid,multiroute,gnn,iier"


def ensure_library(lib: Path, pdfs: Path | None) -> None:
    """Ingest `pdfs` into `lib` unless it already holds documents (one CLI process)."""
    from core.library import Library

    if Library.open(lib).documents():
        return
    if pdfs is None:
        raise SystemExit(f"{lib} is empty: give the PDF folder to ingest (--new-pdfs / --pdfqa-pdfs)")
    subprocess.run([sys.executable, "-m", "core", "--data-dir", str(lib), "ingest", str(pdfs)],
                   cwd=REPO, check=True, env={**os.environ, "HF_HUB_OFFLINE": "1"})


def ask_all(args: argparse.Namespace, seed: int, out: Path) -> tuple[list[dict], float]:
    """Run the worker in a fresh process with PYTHONHASHSEED=seed; its rows and seconds."""
    cmd = [sys.executable, str(HERE / "answer_trust_ask.py"), "--new-lib", str(args.new_lib),
           "--pdfqa-lib", str(args.pdfqa_lib), "--out", str(out)]
    cmd += ["--retriever", args.retriever] if args.retriever else []
    cmd += ["--limit", str(args.limit)] if args.limit else []
    start = time.perf_counter()
    subprocess.run(cmd, cwd=REPO, check=True, env={**os.environ, "PYTHONHASHSEED": str(seed), "HF_HUB_OFFLINE": "1"})
    rows = [json.loads(line) for line in out.read_text("utf-8").splitlines() if line.strip()]
    return rows, time.perf_counter() - start


def question_sets(limit: int) -> dict[str, list]:
    """The labelled questions: new manuals, pdfqa-dev halves, conversation seconds."""
    new = read_questions(SETS / "new-manuals.jsonl")
    pdfqa = read_questions(bench_dir() / "pdfqa-dev" / "questions.jsonl")
    convo = parse_questions((SETS / "followups.jsonl").read_text("utf-8").splitlines(), "followups.jsonl")
    cut = slice(None, limit or None)
    return {"new": new[cut], "pdfqa": pdfqa[cut], "convo": convo,
            "pdfqa-test": [q for q in pdfqa[cut] if split_half(q.qid) == "test"],
            "pdfqa-tune": [q for q in pdfqa[cut] if split_half(q.qid) == "tune"]}


def score_retrievers(args: argparse.Namespace, qs: dict[str, list]) -> dict[str, dict[str, dict]]:
    """retriever -> set -> answer_recall@1/@5, page_hit@1/@5, latency (core.eval.run)."""
    from core.library import Library

    libs = {"new": Library.open(args.new_lib), "pdfqa": Library.open(args.pdfqa_lib)}
    plan = [("new-manuals", "new", qs["new"]), ("pdfqa-dev test half", "pdfqa", qs["pdfqa-test"]),
            ("pdfqa-dev tune half", "pdfqa", qs["pdfqa-tune"])]
    out: dict[str, dict[str, dict]] = {}
    for name in args.retrievers.split(","):
        for set_name, role, questions in plan:
            lib = libs[role]
            report = evaluate({name: lib.retriever(name)}, questions, ks=(1, 5), catalog=lib.catalog, depth=5)
            out.setdefault(name, {})[set_name] = dict(report.retrievers[name])
    return out


def load_average() -> str:
    """The 1/5/15-minute load averages, for the record beside any timing."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    """Build the libraries, ask, score, print and write the tables."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work-dir", type=Path, required=True)
    ap.add_argument("--new-pdfs", type=Path, help="folder from answer_sets/fetch_manuals.sh")
    ap.add_argument("--pdfqa-pdfs", type=Path, help="folder from ../shared/bench/pdfqa-dev/fetch.sh")
    ap.add_argument("--new-lib", type=Path, help="default WORK_DIR/lib-new")
    ap.add_argument("--pdfqa-lib", type=Path, help="default WORK_DIR/lib-pdfqa")
    ap.add_argument("--retriever", default=None, help="retriever for the answers (default: the library's default)")
    ap.add_argument("--retrievers", default=RETRIEVERS, help="retrievers to score; '' skips the retrieval table")
    ap.add_argument("--no-determinism", action="store_true", help="ask once (no second process)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N questions of each set (smoke runs)")
    ap.add_argument("--out", type=Path, help="default WORK_DIR/answer_trust.json (and .md beside it)")
    args = ap.parse_args()
    args.work_dir.mkdir(parents=True, exist_ok=True)
    args.new_lib = args.new_lib or args.work_dir / "lib-new"
    args.pdfqa_lib = args.pdfqa_lib or args.work_dir / "lib-pdfqa"
    out = args.out or args.work_dir / "answer_trust.json"
    ensure_library(args.new_lib, args.new_pdfs)
    ensure_library(args.pdfqa_lib, args.pdfqa_pdfs)
    qs = question_sets(args.limit)
    rows, seconds = ask_all(args, 1, args.work_dir / "answers-seed1.jsonl")
    result: dict = {"command": portable(" ".join(sys.argv), folders(bench_dir(), args.work_dir)),
                    "retriever": args.retriever or "library default", "ask_seconds": round(seconds, 1),
                    "load_before": load_average(),
                    "sets": score_sets(rows, qs["new"], qs["pdfqa"], qs["convo"]), "rewrites": rewrites(rows)}
    if not args.no_determinism:
        again, _ = ask_all(args, 2, args.work_dir / "answers-seed2.jsonl")
        result["determinism"] = determinism(rows, again)
    if args.retrievers:
        result["retrieval"] = score_retrievers(args, qs)
    result["load_after"] = load_average()
    text = report_text(result)
    print(text)
    out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    out.with_suffix(".md").write_text(text + "\n", encoding="utf-8")


def report_text(result: dict) -> str:
    """The markdown report: sets, rewrites, determinism, retrievers."""
    parts = [f"Answers: retriever {result['retriever']}, k = 5, offline reader; asking took "
             f"{result['ask_seconds']} s (load {result['load_before']})", "", sets_table(result["sets"]), "",
             "Follow-ups (rewrite):", "", rewrite_table(result["rewrites"])]
    if "determinism" in result:
        d = result["determinism"]
        parts += ["", f"Determinism: two fresh processes (PYTHONHASHSEED 1 and 2): {d['differing']} of "
                      f"{d['answers']} answers differ" + (f" ({', '.join(d['ids'])})" if d["ids"] else "")]
    if "retrieval" in result:
        parts += ["", "Retrievers (k = 5):", "", retrieval_table(result["retrieval"])]
    parts += ["", f"Load average after the run: {result['load_after']}"]
    return "\n".join(parts)


if __name__ == "__main__":
    main()
