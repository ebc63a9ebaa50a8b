"""The job worker: runs queued jobs (add files, load a corpus, re-index) one after another.

One worker per data dir: it holds `.worker.lock` for as long as it runs; a second one
exits at once. Jobs left `running` by a worker that died (even by kill -9) are marked
failed by the next worker, whose Library has already cleaned up the unfinished document
(see core/ingest/store_writer.py), so every document is absent or complete. Each file's
stage and progress go to the job table (throttled), which every process can read; a
cancel request stops the job before its next file, or its current file before anything
of it is written. An add job of several files runs as a pipeline (core/library/job_pipeline.py:
the next files are parsed while several documents' chunks are embedded together).

The app starts `python -m core worker` when it queues work and no worker runs (at lower
CPU priority: questions in the app come first); `python -m core ingest` runs one in its
own process.

Example:
    >>> # JobRunner(library).run()           # until the queue is empty
    >>> # JobRunner(library, report_job=7, on_outcome=print).run(until=7)
"""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Callable

from core.ingest.files import AddOutcome
from core.index.omp_wait import passive_omp_wait
from core.ingest.pipeline import ProgressEvent, ProgressFn
from core.locks import file_lock
from core.types import Job, JobCancelled, JobFile

WORKER_LOCK = ".worker.lock"
INCOMING = "incoming"  # uploads wait here for the worker, and are deleted once their job ends
INTERRUPTED = "interrupted: the worker stopped before it finished (crash or kill); add the files again"
_STOPPING_STAGES = ("check", "parse", "format", "chunk", "embed")  # nothing written yet


class _JobProgress:
    """A ProgressFn that writes a file's stage to the job table (at most every `every`
    seconds, and on each new stage) and stops the file when the job is cancelled."""

    def __init__(self, catalog, job_id: int, position: int, forward: ProgressFn | None, every: float = 0.5):
        self.catalog, self.job_id, self.position, self.forward, self.every = catalog, job_id, position, forward, every
        self._stage, self._last = "", 0.0

    def __call__(self, event: ProgressEvent) -> None:
        if self.forward is not None:
            self.forward(event)
        now = time.monotonic()
        if event.stage in ("done", "error") or (event.stage == self._stage and now - self._last < self.every):
            return
        self._stage, self._last = event.stage, now
        self.catalog.update_job_file(self.job_id, self.position, stage=event.stage, done=event.done,
                                     total=event.total)
        if event.stage in _STOPPING_STAGES and self.catalog.cancel_requested(self.job_id):
            raise JobCancelled()


class JobRunner:
    """Claims and runs jobs for one Library; `report_job` limits the callbacks to one job."""

    def __init__(self, library, *, report_job: int | None = None, progress: ProgressFn | None = None,
                 on_outcome: Callable[[AddOutcome], None] | None = None):
        self.library = library
        self.catalog = library.catalog
        self.report_job = report_job
        self.progress = progress
        self.on_outcome = on_outcome
        self.name = f"{os.getpid()}@{os.uname().nodename}"

    def run(self, *, until: int | None = None, linger: float = 0.0) -> bool:
        """Run jobs until the queue is empty (waiting `linger` seconds for more) or job `until`
        is finished. False, at once, when another worker holds this data dir."""
        lock = self.library.settings.data_dir / WORKER_LOCK
        while True:
            with file_lock(lock, blocking=False) as got:
                if not got:
                    return False
                self.catalog.fail_running_jobs(INTERRUPTED)  # their worker died: we hold the lock now
                self._sweep_incoming()
                if self._drain(until, linger):
                    return True
            # released: a job queued while we held the lock (its worker could not start) is ours
            if until is not None or not self.catalog.queued_jobs():
                return True

    def _drain(self, until: int | None, linger: float) -> bool:
        """Run queued jobs; True when job `until` is finished."""
        idle_since = time.monotonic()
        while True:
            job = self.catalog.claim_job(self.name)
            if job is None:
                if until is not None:
                    found = self.catalog.job(until)
                    return found is None or found.finished
                if time.monotonic() - idle_since >= linger:
                    return False
                time.sleep(0.25)
                continue
            self.run_job(job)
            idle_since = time.monotonic()
            if until is not None and job.job_id >= until:
                return True

    def run_job(self, job: Job) -> None:
        """Run every file of a claimed job, recording each outcome, then the job's own."""
        window = self._window(job)  # the full-text index saved once a window, not once a file
        try:
            ok, failed, cancelled = self._run_files(job, window)
            window.close()  # saved before the job is reported finished
            if cancelled:
                self.catalog.finish_job(job.job_id, "cancelled", f"cancelled after {ok + failed} file(s)")
            else:
                self.catalog.finish_job(job.job_id, "failed" if failed else "done", f"{ok} of {ok + failed} ok")
        finally:
            window.close()
            self._clean_incoming(job)

    def _run_files(self, job: Job, window) -> tuple[int, int, bool]:
        """(files ok, files failed, cancelled) of a job's files, run one after another; an add
        job of several files runs as a pipeline (core/library/job_pipeline.py)."""
        if job.kind == "add" and len(job.files) > 1:
            from core.library.job_pipeline import run_add_job
            return run_add_job(self, job, window)
        ok = failed = 0
        try:
            for f in job.files:
                if self.catalog.cancel_requested(job.job_id):
                    return ok, failed, True
                window.next_file()
                outcome = self._run_file(job, f)
                failed += outcome.status == "error"
                ok += outcome.status != "error"
        except JobCancelled:
            return ok, failed, True
        return ok, failed, False

    def _window(self, job: Job):
        """A WriteWindow for an add job of several files run in a worker process (see
        core/library/write_window.py); a no-op one otherwise."""
        from core.library.write_window import WriteWindow

        lib = self.library
        batched = (job.kind == "add" and len(job.files) > 1 and getattr(lib, "live", None) is not None
                   and lib.settings.worker.mode != "thread")
        return WriteWindow(lib.live if batched else None, lib.settings.worker.write_window_s)

    def file_progress(self, job: Job, f: JobFile, forward: ProgressFn | None = None) -> ProgressFn:
        """The ProgressFn of one file of `job`: its job-table row, and `forward` (by default
        this runner's callback, when it reports this job)."""
        mine = self.report_job in (None, job.job_id)
        return _JobProgress(self.catalog, job.job_id, f.position, forward or (self.progress if mine else None))

    def _run_file(self, job: Job, f: JobFile) -> AddOutcome:
        progress = self.file_progress(job, f)
        self.catalog.update_job_file(job.job_id, f.position, status="running", stage="check")
        start = time.perf_counter()
        try:
            outcome = self._do(job.kind, f, progress)
        except JobCancelled:
            self.catalog.update_job_file(job.job_id, f.position, status="cancelled", message="cancelled")
            raise
        except Exception as exc:  # one failing file must not stop the job, nor the worker
            outcome = AddOutcome(f.path, "error", f"{type(exc).__name__}: {exc}", seconds=time.perf_counter() - start)
        return self.record(job, f, outcome)

    def record(self, job: Job, f: JobFile, outcome: AddOutcome) -> AddOutcome:
        """Write a file's outcome to the job table and tell this runner's `on_outcome`."""
        doc_id = outcome.doc.doc_id if outcome.doc is not None else ""
        self.catalog.update_job_file(job.job_id, f.position, status=outcome.status, message=outcome.message,
                                     doc_id=doc_id, seconds=round(outcome.seconds, 2), stage="done",
                                     done=1, total=1)
        if self.report_job in (None, job.job_id) and self.on_outcome is not None:
            self.on_outcome(outcome)
        return outcome

    def _do(self, kind: str, f: JobFile, progress: ProgressFn) -> AddOutcome:
        """One input of a job, by the job's kind."""
        lib = self.library
        if kind == "add":
            return lib.add_file(Path(f.path), progress, f.name, f.origin)
        start = time.perf_counter()
        if kind == "corpus":
            outcomes = lib.add_corpus(f.path, progress)
            added = [o for o in outcomes if o.status == "added"]
            return AddOutcome(f.path, "added" if added else "duplicate",
                              f"{len(added)} documents ({sum(o.doc.chunks for o in added)} passages) added",
                              seconds=time.perf_counter() - start)
        if kind == "sync":  # a watched folder (core/library/folders/sync.py): may queue an add job
            from core.library.folders.sync import run_sync_file
            return run_sync_file(lib, f.path)
        if kind == "reindex":
            doc = lib.reindex(f.path, progress)
            return AddOutcome(f.name, "replaced", f"re-indexed: {doc.chunks} chunks", doc, time.perf_counter() - start)
        raise ValueError(f"unknown job kind {kind!r}; expected add, corpus, reindex or sync")

    def _sweep_incoming(self, min_age_s: float = 3600) -> None:
        """Delete old upload folders that no waiting job needs (their job was cancelled)."""
        root = self.library.settings.data_dir / INCOMING
        if not root.is_dir():
            return
        needed = {Path(f.path).resolve() for job in self.catalog.jobs(limit=1000) if not job.finished
                  for f in job.files}
        for folder in root.iterdir():
            old = time.time() - folder.stat().st_mtime > min_age_s
            if old and not any(folder.resolve() in path.parents for path in needed):
                shutil.rmtree(folder, ignore_errors=True)

    def _clean_incoming(self, job: Job) -> None:
        """Delete the job's uploaded files (saved under incoming/ for the worker to read)."""
        root = (self.library.settings.data_dir / INCOMING).resolve()
        for f in job.files:
            path = Path(f.path).resolve()
            if root in path.parents:
                shutil.rmtree(root / path.relative_to(root).parts[0], ignore_errors=True)


def lower_priority(nice: int, threads: int) -> None:
    """Make this process yield the CPU to the app: higher niceness, fewer torch threads."""
    if nice:
        os.nice(nice)
    passive_omp_wait()  # before torch loads (core/index/omp_wait.py)
    try:
        import torch
    except ImportError:
        return
    torch.set_num_threads(threads or max(1, (os.cpu_count() or 2) // 2))
