"""The Library's job queue: add files in the background, watch and cancel, run the worker.

A mixin of `core.library.Library`. `enqueue` records a job in the catalog (so every
session and process sees it, and it survives a browser reload) and makes sure a worker runs
it (`core.library.worker`): by default a `python -m core worker` process at lower CPU priority, or
a thread of this process with FOLIO_WORKER=thread. Browser uploads are saved under the data
dir's `incoming/` folder first, so the worker can read them; their origin is
'upload:<original name>'.

Example:
    >>> # job_id = lib.enqueue(["~/papers"]); lib.job(job_id).status   -> 'queued', then 'running', 'done'
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable, Iterable, Mapping

from core.errors import ConfigError, NotFound
from core.ingest.files import AddOutcome, find_pdfs
from core.ingest.pipeline import ProgressFn
from core.library.writing import origin_of
from core.locks import is_locked
from core.types import Job
from core.library.worker import INCOMING, WORKER_LOCK, JobRunner

ROOT = Path(__file__).resolve().parents[2]  # the folder holding the `core` package


class JobQueueing:
    """Background jobs (mixin of `Library`)."""

    def incoming_dir(self) -> Path:
        """A new folder under the data dir for files the worker will read (uploads)."""
        root = self.settings.data_dir / INCOMING
        root.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix="upload-", dir=root))

    def enqueue(self, paths: Iterable[str | Path], names: Mapping[str, str] | None = None,
                origins: Mapping[str, str] | None = None, *, start: bool = True) -> int:
        """Queue PDFs and folders of PDFs for the worker; returns the job id at once (NotFound
        when there is no file Folio reads). `names` and `origins` as for `add`; `start=False` leaves
        starting a worker to the caller."""
        names = {str(Path(k).expanduser()): v for k, v in (names or {}).items()}
        origins = {str(Path(k).expanduser()): v for k, v in (origins or {}).items()}
        paths, rows = list(paths), []
        for path in find_pdfs(paths, self.settings.walk):
            name = names.get(str(path))
            rows.append((str(path), name or path.name, origins.get(str(path)) or origin_of(path, name)))
        if not rows:
            raise NotFound("no PDF or other document files found in " + ", ".join(map(str, paths)))
        return self._queue("add", rows, start)

    def enqueue_corpus(self, path: str | Path, *, start: bool = True) -> int:
        """Queue a JSONL passage corpus for the worker; returns the job id."""
        path = Path(path).expanduser().resolve()
        return self._queue("corpus", [(str(path), path.name, "")], start)

    def enqueue_reindex(self, ref: str, *, start: bool = True) -> int:
        """Queue a re-index of one document for the worker; returns the job id."""
        doc = self.find(ref)
        return self._queue("reindex", [(doc.doc_id, doc.source, doc.origin)], start)

    def _queue(self, kind: str, rows: list[tuple[str, str, str]], start: bool) -> int:
        job_id = self.catalog.enqueue_job(kind, rows)
        if start:
            self.start_worker()
        return job_id

    def jobs(self, limit: int = 20) -> list[Job]:
        """The newest jobs first, with each file's status, stage and progress."""
        return self.catalog.jobs(limit)

    def job(self, job_id: int) -> Job | None:
        """One job, or None."""
        return self.catalog.job(job_id)

    def cancel_job(self, job_id: int) -> bool:
        """Cancel a queued job, or stop a running one before its next file; False if it ended."""
        return self.catalog.cancel_job(job_id)

    def worker_running(self) -> bool:
        """True when a worker (in any process) holds this data dir's job queue, or watches its
        folders (a watching worker lets go of the queue between jobs)."""
        from core.library.folders.serve import watching
        return is_locked(self.settings.data_dir / WORKER_LOCK) or watching(self.settings.data_dir)

    def run_jobs(self, *, until: int | None = None, linger: float = 0.0, progress: ProgressFn | None = None,
                 on_outcome: Callable[[AddOutcome], None] | None = None) -> bool:
        """Be the worker in this process: run queued jobs until the queue is empty, or until
        job `until` ended (callbacks hear about that job only). False when another worker runs."""
        runner = JobRunner(self, report_job=until, progress=progress, on_outcome=on_outcome)
        return runner.run(until=until, linger=linger)

    def start_worker(self) -> str:
        """Start a worker if jobs wait (or one is marked running, but its worker died) and
        none runs; returns 'process', 'thread' or ''."""
        started = getattr(self, "_worker", None)  # a thread, or a process still starting up
        alive = started is not None and (started.is_alive() if isinstance(started, threading.Thread)
                                         else started.poll() is None)
        from core.library.folders.manage import WatchedFolders

        wanted = self.catalog.queued_jobs(running=True) or WatchedFolders(self).paths()  # folders: watch them
        if alive or not wanted or self.worker_running():
            return ""
        mode = self.settings.worker.mode
        if mode == "thread":
            from core.library.folders.serve import serve
            self._worker = threading.Thread(target=serve, args=(self,), name="folio-worker", daemon=True,
                                            kwargs={"linger": self.settings.worker.linger_s, "parent": os.getpid()})
            self._worker.start()
            return mode
        if mode != "process":
            raise ConfigError(f"FOLIO_WORKER={mode!r} is not a worker mode; choose process or thread")
        self._worker = self._spawn_worker()
        return mode

    def _spawn_worker(self) -> subprocess.Popen:
        """`python -m core worker` for this data dir, detached; its output goes to worker.log."""
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
        cmd = [sys.executable, "-m", "core", "--data-dir", str(self.settings.data_dir), "worker",
               "--linger", str(self.settings.worker.linger_s), "--watch-while", str(os.getpid())]
        with open(self.settings.data_dir / "worker.log", "a") as log:
            log.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} starting a worker\n")
            log.flush()
            proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                    stderr=subprocess.STDOUT, start_new_session=True)
        threading.Thread(target=proc.wait, name="folio-worker-reaper", daemon=True).start()
        return proc
