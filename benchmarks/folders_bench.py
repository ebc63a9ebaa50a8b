"""Watched folders against the targets of issue 20 (run what you need; each part prints JSON).

    python benchmarks/folders_bench.py --work-dir W rescan [--files 10000]
        a folder of N generated files (60% tiny PDFs, the rest other files); after a first
        pass, one rescan of the unchanged folder: seconds, catalog writes, files hashed
    python benchmarks/folders_bench.py --work-dir W move [--pages 100 | --pdf PDF]
        a PDF of N pages in the library, renamed inside its watched folder while a watching
        worker runs: seconds until the library shows the new path, embedder calls
    python benchmarks/folders_bench.py --work-dir W live [--files 10]
        while a watching worker process runs (as the app's): copy a PDF into the folder, edit
        it, delete it; seconds until the answers show each (benchmarks/folders_live.py)
    python benchmarks/folders_bench.py --work-dir W first [--files 1000]
        a first sync of N tiny PDFs: the sync's own work (walk and stat, hash, queue,
        bookkeeping) against the whole, ingest included; `first-pass`: the first pass alone
    python benchmarks/folders_bench.py --work-dir W idle [--files 10000] [--seconds 30]
        CPU and memory of `python -m core worker --watch-while PID` watching the rescan folder

The first pass of `rescan` hashes and queues every PDF; its add job is then cancelled and the
rows marked known (state `failed`: nothing is retried), so the rescan measures the walk, the
stats and the comparison without ingesting thousands of files.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.config import Settings  # noqa: E402
from core.library.folders.manage import WatchedFolders  # noqa: E402
from core.library.folders.serve import serve  # noqa: E402
from core.library.folders.sync import FolderSync  # noqa: E402
from core.ingest.files import file_sha256  # noqa: E402
from core.library import Library  # noqa: E402

ENV = {"FOLIO_KEYWORDS": "tfidf", "FOLIO_WALK_MAX_PDFS": "100000"}


def tiny_pdf(text: str, pages: int = 1) -> bytes:
    """A PDF whose pages carry distinct text (tests/folders/helpers.py: lines repeated on
    every page would be dropped as running headers)."""
    from tests.folders.helpers import pdf_bytes
    return pdf_bytes(text, pages)


def open_library(work: Path, name: str, embedder=None) -> Library:
    """A library in work/name with tf-idf keywords."""
    return Library(Settings.load(work / name, env={**os.environ, **ENV}), embedder=embedder)


def make_folder(folder: Path, files: int) -> Path:
    """`files` files under `folder` in 100 sub-folders: 60% tiny PDFs, the rest text files."""
    if folder.is_dir() and sum(1 for _ in folder.rglob("*")) >= files:
        return folder
    template = tiny_pdf("Generated file")
    for n in range(files):
        path = folder / f"d{n % 100:02}" / (f"f{n}.pdf" if n % 5 < 3 else f"f{n}.txt")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(template + f"\n% {n}\n%%EOF\n".encode() if path.suffix == ".pdf" else b"notes")
    old = time.time() - 60
    for path in folder.rglob("f*"):
        os.utime(path, (old, old))
    return folder


def known_folder(lib: Library, folder: Path) -> tuple[str, float]:
    """Watch `folder` and run its first pass; its add job is cancelled and its rows marked known
    (see the module doc). Returns the real path and the first pass's seconds."""
    real, _ = WatchedFolders(lib).add(folder, start=False)
    start = time.perf_counter()
    first = FolderSync(lib).run(real)
    seconds = time.perf_counter() - start
    for job in lib.jobs(10):
        lib.cancel_job(job.job_id)  # the watch's own sync job, and the add job of the first pass
    with lib.catalog._lock:
        lib.catalog._db.execute("UPDATE folder_files SET state='failed', job_id=0 WHERE folder=?", (real,))
    return real, seconds


def bench_rescan(work: Path, files: int) -> dict:
    folder = make_folder(work / "rescan-folder", files)
    shutil.rmtree(work / "rescan-lib", ignore_errors=True)
    lib = open_library(work, "rescan-lib")
    real, first_s = known_folder(lib, folder)
    hashed: list[Path] = []
    before = lib.catalog._db.total_changes
    start = time.perf_counter()
    report = FolderSync(lib, hasher=lambda p: hashed.append(p) or file_sha256(p)).run(real)
    seconds = time.perf_counter() - start
    return {"files": files, "found": report.found, "first_pass_s": round(first_s, 2),
            "rescan_s": round(seconds, 3), "catalog_writes": lib.catalog._db.total_changes - before,
            "files_hashed": len(hashed), "summary": report.summary()}


def watching(lib: Library):
    """A watching worker thread of this process; returns its stop event."""
    stop = threading.Event()
    threading.Thread(target=serve, args=(lib,), kwargs={"linger": 0, "stop": stop}, daemon=True).start()
    return stop


def wait(condition, timeout: float = 900.0):
    """The condition's first true value, polled with a deadline (tests/folders/helpers.py)."""
    from tests.folders.helpers import wait_for
    return wait_for(condition, timeout)


def bench_move(work: Path, pages: int, pdf: Path | None = None) -> dict:
    from tests.folders.helpers import CountingEmbedder
    from core.index.embedder import SentenceEmbedder

    folder = work / "move-folder"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(work / "move-lib", ignore_errors=True)
    folder.mkdir(parents=True)
    if pdf is not None:  # a real manual (e.g. pdfqa-dev's 101-page auto-multiple-choice.en.pdf)
        shutil.copyfile(pdf, folder / "big.pdf")
    else:
        (folder / "big.pdf").write_bytes(tiny_pdf("A long report", pages))
    counting = CountingEmbedder(SentenceEmbedder())
    lib = open_library(work, "move-lib", counting)
    WatchedFolders(lib).add(folder, start=False)
    stop = watching(lib)
    doc = wait(lambda: next(iter(lib.documents()), None))
    calls = counting.calls
    target = folder / "renamed" / "big-report.pdf"
    target.parent.mkdir()
    start = time.perf_counter()
    (folder / "big.pdf").rename(target)
    wait(lambda: lib.catalog.document(doc.doc_id).origin == str(target))
    seconds = time.perf_counter() - start
    stop.set()
    return {"pdf": str(pdf or "generated"), "pages": doc.pages, "chunks": doc.chunks, "move_reflected_s": round(seconds, 3),
            "embedder_calls": counting.calls - calls}


def pdf_folder(folder: Path, files: int) -> Path:
    """`files` tiny PDFs (distinct text each) in 20 sub-folders, settled a minute ago."""
    from tests.folders.helpers import pdf_bytes

    if folder.is_dir() and sum(1 for _ in folder.rglob("*.pdf")) == files:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    for n in range(files):
        path = folder / f"d{n % 20:02}" / f"r{n}.pdf"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pdf_bytes(f"Report {n} counts {n * 7} swifts over the {n % 13} marsh."))
    old = time.time() - 60
    for path in folder.rglob("*.pdf"):
        os.utime(path, (old, old))
    return folder


def first_pass(work: Path, files: int) -> tuple[Library, str, FolderSync, dict]:
    """A new library watching a folder of N tiny PDFs, and its first pass (timed by phase)."""
    folder = pdf_folder(work / f"first-folder-{files}", files)
    shutil.rmtree(work / "first-lib", ignore_errors=True)
    lib = open_library(work, "first-lib")
    real, _ = WatchedFolders(lib).add(folder, start=False)
    for job in lib.jobs(10):
        lib.cancel_job(job.job_id)  # the watch's own sync job: the first pass runs here, timed
    sync = FolderSync(lib)
    report = sync.run(real)
    phases = {k: round(v, 3) for k, v in sync.seconds.items()}
    phases["bookkeeping"] = round(sync.seconds["total"] - sum(sync.seconds[k] for k in ("scan", "hash", "queue")), 3)
    return lib, real, sync, {"files": files, "queued": report.queued, "first_pass": phases}


def bench_first(work: Path, files: int, ingest: bool = True) -> dict:
    """A first sync of N tiny PDFs: its own work (walk and stat, hashing, queueing,
    bookkeeping, and the pass that records the add job's outcome) against the whole."""
    lib, real, first, out = first_pass(work, files)
    if not ingest:
        return out
    start = time.perf_counter()
    lib.run_jobs()  # the add job: the ingest itself
    ingest_s = time.perf_counter() - start
    settle = FolderSync(lib)
    settled = settle.run(real)
    own = first.seconds["total"] + settle.seconds["total"]
    return {**out, "in_library": len(lib.documents()), "settling_pass_s": round(settle.seconds["total"], 3),
            "settling_summary": settled.summary(), "ingest_s": round(ingest_s, 1), "sync_own_s": round(own, 2),
            "sync_share_percent": round(100 * own / (own + ingest_s), 2)}


def bench_live(work: Path, files: int) -> dict:
    from benchmarks.folders_live import bench_live as run

    env = {**os.environ, **ENV, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    return run(work, files, open_library, env)


def bench_idle(work: Path, files: int, seconds: float) -> dict:
    import psutil

    folder = make_folder(work / "rescan-folder", files)
    shutil.rmtree(work / "idle-lib", ignore_errors=True)
    lib = open_library(work, "idle-lib")
    known_folder(lib, folder)
    lib.catalog.close()
    env = {**os.environ, **ENV, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "core", "--data-dir", str(work / "idle-lib"), "worker",
                             "--linger", "0", "--watch-while", str(os.getpid())], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        watched = psutil.Process(proc.pid)
        catalog = work / "idle-lib" / "catalog.sqlite"
        wait(lambda: _synced(catalog), timeout=1800)  # the rescan at start is over
        cpu0, t0 = sum(watched.cpu_times()[:2]), time.monotonic()
        time.sleep(seconds)
        cpu = (sum(watched.cpu_times()[:2]) - cpu0) / (time.monotonic() - t0)
        return {"files": files, "seconds": seconds, "idle_cpu_percent": round(cpu * 100, 2),
                "rss_mib": round(watched.memory_info().rss / 2**20, 1)}
    finally:
        proc.kill()
        proc.wait()


def _synced(catalog: Path) -> bool:
    import sqlite3

    with sqlite3.connect(f"file:{catalog}?mode=ro", uri=True, timeout=1) as db:
        left = db.execute("SELECT COUNT(*) FROM jobs WHERE status IN ('queued', 'running')").fetchone()[0]
        syncs = db.execute("SELECT COUNT(*) FROM jobs WHERE kind='sync' AND status IN ('done', 'failed')").fetchone()[0]
    return syncs > 0 and left == 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work-dir", type=Path, required=True)
    parser.add_argument("part", choices=["rescan", "move", "live", "first", "first-pass", "idle"])
    parser.add_argument("--files", type=int, default=0)
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--pdf", type=Path, default=None, help="move: this PDF instead of a generated one")
    args = parser.parse_args()
    args.work_dir.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    load = [round(x, 2) for x in os.getloadavg()]
    out = {"rescan": lambda: bench_rescan(args.work_dir, args.files or 10_000),
           "move": lambda: bench_move(args.work_dir, args.pages, args.pdf),
           "live": lambda: bench_live(args.work_dir, args.files or 10),
           "first": lambda: bench_first(args.work_dir, args.files or 1000),
           "first-pass": lambda: bench_first(args.work_dir, args.files or 1000, ingest=False),
           "idle": lambda: bench_idle(args.work_dir, args.files or 10_000, args.seconds)}[args.part]()
    out["load_average_start"] = load
    out["load_average_end"] = [round(x, 2) for x in os.getloadavg()]  # the machine is shared: not quiet
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
