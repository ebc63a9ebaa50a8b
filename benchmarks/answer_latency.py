"""Chat answer latency and page render time of two versions of the code, alternated in one run.

    python benchmarks/answer_latency.py [--old 6322af7] [--new .] [--rounds 3] [--pdf F.pdf ...]
                                        [--work DIR]
    python benchmarks/answer_latency.py --code OLD_CHECKOUT --code NEW_CHECKOUT

`--old` and `--new` each name a git revision of this repository or a checkout folder
(`--code A --code B` is `--old A --new B`, as in ingest_ratio.py). Default: old is 6322af7
(main's last commit before the merges of issue 25's branches evalsets, answers and spans),
new this working tree. A revision is checked out in a temporary git worktree (removed at the
end). Both versions get the same library: the same PDFs (default: the generated maintenance guide
and chemnum book of the tests; `--pdf` adds real ones), each version ingesting them into a
data dir of its own (the catalogs' schemas differ). One worker process per version keeps its
library open; the questions are then asked old / new alternately, each version with its own
default retriever, offline (no LLM), the order of the two flipping every round (a machine
getting busier or quieter moves both). Measured per question:
- ask: wall ms of `Library.ask(question)` as Chat calls it (retrieval, reader, sentences,
  spans and support check), and the worker's CPU ms for it (all threads);
- render: wall ms of Show on page's image of the first citation, the page cache emptied first;
  now with the first sentence's supporting span marked (what Chat shows), before without (the
  baseline has no span).
Printed as JSON: p50 / p95 per version, the ratios new/old of the p50s (target within 1.2x),
the same ratios (wall and CPU) of the first round alone (each question asked for the first time: caches of
the reader's tagging hold only what earlier questions brought), the 1-minute load average
before and after every round, and `quiet`: true only when each
was below 1, as a figure for the README needs. On a shared machine read the ratio, taken
alternately under the same load, and the CPU ms rather than the wall milliseconds.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "6322af7"
QUESTIONS = ["How often is the valve seal replaced?", "Who replaces the filter mesh?",
             "What is the calibration interval of the flow sensor in winter mode?",
             "Where are spare sensors kept?", "What is a viewport in chemnum?",
             "How are options of chemnum given?", "What format does the chemnum output pipeline write by default?",
             "How do I install chemnum?", "How do I configure PostgreSQL replication?"]
# Runs inside each version's tree: reads one JSON command per line, answers one JSON line.
WORKER = r'''
import json, shutil, sys, time
from pathlib import Path
from core.config import Settings
from core.library import Library
data, pdfs = Path(sys.argv[1]), sys.argv[2:]
lib = Library(Settings.load(data, env={}))
if not lib.catalog.documents():
    lib.add([Path(p) for p in pdfs])
lib.ask("warm up")
print(json.dumps({"ready": lib.settings.retrieve.default_retriever}), flush=True)
for line in sys.stdin:
    q = json.loads(line)["question"]
    start, start_cpu = time.perf_counter(), time.process_time()
    answer = lib.ask(q)
    ask_ms, ask_cpu_ms = (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000
    if not answer.citations:
        raise SystemExit(f"no citation for {q!r}: nothing to show on a page")
    cite = answer.citations[0]
    span = next((s.span_text for s in getattr(answer, "sentences", ())
                 if cite.number in s.citations and s.chunk_id == cite.chunk.chunk_id), "")
    shutil.rmtree(lib.evidence.cache.root, ignore_errors=True)
    start = time.perf_counter()
    lib.evidence.render(cite.chunk.chunk_id, **({"span": span} if span else {}))
    render_ms = (time.perf_counter() - start) * 1000
    print(json.dumps({"ask_ms": ask_ms, "ask_cpu_ms": ask_cpu_ms, "render_ms": render_ms, "span": bool(span)}),
          flush=True)
'''


def default_pdfs(folder: Path) -> list[Path]:
    """The tests' generated guide and book, written into `folder`."""
    sys.path.insert(0, str(ROOT))
    from tests.evidence.fixtures import make_book_pdf
    from tests.evidence.span_fixtures import make_span_pdf

    return [make_span_pdf(folder / "guide.pdf"), make_book_pdf(folder / "chemnum.pdf", "The chemnum manual", "chemnum")]


def start_worker(tree: Path, data: Path, pdfs: list[Path]) -> subprocess.Popen:
    """A worker process with `tree`'s code and its library open (ingested on first use)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "HF_HUB_OFFLINE": "1", "FOLIO_LLM_MODEL": "",
           "OPENAI_BASE_URL": ""}
    proc = subprocess.Popen([sys.executable, "-c", WORKER, str(data), *map(str, pdfs)], cwd=tree, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    ready = json.loads(proc.stdout.readline() or "{}")
    if "ready" not in ready:
        raise SystemExit(f"the worker of {tree} did not start (exit {proc.poll()})")
    return proc


def ask(proc: subprocess.Popen, question: str) -> dict:
    """One timed question in a worker."""
    proc.stdin.write(json.dumps({"question": question}) + "\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


def summary(rows: list[dict]) -> dict:
    """p50 / p95 of the ask and render times."""
    out = {}
    for key in ("ask_ms", "ask_cpu_ms", "render_ms"):
        values = sorted(r[key] for r in rows)
        out[f"{key[:-3]}_p50_ms"] = round(statistics.median(values), 1)
        out[f"{key[:-3]}_p95_ms"] = round(values[int(0.95 * (len(values) - 1))], 1)
    out["spans_marked"] = sum(r["span"] for r in rows)
    return out


def checkout(ref: str, tree: Path) -> tuple[Path, bool]:
    """(folder with the code of `ref`, whether it is a temporary worktree made here): a folder
    is used as it is, anything else is a git revision checked out at `tree`."""
    if Path(ref).is_dir():
        return Path(ref).resolve(), False
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--force", str(tree), ref],
                   check=True, capture_output=True)
    return tree, True


def alternate(workers: dict[str, subprocess.Popen], rounds: int) -> tuple[dict[str, list[dict]], list[dict]]:
    """Every question asked of both versions, old first in even rounds, new first in odd ones;
    the rows per version and the load average around each round."""
    rows: dict[str, list[dict]] = {name: [] for name in workers}
    loads = []
    for n in range(rounds):
        order = list(workers) if n % 2 == 0 else list(workers)[::-1]
        before = os.getloadavg()[0]
        for question in QUESTIONS:
            for name in order:  # both versions on the same question, back to back
                rows[name].append(ask(workers[name], question))
        loads.append({"before": round(before, 1), "after": round(os.getloadavg()[0], 1), "first": order[0]})
    return rows, loads


def main() -> None:
    """Check out both versions, alternate them, print JSON."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--old", "--baseline", dest="old", default=BASELINE, help="git revision or checkout folder")
    ap.add_argument("--new", default=str(ROOT), help="git revision or checkout folder (default: this tree)")
    ap.add_argument("--code", type=Path, action="append", default=[], help="twice: old then new checkout")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--pdf", type=Path, action="append", default=[])
    ap.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "answer-latency")
    args = ap.parse_args()
    if args.code:
        if len(args.code) != 2:
            raise SystemExit("--code takes two checkouts: old, then new")
        args.old, args.new = map(str, args.code)
    args.work.mkdir(parents=True, exist_ok=True)
    pdfs = default_pdfs(args.work) + [p.resolve() for p in args.pdf]
    made: list[Path] = []
    try:
        trees = {}
        for name, ref in (("old", args.old), ("new", args.new)):
            trees[name], temporary = checkout(ref, args.work / f"{name}-tree")
            made += [trees[name]] if temporary else []
        workers = {name: start_worker(tree, args.work / f"{name}-data", pdfs) for name, tree in trees.items()}
        rows, loads = alternate(workers, args.rounds)
        out = {name: summary(r) for name, r in rows.items()}
        for key in ("ask_p50_ms", "ask_cpu_p50_ms", "render_p50_ms"):
            out[f"ratio_{key}"] = round(out["new"][key] / out["old"][key], 2)
        first = {name: summary(r[: len(QUESTIONS)]) for name, r in rows.items()}  # each question new to its worker
        for key in ("ask_p50_ms", "ask_cpu_p50_ms"):
            out[f"first_round_ratio_{key}"] = round(first["new"][key] / first["old"][key], 2)
        out["load_1min"], out["cpus"] = loads, os.cpu_count()
        out["quiet"] = all(x["before"] < 1 and x["after"] < 1 for x in loads)
        out["old"]["code"], out["new"]["code"] = args.old, args.new
        out["questions"] = len(QUESTIONS) * args.rounds
        print(json.dumps(out, indent=1))
        for proc in workers.values():
            proc.stdin.close()
            proc.wait(timeout=60)
    finally:
        for tree in made:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], capture_output=True)


if __name__ == "__main__":
    main()
