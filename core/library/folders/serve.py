"""The worker that watches: run the job queue and follow the watched folders while it runs.

`python -m core worker --watch-while PID` (how the app starts its worker) and `python -m
core watch` (in the foreground) both come here. One process per data dir watches (it holds
`.watch.lock`); it queues a full rescan when it starts, so what changed while Folio was off
is caught, then turns file-system events into sync jobs and runs every queued job (syncs,
the adds they queue, uploads). While idle it only waits: a count of queued jobs every
0.2 s (at once when the watcher queues a sync), the watcher's timers, and the observers'
own threads. The watcher's close-write events reach this process's sync passes
(`lib.folder_writes`), so a file whose writer closed it is read without waiting.

The app's worker keeps watching while the app process lives; when the app is gone (or no
folder is watched) it finishes the queue, lingers as a plain worker does, and exits.

Example:
    >>> # serve(lib, linger=10, parent=app_pid)              # the app's worker
    >>> # serve(lib, linger=0, on_line=print)                # python -m core watch (Ctrl-C stops)
"""
from __future__ import annotations

import os
import sys
import threading
import time
from typing import Callable

from core.library.folders.watch import FolderWatcher
from core.index.catalog_folders import FolderTables
from core.locks import file_lock, is_locked

WATCH_LOCK = ".watch.lock"
IDLE_S = 0.2  # how often an idle watching worker looks for queued jobs


def watching(data_dir) -> bool:
    """True when some process watches this data dir's folders (and runs its jobs)."""
    return is_locked(data_dir / WATCH_LOCK)


def alive(pid: int) -> bool:
    """True while process `pid` exists (0: no process to follow, always true)."""
    if not pid:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def keep_watching(lib, every_s: float = 5.0) -> threading.Thread:
    """In the app: make sure a worker watches the folders while this process runs (a worker
    started by someone else may have exited); a daemon thread, one `start_worker` per `every_s`."""
    def loop() -> None:
        while True:
            try:
                lib.start_worker()
            except Exception as exc:  # noqa: BLE001 - one line, and the next round tries again
                print(f"folio: could not start the watching worker: {exc}", file=sys.stderr)
            time.sleep(every_s)
    thread = threading.Thread(target=loop, name="folio-keep-watching", daemon=True)
    thread.start()
    return thread


def serve(lib, *, linger: float, parent: int = 0, stop: threading.Event | None = None,
          on_line: Callable[[str], None] | None = None, progress=None, on_outcome=None) -> None:
    """Run jobs and watch the folders while `parent` lives (0: until `stop` is set or Ctrl-C),
    then drain the queue and linger `linger` seconds. When another process already watches,
    be a plain worker instead."""
    stop = stop or threading.Event()
    with file_lock(lib.settings.data_dir / WATCH_LOCK, blocking=False) as got:
        if not got:
            if on_line is not None:
                on_line("another process watches this library's folders; running its jobs only")
            lib.run_jobs(linger=min(linger, 3600.0), progress=progress, on_outcome=on_outcome)
            return
        watcher = FolderWatcher(lib, on_line)
        lib.folder_writes = watcher.writes  # this process's sync passes read its close-write events
        watcher.start()
        try:
            _loop(lib, watcher, stop, linger, parent, progress, on_outcome)
        finally:
            watcher.stop()
            lib.folder_writes = None


def _loop(lib, watcher: FolderWatcher, stop: threading.Event, linger: float, parent: int,
          progress, on_outcome) -> None:
    """Run queued jobs as they come; leave once nothing is to be watched and `linger` passed."""
    tables = FolderTables(lib.catalog)
    idle_since = time.monotonic()
    while not stop.is_set():
        watcher.queued.clear()
        if lib.catalog.queued_jobs():
            lib.run_jobs(progress=progress, on_outcome=on_outcome)  # False: another process runs them
            watcher.synced()
            idle_since = time.monotonic()
        watched = alive(parent) and bool(tables.folders())
        if not watched and time.monotonic() - idle_since >= linger:
            return
        watcher.queued.wait(IDLE_S)  # a sync queued by the watcher starts at once
