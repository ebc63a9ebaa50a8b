"""Load benchmark: concurrent app sessions ask questions, idle and while a big PDF is added.

    .venv/bin/python benchmarks/app_load.py --data-dir LIB \\
        --pdf R-intro.pdf --pdf R-lang.pdf --pages 150 \\
        [--questions ../shared/bench/pdfqa-dev/questions.jsonl] [--sessions 4] [--per-session 25] \\
        [--worker process|thread] [--fresh] [--out results.json] \\
        [--streamlit-option runner.postScriptGC=true ...]   # e.g. Streamlit's defaults, as a baseline

Copies the library LIB to a temp dir, starts `streamlit run app.py` on it (localhost), and
drives real sessions over the app's websocket (benchmarks/app_session.py), each asking the
same questions on the Chat page:
  1. idle: the sessions ask their questions at once;
  2. ingest: one more session adds a folder holding a PDF of `--pages` pages (cut from the
     --pdf files) on the Library page; once the worker runs the job, fresh sessions ask the
     same questions again while a CLI process runs `python -m core retrieve` in a loop.
Reports errors (exceptions and error alerts in the page, failed CLI runs), latency p50/p95
per phase (question sent -> the page's run ended; and the library's own answer time), how
many answers ended while the job was running, the ingest time, the memory of the app
process with its sessions (and of the worker process), and whether the new document is
answerable afterwards without a restart.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root, for core and tests

import argparse
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Sequence

import psutil

from benchmarks.app_session import Session

ROOT = Path(__file__).resolve().parents[1]


def make_pdf(sources: list[Path], pages: int, out: Path) -> Path:
    """The first `pages` pages of the sources, back to back, as one PDF."""
    import pymupdf

    merged = pymupdf.open()
    for src in sources:
        with pymupdf.open(src) as doc:
            take = min(doc.page_count, pages - merged.page_count)
            if take > 0:
                merged.insert_pdf(doc, to_page=take - 1)
    merged.save(out)
    return out


def start_app(data_dir: Path, worker: str, log: Path, options: Sequence[str] = ()) -> tuple[subprocess.Popen, str]:
    """`streamlit run app.py` on a free localhost port (with extra `section.option=value`
    settings over .streamlit/config.toml); returns the process and its URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "FOLIO_DATA_DIR": str(data_dir), "FOLIO_WORKER": worker, "HF_HUB_OFFLINE": "1",
           "PYTHONPATH": str(ROOT),
           "FOLIO_IMPORT_ROOTS": str(data_dir.parent)}  # the inbox folder is typed into the Library page
    cmd = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
           "--server.address", "127.0.0.1", "--server.port", str(port), "--browser.gatherUsageStats", "false"]
    cmd += [f"--{opt}" for opt in options]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 300
    while time.time() < deadline:
        try:
            if urllib.request.urlopen(url + "/_stcore/health", timeout=2).read() == b"ok":
                return proc, url
        except OSError:
            time.sleep(0.5)
    proc.kill()
    raise RuntimeError(f"the app did not start; see {log}")


class Memory(threading.Thread):
    """Peak RSS (MiB) of the app process and of its worker children, sampled twice a second."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.app = psutil.Process(pid)
        self.peak = {"app": 0.0, "worker": 0.0}
        self.stop = threading.Event()

    def run(self) -> None:
        """Sample until `stop` is set."""
        while not self.stop.wait(0.5):
            try:
                self.peak["app"] = max(self.peak["app"], self.app.memory_info().rss / 2**20)
                kids = self.app.children(recursive=True)
                self.peak["worker"] = max([self.peak["worker"]] + [k.memory_info().rss / 2**20 for k in kids])
            except psutil.Error:
                pass


def ask_all(url: str, questions: list[str], sessions: int, fresh: bool = False) -> list[dict]:
    """`sessions` concurrent sessions, each asking every question in turn (rotated); with
    `fresh`, each question in a new tab (no chat history to draw again)."""
    def one(n: int) -> list[dict]:
        """Session n: a fresh tab asking every question, starting at the n-th."""
        s = Session(url)
        s.open()  # the Chat page, as a browser tab shows it
        rows = []
        for q in questions[n % len(questions):] + questions[:n % len(questions)]:
            try:
                if fresh:
                    s.close()
                    s = Session(url)
                    s.open()
                run = s.ask(q)
                errs = run.errors() or ([] if run.answer_ms() is not None else ["no answer shown"])
                rows.append({"end": time.time(), "s": run.seconds, "answer_ms": run.answer_ms(), "errors": errs})
            except Exception as exc:  # a dropped connection counts as an error, not a crash
                rows.append({"end": time.time(), "s": float("nan"), "answer_ms": None, "errors": [repr(exc)]})
        s.close()
        return rows

    with ThreadPoolExecutor(sessions) as pool:
        return [row for rows in pool.map(one, range(sessions)) for row in rows]


def cli_reader(data_dir: Path, question: str, stop: threading.Event) -> list[dict]:
    """`python -m core retrieve` in a loop until `stop`: exit codes and seconds."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT)}
    runs = []
    while not stop.is_set():
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "core", "--data-dir", str(data_dir), "retrieve", question,
                               "--retriever", "hybrid", "--json"], cwd=ROOT, env=env, capture_output=True, text=True)
        ok = proc.returncode == 0 and json.loads(proc.stdout).get("chunks") is not None
        runs.append({"rc": proc.returncode, "ok": ok, "s": time.perf_counter() - start,
                     "err": "" if ok else proc.stderr[-300:]})
    return runs


def latest_job(data_dir: Path) -> dict:
    """The newest job's status and times, read straight from the catalog."""
    with sqlite3.connect(f"file:{data_dir / 'catalog.sqlite'}?mode=ro", uri=True, timeout=30) as db:
        row = db.execute("SELECT status, started_at, finished_at, message FROM jobs "
                         "ORDER BY job_id DESC LIMIT 1").fetchone()
    return dict(zip(("status", "started_at", "finished_at", "message"), row)) if row else {}


def newest_title(data_dir: Path) -> str:
    """Title of the document added last."""
    with sqlite3.connect(f"file:{data_dir / 'catalog.sqlite'}?mode=ro", uri=True, timeout=30) as db:
        return db.execute("SELECT title FROM documents ORDER BY added_at DESC LIMIT 1").fetchone()[0]


def summary(rows: list[dict]) -> dict:
    """Count, errors, p50/p95 of page-run seconds and of the library's answer ms."""
    import numpy as np

    secs = np.array([r["s"] for r in rows if r["s"] == r["s"]])
    lib = np.array([r["answer_ms"] for r in rows if r["answer_ms"] is not None])
    pct = lambda a, q: round(float(np.percentile(a, q)), 3) if len(a) else None  # noqa: E731
    return {"questions": len(rows), "errors": sum(bool(r["errors"]) for r in rows),
            "p50_s": pct(secs, 50), "p95_s": pct(secs, 95), "max_s": pct(secs, 100),
            "answer_ms_p50": pct(lib, 50), "answer_ms_p95": pct(lib, 95),
            "error_samples": sorted({e for r in rows for e in r["errors"]})[:5]}


def ingest_phase(url: str, data_dir: Path, inbox: Path, questions: list[str], sessions: int,
                 fresh: bool) -> dict:
    """Queue the inbox on the Library page; once the worker runs it, ask again, with a CLI reader."""
    queued_at = time.time()
    page = Session(url).add_folder(str(inbox))
    if page.errors():
        raise RuntimeError(f"adding the folder failed: {page.errors()}")
    while latest_job(data_dir).get("status") in (None, "queued"):
        time.sleep(0.2)
    running_at = time.time()
    stop = threading.Event()
    with ThreadPoolExecutor(1) as pool:
        reader = pool.submit(cli_reader, data_dir, questions[1 % len(questions)], stop)
        during = ask_all(url, questions, sessions, fresh)
        while latest_job(data_dir)["status"] == "running":
            time.sleep(0.5)
        done_at = time.time()
        stop.set()
        cli_runs = reader.result()
    job = latest_job(data_dir)
    return {
        "during_ingest": summary(during),
        "answered_while_job_ran": summary([r for r in during if running_at <= r["end"] <= done_at]),
        "ingest": {"status": job["status"], "message": job["message"],
                   "queued_to_running_s": round(running_at - queued_at, 1),
                   "running_s": round(done_at - running_at, 1)},
        "cli_reader": {"runs": len(cli_runs), "errors": sum(not r["ok"] for r in cli_runs),
                       "p50_s": round(sorted(r["s"] for r in cli_runs)[len(cli_runs) // 2], 2) if cli_runs else None,
                       "error_samples": [r["err"] for r in cli_runs if not r["ok"]][:3]},
    }


def run(args: argparse.Namespace, work: Path) -> dict:
    """Copy the library, start the app, run both phases, check the new document; the report."""
    data_dir, inbox = work / "data", work / "inbox"
    shutil.copytree(args.data_dir, data_dir, ignore=shutil.ignore_patterns("*.lock", "incoming"))
    inbox.mkdir()
    make_pdf(args.pdf, args.pages, inbox / "big.pdf")
    questions = [json.loads(line)["question"] for line in args.questions.read_text().splitlines() if line.strip()]
    questions = questions[: args.per_session]
    app, url = start_app(data_dir, args.worker, work / "app.log", args.streamlit_option)
    memory = Memory(app.pid)
    memory.start()
    try:
        Session(url).ask(questions[0])  # the first question pays the model load, as for the first visitor
        load = [round(x, 2) for x in os.getloadavg()]
        idle = summary(ask_all(url, questions, args.sessions, args.fresh))
        idle_memory = round(memory.peak["app"], 1)
        report = ingest_phase(url, data_dir, inbox, questions, args.sessions, args.fresh)
        title = newest_title(data_dir)
        check = Session(url).ask(args.check_question)
    finally:
        memory.stop.set()
        workers = psutil.Process(app.pid).children(recursive=True)
        app.terminate()
        app.wait(timeout=60)
        psutil.wait_procs(workers, timeout=60)  # a worker lingers a few seconds after its queue
    return {
        "worker": args.worker, "fresh_tab_per_question": args.fresh, "sessions": args.sessions, "questions_per_session": len(questions),
        "pages": args.pages, "streamlit_options": args.streamlit_option, "load_average_before": load, "idle": idle, **report,
        "memory_mib": {"app_idle_peak": idle_memory, "app_peak": round(memory.peak["app"], 1),
                       "worker_peak": round(memory.peak["worker"], 1)},
        "new_document": title,
        "new_document_cited_without_restart": any(title in label for label in check.expanders) and not check.errors(),
    }


def main() -> None:
    """Parse the arguments, run the benchmark in a temp dir, print (and save) the report."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", type=Path, required=True, help="library to copy and serve")
    ap.add_argument("--pdf", type=Path, action="append", required=True, help="PDF(s) to cut the big PDF from")
    ap.add_argument("--pages", type=int, default=150)
    ap.add_argument("--questions", type=Path, default=ROOT.parent / "shared/bench/pdfqa-dev/questions.jsonl")
    ap.add_argument("--sessions", type=int, default=4)
    ap.add_argument("--per-session", type=int, default=25)
    ap.add_argument("--worker", choices=("process", "thread"), default="process")
    ap.add_argument("--fresh", action="store_true",
                    help="each question in a new tab (measures one answer, not a growing chat history)")
    ap.add_argument("--check-question", default="How do you quit an R session?",
                    help="asked at the end: the new document should be cited")
    ap.add_argument("--streamlit-option", action="append", default=[], metavar="SECTION.OPTION=VALUE",
                    help="override .streamlit/config.toml, e.g. runner.postScriptGC=true (Streamlit's default)")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="folio-load-"))
    try:
        report = run(args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    text = json.dumps(report, indent=1)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
