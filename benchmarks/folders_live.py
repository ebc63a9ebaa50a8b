"""While the app runs: a file copied into, edited in, or deleted from a watched folder, until
the answers show it (part `live` of benchmarks/folders_bench.py).

The worker runs as the app runs it (`python -m core worker --watch-while PID`, its own
process, lower priority); this process is the app: it asks with the BM25 retriever, its
stores reloaded before each question as the app's are. For each of N files:
- copy: a new PDF written into the folder; seconds from the end of the write until an answer
  cites its text; the same minus the file's own ingest time (its add job's seconds);
- edit: the same file rewritten with new text; until an answer cites the new text;
- delete: the file removed; until no answer cites its text; the same minus the sync job that
  sent its document to the trash (removing a document from the stores is that job's time).
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from tests.folders.helpers import WORDS, pdf_bytes, wait_for

ROOT = Path(__file__).resolve().parents[1]


def _worker(work: Path, env: dict) -> subprocess.Popen:
    log = open(work / "live-worker.log", "w")
    return subprocess.Popen([sys.executable, "-m", "core", "--data-dir", str(work / "live-lib"), "worker",
                             "--linger", "0", "--watch-while", str(os.getpid())], cwd=ROOT, env=env,
                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)


def _cites(lib, question: str, word: str) -> bool:
    answer = lib.ask(question, "bm25", 3)
    return any(word in c.chunk.text for c in answer.citations)


def _ingest_seconds(lib, name: str) -> float:
    """The file's own ingest time: its (latest) add job's seconds."""
    for job in lib.jobs(20):
        for f in job.files:
            if job.kind == "add" and f.name == name and f.status in ("added", "replaced"):
                return f.seconds
    return 0.0


def _trash_seconds(lib, path: Path) -> float:
    """The seconds of the sync job that sent the deleted file's document to the trash."""
    for job in lib.jobs(20):
        for f in job.files:
            if job.kind == "sync" and f"{path} is gone" in f.message:
                return f.seconds
    return 0.0


def _summary(values: list[float]) -> dict:
    return {"p50_s": round(statistics.median(values), 2), "max_s": round(max(values), 2)}


def one_file(lib, folder: Path, n: int) -> dict:
    """Copy, edit and delete one file; each one's seconds."""
    name, old, new = f"{WORDS[n % len(WORDS)]}{n // len(WORDS) or ''}", str(7100 + n), str(8100 + n)
    question = f"Which port does the {name} gateway answer on?"
    path = folder / f"c{n}.pdf"
    start = time.perf_counter()
    path.write_bytes(pdf_bytes(f"The {name} gateway answers on port {old}"))
    wait_for(lambda: any(d.origin == str(path) for d in lib.documents()), 600, "the copy in the catalog")
    wait_for(lambda: _cites(lib, question, old), 600, "the copy cited")
    copy_s = time.perf_counter() - start
    copy_ingest = _ingest_seconds(lib, path.name)
    start = time.perf_counter()
    path.write_bytes(pdf_bytes(f"The {name} gateway now answers on port {new}"))
    wait_for(lambda: _cites(lib, question, new), 600, "the edit cited")
    edit_s = time.perf_counter() - start
    edit_ingest = _ingest_seconds(lib, path.name)
    start = time.perf_counter()
    path.unlink()
    wait_for(lambda: not any(d.origin == str(path) for d in lib.documents()), 600, "the delete in the catalog")
    wait_for(lambda: not _cites(lib, question, new), 600, "the deleted file out of the answers")
    delete_s = time.perf_counter() - start
    return {"copy": copy_s, "copy_minus_ingest": copy_s - copy_ingest, "edit": edit_s,
            "edit_minus_ingest": edit_s - edit_ingest, "delete": delete_s,
            "delete_minus_trash_sync": delete_s - _trash_seconds(lib, path)}


def bench_live(work: Path, files: int, open_library, env: dict) -> dict:
    """The live part: N files copied, edited and deleted while a watching worker process runs."""
    from core.library.folders.manage import WatchedFolders

    folder = work / "live-folder"
    for path in (folder, work / "live-lib"):
        shutil.rmtree(path, ignore_errors=True)
    folder.mkdir(parents=True)
    lib = open_library(work, "live-lib")
    WatchedFolders(lib).add(folder, start=False)
    worker = _worker(work, env)
    try:
        warm = folder / "warm.pdf"  # the worker loads its models on its first file: not a copy's cost
        warm.write_bytes(pdf_bytes("Warm-up file about the quarry road."))
        wait_for(lambda: any(d.origin == str(warm) for d in lib.documents()), 900, "the warm-up file")
        wait_for(lambda: _cites(lib, "Where is the quarry road?", "quarry"), 900, "the warm-up answer")  # ours too
        rows = [one_file(lib, folder, n) for n in range(files)]
    finally:
        worker.kill()
        worker.wait()
    out = {"files": files, "worker": "process (as the app runs it)"}
    for key in rows[0]:
        out[key] = _summary([r[key] for r in rows])
    out["per_file_s"] = [{k: round(v, 2) for k, v in r.items()} for r in rows]
    return out
