"""Real processes of the watched-folder tests: `python -m core` started with a data dir, the
catalog read from outside them, a folder watched through the catalog alone."""
from __future__ import annotations

import ctypes
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from core.index.catalog import Catalog
from core.index.catalog_folders import FolderTables

ROOT = Path(__file__).resolve().parents[2]
PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 24, 1, 2


def without_file_override() -> None:
    """In a child about to exec: give up root's power to read any file, so a file with mode
    000 is unreadable to it as it is to a user (a no-op when not root)."""
    if os.geteuid() == 0:
        libc = ctypes.CDLL(None, use_errno=True)
        for cap in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
            if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
                raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def start(processes, data_dir: Path, env: dict, *args: str, preexec=None) -> subprocess.Popen:
    """`python -m core --data-dir DATA ARGS...`, its output in DATA/../ARGS[0].log."""
    log = open(data_dir.parent / f"{args[0]}-{len(processes)}.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "core", "--data-dir", str(data_dir), *args], cwd=ROOT, env=env,
                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, preexec_fn=preexec)
    processes.append(proc)
    return proc


def start_worker(processes, data_dir: Path, env: dict) -> subprocess.Popen:
    """The worker as the app starts it: watching while this test process lives."""
    return start(processes, data_dir, env, "worker", "--linger", "0", "--watch-while", str(os.getpid()))


def query(data_dir: Path, sql: str) -> list[tuple]:
    """Rows read from the catalog from outside the writing processes ([] while it is busy)."""
    try:
        with sqlite3.connect(f"file:{data_dir / 'catalog.sqlite'}?mode=ro", uri=True, timeout=1) as db:
            return db.execute(sql).fetchall()
    except sqlite3.Error:
        return []


def ready(data_dir: Path) -> int:
    """How many documents are ready in the library."""
    rows = query(data_dir, "SELECT COUNT(*) FROM documents WHERE status='ready'")
    return rows[0][0] if rows else 0


def watched(data_dir: Path, docs: Path) -> None:
    """Watch `docs` in `data_dir` (the catalog alone: a vector store opened in this process
    before the worker writes would be stale); the worker's rescan at start syncs it."""
    catalog = Catalog(data_dir / "catalog.sqlite")
    FolderTables(catalog).add_folder(os.path.realpath(docs))
    catalog.close()
