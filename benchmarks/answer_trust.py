"""Answer trust benchmark (issue 25): first-line and whole-answer hits, declines, follow-up
rewrites, span_hit, determinism, and which retriever puts the answer first.

Not collected by pytest. Run from the repository root:

    bash benchmarks/answer_sets/fetch_manuals.sh NEW_PDFS
    bash ../shared/bench/pdfqa-dev/fetch.sh PDFQA_PDFS
    python benchmarks/answer_trust.py --work-dir WORK_DIR --new-pdfs NEW_PDFS --pdfqa-pdfs PDFQA_PDFS

With the fresh libraries (answer_sets/manifest-N.json, N = 2, 3; `fetch_manuals.sh NEWN_PDFS
manifest-N.json`) add `--new2-pdfs NEW2_PDFS` and/or `--new3-pdfs NEW3_PDFS`: their sets are asked
after today's and scored as extra rows (answer_trust_fresh.py); `--sets
new-manuals-3,unanswerable-3,conversations-3` asks those alone.

It builds two libraries once (WORK_DIR/lib-new: the 11 new manuals; WORK_DIR/lib-pdfqa: the
12 pdfqa-dev manuals; reused when they already hold documents), then asks every set offline
in two fresh processes side by side (`answer_trust_ask.py`, PYTHONHASHSEED 1 and 2, the second
asking each set's rows in the reverse order), scores
the first run and counts the answers that differ between the two. With `--retrievers` (default: dense,
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

from answer_trust_ask import PARTS, wait_until_complete
from answer_trust_fresh import FRESH, ORDINAL, PARTS_FRESH, questions_fresh, rewrites_fresh, score_fresh
from answer_trust_fresh import parts as fresh_parts
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
        raise SystemExit(f"{lib} is empty: give the PDF folder to ingest (--new-pdfs / --pdfqa-pdfs / --newN-pdfs)")
    subprocess.run([sys.executable, "-m", "core", "--data-dir", str(lib), "ingest", str(pdfs)],
                   cwd=REPO, check=True, env={**os.environ, "HF_HUB_OFFLINE": "1"})


def start_worker(args: argparse.Namespace, seed: int, out: Path) -> subprocess.Popen:
    """Start the worker in a fresh process with PYTHONHASHSEED=seed, writing rows to `out`;
    the second (seed 2) asks every set's rows in the reverse order."""
    cmd = [sys.executable, str(HERE / "answer_trust_ask.py"), "--new-lib", str(args.new_lib),
           "--pdfqa-lib", str(args.pdfqa_lib), "--out", str(out)]
    for n in FRESH:
        folder = getattr(args, f"new{n}_lib")
        cmd += [f"--new{n}-lib", str(folder)] if folder else []
    cmd += ["--sets", args.sets]
    cmd += ["--retriever", args.retriever] if args.retriever else []
    cmd += ["--limit", str(args.limit)] if args.limit else []
    cmd += ["--reverse"] if seed == 2 else []  # an answer must not depend on what was asked before it
    return subprocess.Popen(cmd, cwd=REPO, env={**os.environ, "PYTHONHASHSEED": str(seed), "HF_HUB_OFFLINE": "1"})


def read_rows(out: Path) -> list[dict]:
    """The answer rows a worker wrote (complete lines only: a run cut short still reads)."""
    rows = []
    for line in out.read_text("utf-8").splitlines():
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            break
    return rows


def finish(worker: subprocess.Popen, out: Path) -> list[dict]:
    """Wait for a worker; its rows (CalledProcessError when it failed)."""
    if worker.wait() != 0:
        raise subprocess.CalledProcessError(worker.returncode, worker.args)
    return read_rows(out)


def question_sets(limit: int) -> dict[str, list]:
    """The labelled questions: new manuals, pdfqa-dev halves, conversation seconds."""
    new = read_questions(SETS / "new-manuals.jsonl")
    pdfqa = read_questions(bench_dir() / "pdfqa-dev" / "questions.jsonl")
    convo = parse_questions((SETS / "followups.jsonl").read_text("utf-8").splitlines(), "followups.jsonl")
    cut = slice(None, limit or None)
    return {"new": new[cut], "pdfqa": pdfqa[cut], "convo": convo,
            "pdfqa-test": [q for q in pdfqa[cut] if split_half(q.qid) == "test"],
            "pdfqa-tune": [q for q in pdfqa[cut] if split_half(q.qid) == "tune"], **questions_fresh(limit)}


def libraries_used(args: argparse.Namespace) -> dict[str, Path]:
    """role -> library folder, for the libraries the chosen parts ask."""
    parts = set(args.sets.split(","))
    used = {"new": args.new_lib} if parts & {"new-manuals", "unanswerable", "conversations", "pdfqa-dev-absent"} else {}
    used.update({"pdfqa": args.pdfqa_lib} if "pdfqa-dev" in parts else {})
    for n in FRESH:
        used.update({f"new{n}": getattr(args, f"new{n}_lib")} if parts & set(fresh_parts(n)) else {})
    return used


def score_retrievers(args: argparse.Namespace, qs: dict[str, list]) -> dict[str, dict[str, dict]]:
    """retriever -> set -> answer_recall@1/@5, page_hit@1/@5, latency (core.eval.run)."""
    from core.library import Library

    libs = {role: Library.open(folder) for role, folder in libraries_used(args).items()}
    plan = [(name, role, q) for name, role, q in (
        ("new-manuals", "new", qs["new"]), ("pdfqa-dev test half", "pdfqa", qs["pdfqa-test"]),
        ("pdfqa-dev tune half", "pdfqa", qs["pdfqa-tune"]),
        *((f"new-manuals-{n}", f"new{n}", qs[f"new{n}"]) for n in FRESH)) if role in libs]
    out: dict[str, dict[str, dict]] = {}
    pdfqa_docs = len(json.loads((bench_dir() / "pdfqa-dev" / "manifest.json").read_text("utf-8")))
    for set_name, role, questions in plan:  # the new library first: pdfqa-dev's may still be ingesting
        lib = libs[role]
        if role == "pdfqa":
            wait_until_complete(lib, pdfqa_docs)
        for name in args.retrievers.split(","):
            report = evaluate({name: lib.retriever(name)}, questions, ks=(1, 5), catalog=lib.catalog, depth=5)
            out.setdefault(name, {})[set_name] = dict(report.retrievers[name])
    return out


def retrieval(args: argparse.Namespace, qs: dict[str, list]) -> dict[str, dict[str, dict]]:
    """The retriever scores, kept in WORK_DIR/retrieval.json; a --score-only run reuses that
    file when it scored the same retrievers (answers do not change retrieval)."""
    cache = args.work_dir / "retrieval.json"
    if args.score_only and cache.is_file():
        kept = json.loads(cache.read_text("utf-8"))
        same = (kept.get("retrievers"), kept.get("limit"), kept.get("sets", args.sets))
        if same == (args.retrievers, args.limit, args.sets):
            return kept["results"]
    results = score_retrievers(args, qs)
    cache.write_text(json.dumps({"retrievers": args.retrievers, "limit": args.limit, "sets": args.sets,
                                 "results": results}, indent=1), "utf-8")
    return results


def load_average() -> str:
    """The 1/5/15-minute load averages, for the record beside any timing."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def parse_args() -> argparse.Namespace:
    """The command line, with the library folders defaulting into WORK_DIR."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work-dir", type=Path, required=True)
    ap.add_argument("--new-pdfs", type=Path, help="folder from answer_sets/fetch_manuals.sh")
    ap.add_argument("--pdfqa-pdfs", type=Path, help="folder from ../shared/bench/pdfqa-dev/fetch.sh")
    ap.add_argument("--new-lib", type=Path, help="default WORK_DIR/lib-new")
    ap.add_argument("--pdfqa-lib", type=Path, help="default WORK_DIR/lib-pdfqa")
    for n in FRESH:
        ap.add_argument(f"--new{n}-pdfs", type=Path,
                        help=f"folder from fetch_manuals.sh DIR manifest-{n}.json (adds the -{n} sets)")
        ap.add_argument(f"--new{n}-lib", type=Path,
                        help=f"the {ORDINAL[n]} fresh library (default WORK_DIR/lib-new{n} with --new{n}-pdfs)")
    ap.add_argument("--sets", default="", help="parts to ask (default: today's, and the -N parts with --newN-*): "
                    + ", ".join(PARTS + PARTS_FRESH))
    ap.add_argument("--retriever", default=None, help="retriever for the answers (default: the library's default)")
    ap.add_argument("--retrievers", default=RETRIEVERS, help="retrievers to score; '' skips the retrieval table")
    ap.add_argument("--no-determinism", action="store_true", help="ask once (no second process)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N questions of each set (smoke runs)")
    ap.add_argument("--score-only", action="store_true",
                    help="score the answers-seed1/2.jsonl already in WORK_DIR (even from a run cut short)")
    ap.add_argument("--out", type=Path, help="default WORK_DIR/answer_trust.json (and .md beside it)")
    args = ap.parse_args()
    args.new_lib = args.new_lib or args.work_dir / "lib-new"
    args.pdfqa_lib = args.pdfqa_lib or args.work_dir / "lib-pdfqa"
    for n in FRESH:
        pdfs, lib = getattr(args, f"new{n}_pdfs"), getattr(args, f"new{n}_lib")
        setattr(args, f"new{n}_lib", lib or (args.work_dir / f"lib-new{n}" if pdfs else None))
    fresh = [n for n in FRESH if getattr(args, f"new{n}_lib")]
    args.sets = args.sets or ",".join(PARTS + tuple(p for n in fresh for p in fresh_parts(n)))
    for n in FRESH:
        if set(args.sets.split(",")) & set(fresh_parts(n)) and n not in fresh:
            ap.error(f"the -{n} parts need --new{n}-pdfs or --new{n}-lib")
    return args


def main() -> None:
    """Build the libraries, ask, score, print and write the tables."""
    args = parse_args()
    args.work_dir.mkdir(parents=True, exist_ok=True)
    out = args.out or args.work_dir / "answer_trust.json"
    pdfs = {"new": args.new_pdfs, "pdfqa": args.pdfqa_pdfs,
            **{f"new{n}": getattr(args, f"new{n}_pdfs") for n in FRESH}}
    for role, folder in libraries_used(args).items():
        ensure_library(folder, pdfs[role])
    qs = question_sets(args.limit)
    start, load_before = time.perf_counter(), load_average()
    # The two runs go side by side (and beside the retriever scoring): on a shared machine
    # that shortens the wall time; answers must not depend on it.
    outs = [args.work_dir / f"answers-seed{seed}.jsonl" for seed in (1, 2)]
    wanted = [] if args.score_only else outs[: 1 if args.no_determinism else 2]
    workers = [start_worker(args, seed, o) for seed, o in zip((1, 2), wanted)]
    result: dict = {"command": portable(" ".join(sys.argv), folders(bench_dir(), args.work_dir)),
                    "retriever": args.retriever or "library default", "load_before": load_before}
    if args.retrievers:
        result["retrieval"] = retrieval(args, qs)
    rows = finish(workers[0], outs[0]) if workers else read_rows(outs[0])
    result["ask_seconds"] = None if args.score_only else round(time.perf_counter() - start, 1)
    sets = {**score_sets(rows, qs["new"], qs["pdfqa"], qs["convo"]), **score_fresh(rows, qs)}
    result["sets"] = {name: figures for name, figures in sets.items() if figures.get("questions")}  # asked sets only
    if any(r["set"] in ("follow-up", "self-contained") for r in rows):
        result["rewrites"] = rewrites(rows)
    for n in FRESH:
        result[f"rewrites-{n}"] = rewrites_fresh(rows, n)
    result["errors"] = {f"{r['set']}/{r['id']}": r.get("error") or "first question: " + r["first_error"]
                        for r in rows if r.get("error") or r.get("first_error")}
    if len(workers) == 2 or (args.score_only and outs[1].is_file()):
        result["determinism"] = determinism(rows, finish(workers[1], outs[1]) if workers else read_rows(outs[1]))
    result["load_after"] = load_average()
    text = report_text(result)
    print(text)
    out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    out.with_suffix(".md").write_text(text + "\n", encoding="utf-8")


def report_text(result: dict) -> str:
    """The markdown report: sets, rewrites, determinism, retrievers."""
    took = ("scored from the answer files already written" if result["ask_seconds"] is None else
            f"the first run took {result['ask_seconds']} s wall (two runs and the retriever scoring side by side)")
    parts = [f"Answers: retriever {result['retriever']}, k = 5, offline reader; {took}; load before "
             f"{result['load_before']}", "", sets_table(result["sets"])]
    titles = (("rewrites", "Follow-ups (rewrite):"),
              *((f"rewrites-{n}", f"Follow-ups-{n} (rewrite, {ORDINAL[n]} library):") for n in FRESH))
    for key, title in titles:
        parts += ["", title, "", rewrite_table(result[key])] if result.get(key) else []
    if result.get("errors"):
        parts += ["", f"The reader raised on {len(result['errors'])} questions (scored as misses): "
                      + "; ".join(f"{k}: {v}" for k, v in result["errors"].items())]
    if "determinism" in result:
        d = result["determinism"]
        parts += ["", f"Determinism: two fresh processes (PYTHONHASHSEED 1 and 2, opposite orders): {d['differing']} of "
                      f"{d['answers']} answers differ" + (f" ({', '.join(d['ids'])})" if d["ids"] else "")]
    if "retrieval" in result:
        parts += ["", "Retrievers (k = 5):", "", retrieval_table(result["retrieval"])]
    parts += ["", f"Load average after the run: {result['load_after']}"]
    return "\n".join(parts)


if __name__ == "__main__":
    main()
