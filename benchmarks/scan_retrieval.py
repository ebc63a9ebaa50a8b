"""Retrieval on scanned PDFs against the same PDFs born digital, in one run.

    python benchmarks/scan_retrieval.py PDF_DIR SCAN_DIR WORK_DIR \
        [--questions ../shared/bench/pdfqa-dev/questions.jsonl] [--retrievers bm25,dense,hybrid,gnn]

SCAN_DIR holds image-only copies of PDF_DIR's files (same names; see scan_pdfs.py). Both
folders are ingested with the CLI into WORK_DIR/scanned and WORK_DIR/digital (an existing
data dir is reused: copy a baseline library there to compare against it), then evaluated on
the questions; prints answer_recall@1/@5 of both and
the scanned/digital ratio, the ingest wall time and each file's summary line (OCR seconds
and confidence), and writes WORK_DIR/scan_retrieval.json.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cli(data_dir: Path, *args: str) -> subprocess.CompletedProcess:
    """Run `python -m core --data-dir data_dir ...` from the repository root."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
           "TOKENIZERS_PARALLELISM": "false"}
    return subprocess.run([sys.executable, "-m", "core", "--data-dir", str(data_dir), *args],
                          cwd=ROOT, env=env, capture_output=True, text=True)


def ingest(folder: Path, data_dir: Path) -> dict:
    """Ingest a folder (skipped when data_dir already holds a library); wall seconds and lines."""
    if (data_dir / "catalog.sqlite").exists():
        return {"seconds": None, "lines": ["(reused)"]}
    start = time.perf_counter()
    done = cli(data_dir, "ingest", str(folder))
    lines = [ln for ln in done.stdout.splitlines() if ln.strip()]
    if done.returncode != 0:
        print(done.stderr[-2000:], file=sys.stderr)
    return {"seconds": round(time.perf_counter() - start, 1), "lines": lines, "status": done.returncode}


def evaluate(data_dir: Path, questions: Path, retrievers: str) -> dict:
    """The eval report (JSON) at k = 1, 5."""
    done = cli(data_dir, "eval", "--questions", str(questions), "--retrievers", retrievers, "--k", "1,5", "--json")
    if done.returncode != 0:
        raise SystemExit(f"eval failed on {data_dir}: {done.stderr.strip()[-500:]}")
    return json.loads(done.stdout)


def main() -> None:
    """Ingest both, evaluate both, print the ratio table."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pdfs", type=Path)
    ap.add_argument("scans", type=Path)
    ap.add_argument("work", type=Path)
    ap.add_argument("--questions", type=Path, default=ROOT.parent / "shared" / "bench" / "pdfqa-dev" / "questions.jsonl")
    ap.add_argument("--retrievers", default="bm25,dense,hybrid,gnn")
    ap.add_argument("--table-questions", type=Path, help="also evaluate on these (e.g. the table questions only)")
    args = ap.parse_args()
    report: dict = {"load_before": os.getloadavg()}
    for name, folder in (("scanned", args.scans), ("digital", args.pdfs)):
        report[name] = {"ingest": ingest(folder, args.work / name)}
        report[name]["eval"] = evaluate(args.work / name, args.questions, args.retrievers)
        if args.table_questions:
            report[name]["eval_tables"] = evaluate(args.work / name, args.table_questions, args.retrievers)
    report["load_after"] = os.getloadavg()
    print(f"{'retriever':10} {'digital @1/@5':>16} {'scanned @1/@5':>16} {'ratio @1/@5':>14}")
    for name in args.retrievers.split(","):
        d = report["digital"]["eval"]["retrievers"][name]
        s = report["scanned"]["eval"]["retrievers"][name]
        r1 = s["answer_recall@1"] / d["answer_recall@1"] if d["answer_recall@1"] else float("nan")
        r5 = s["answer_recall@5"] / d["answer_recall@5"] if d["answer_recall@5"] else float("nan")
        print(f"{name:10} {d['answer_recall@1']:7.3f} / {d['answer_recall@5']:.3f} "
              f"{s['answer_recall@1']:7.3f} / {s['answer_recall@5']:.3f} {r1:7.3f} / {r5:.3f}")
    for name in ("digital", "scanned"):
        print(f"{name} ingest: {report[name]['ingest']['seconds']} s")
        for line in report[name]["ingest"]["lines"]:
            print("   ", line)
    print(f"load average before {report['load_before']}, after {report['load_after']}")
    (args.work / "scan_retrieval.json").write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
