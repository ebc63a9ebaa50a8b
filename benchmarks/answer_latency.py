"""Chat answer latency and page render time, the code before issue 25's work against now.

    python benchmarks/answer_latency.py [--baseline 6322af7] [--rounds 3] [--pdf F.pdf ...]
                                        [--work DIR]

The baseline (default 6322af7: main's last commit before the merges of issue 25's branches
evalsets, answers and spans) is checked out in a temporary git worktree (removed at the end).
Both versions get the same library: the same PDFs (default: the generated maintenance guide
and chemnum book of the tests; `--pdf` adds real ones), each version ingesting them into a
data dir of its own (the catalogs' schemas differ). One worker process per version keeps its
library open; the questions are then asked old / new alternately, each version with its own
default retriever, offline (no LLM). Measured per question:
- ask: wall ms of `Library.ask(question)` as Chat calls it (retrieval, reader, sentences,
  spans and support check);
- render: wall ms of Show on page's image of the first citation, the page cache emptied first;
  now with the first sentence's supporting span marked (what Chat shows), before without (the
  baseline has no span).
Printed as JSON: p50 / p95 per version, the ratios new/old of the p50s (target within 1.2x),
and the 1-minute load average before and after. On a shared machine this is not a quiet
figure: read the ratio, taken alternately under the same load, rather than the milliseconds.
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
    start = time.perf_counter()
    answer = lib.ask(q)
    ask_ms = (time.perf_counter() - start) * 1000
    if not answer.citations:
        raise SystemExit(f"no citation for {q!r}: nothing to show on a page")
    cite = answer.citations[0]
    span = next((s.span_text for s in getattr(answer, "sentences", ())
                 if cite.number in s.citations and s.chunk_id == cite.chunk.chunk_id), "")
    shutil.rmtree(lib.evidence.cache.root, ignore_errors=True)
    start = time.perf_counter()
    lib.evidence.render(cite.chunk.chunk_id, **({"span": span} if span else {}))
    render_ms = (time.perf_counter() - start) * 1000
    print(json.dumps({"ask_ms": ask_ms, "render_ms": render_ms, "span": bool(span)}), flush=True)
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
    for key in ("ask_ms", "render_ms"):
        values = sorted(r[key] for r in rows)
        out[f"{key[:-3]}_p50_ms"] = round(statistics.median(values), 1)
        out[f"{key[:-3]}_p95_ms"] = round(values[int(0.95 * (len(values) - 1))], 1)
    out["spans_marked"] = sum(r["span"] for r in rows)
    return out


def main() -> None:
    """Build the baseline tree, alternate the versions, print JSON."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--baseline", default=BASELINE)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--pdf", type=Path, action="append", default=[])
    ap.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "answer-latency")
    args = ap.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    pdfs = default_pdfs(args.work) + [p.resolve() for p in args.pdf]
    tree = args.work / "baseline-tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--force", str(tree), args.baseline],
                   check=True, capture_output=True)
    try:
        workers = {"old": start_worker(tree, args.work / "old-data", pdfs),
                   "new": start_worker(ROOT, args.work / "new-data", pdfs)}
        load_before = os.getloadavg()[0]
        rows: dict[str, list[dict]] = {name: [] for name in workers}
        for _ in range(args.rounds):
            for question in QUESTIONS:
                for name, proc in workers.items():  # old, then new, on the same question
                    rows[name].append(ask(proc, question))
        out = {name: summary(r) for name, r in rows.items()}
        for key in ("ask_p50_ms", "render_p50_ms"):
            out[f"ratio_{key}"] = round(out["new"][key] / out["old"][key], 2)
        out["load_1min"] = {"before": round(load_before, 1), "after": round(os.getloadavg()[0], 1),
                            "cpus": os.cpu_count()}
        out["baseline"], out["questions"] = args.baseline, len(QUESTIONS) * args.rounds
        print(json.dumps(out, indent=1))
        for proc in workers.values():
            proc.stdin.close()
            proc.wait(timeout=60)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], capture_output=True)


if __name__ == "__main__":
    main()
