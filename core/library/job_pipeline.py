"""An add job of several files as a pipeline: parsing runs ahead, embedding spans documents.

Run one file after another, a folder keeps the embedder waiting while each PDF is parsed,
chunked and boxed (one core, the other idle), and embeds each document in batches of its
own: a 26-page PDF gives two or three batches of mixed lengths and a short last one. Here a
parsing thread (`_Ahead`) checks, parses and chunks the next files (`Indexer.add_file`
inside `deferring()`, core/ingest/pipeline_defer.py) while the job's thread embeds a
*window*: every document the parser has ready, up to `WINDOW_TEXTS` texts, sorted by length
across documents into full batches. Then each document of the window is written on its own,
in file order, in one transaction (`Indexer.store_prepared`): a kill at any point leaves
each document absent or complete, and a run again finds the stored ones as duplicates.

Bounds: the parser stops `AHEAD_TEXTS` texts ahead of the embedder, so at most about
`WINDOW_TEXTS + AHEAD_TEXTS` chunks (a few MB) wait in memory, whatever the folder's size.
Keywords: each document's spaCy pass is sent to the keyword worker when its window starts,
so it runs beside the window's embedding; torch leaves one core to it, and to the parser
while it parses (core/index/core_share.py), and takes both back when neither runs.
Cancel: the job table's request stops the parser at its next page and the embedder at its
next batch; documents already written stay, the others are marked cancelled.

Example:
    >>> # ok, failed, cancelled = run_add_job(runner, job, write_window)
"""
from __future__ import annotations

import collections
import os
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from core.ingest.files import AddOutcome
from core.ingest.pipeline_defer import Prepared, deferring
from core.ingest.progress import ProgressEvent
from core.types import Job, JobCancelled, JobFile

SWITCH_ENV = "FOLIO_INGEST_GIL_SWITCH_MS"  # GIL hand-over during a job, in ms (unset: Python's 5 ms)
WINDOW_TEXTS = 512  # texts embedded in one length-sorted run (16 batches of 32): several documents
AHEAD_TEXTS = 512  # texts parsed ahead of the embedder, at most (plus the file being parsed)


@dataclass
class _Item:
    """One file of the job on its way: prepared, or already decided (duplicate, error, cancel)."""

    f: JobFile
    progress: object  # the file's ProgressFn (core.library.worker._JobProgress)
    start: float
    prepared: Prepared | None = None
    result: tuple | None = None  # an `Indexer.add_file` result that needs no embedding (duplicate)
    error: Exception | None = None
    cancelled: bool = False

    @property
    def texts(self) -> int:
        return len(self.prepared.texts) if self.prepared is not None else 0


class _Ahead:
    """The parsing thread and the queue of files it has made ready (bounded by texts)."""

    def __init__(self, runner, job: Job, limit: int | None = None):
        self.runner, self.job, self.limit = runner, job, AHEAD_TEXTS if limit is None else limit
        self.forward = _locked(runner.progress)  # the CLI's bars hear both threads
        self.cond = threading.Condition()
        self.items: collections.deque[_Item] = collections.deque()
        self.queued = 0  # texts in `items`
        self.done = self.stop = self.busy = False
        self.thread = threading.Thread(target=self._run, name="folio-parse-ahead", daemon=True)

    def _run(self) -> None:
        try:
            for f in self.job.files:
                with self.cond:
                    self.cond.wait_for(lambda: self.stop or self.queued < self.limit)
                    if self.stop:
                        return
                item = self._prepare(f)
                with self.cond:
                    self.items.append(item)
                    self.queued += item.texts
                    self.cond.notify_all()
                if item.cancelled:
                    return
        finally:
            with self.cond:
                self.done, self.busy = True, False
                self.cond.notify_all()

    def _prepare(self, f: JobFile) -> _Item:
        """Check, parse and chunk one file in this thread; never raises."""
        runner = self.runner
        progress = runner.file_progress(self.job, f, self.forward)
        item = _Item(f, progress, time.perf_counter())

        def stopping(event: ProgressEvent) -> None:  # the job's thread gave up: stop at the next page
            if self.stop:
                raise JobCancelled()
            progress(event)
        self.busy = True
        try:
            if runner.catalog.cancel_requested(self.job.job_id):
                raise JobCancelled()
            runner.catalog.update_job_file(self.job.job_id, f.position, status="running", stage="check")
            with deferring() as handed:
                result = runner.library.indexer.add_file(Path(f.path), stopping, f.name, f.origin)
            item.prepared = handed[0] if handed else None
            item.result = None if handed else result
        except JobCancelled:
            item.cancelled = True
        except Exception as exc:  # noqa: BLE001 - reported as this file's outcome, in order
            item.error = exc
        finally:
            self.busy = False
        return item

    def take(self, most: int) -> list[_Item]:
        """Wait for a file (or the end: []), then take every ready one up to `most` texts."""
        with self.cond:
            self.cond.wait_for(lambda: self.items or self.done)
            out: list[_Item] = []
            texts = 0
            while self.items and (not out or texts + self.items[0].texts <= most) and not (out and out[-1].cancelled):
                out.append(self.items.popleft())
                texts += out[-1].texts
            self.queued -= texts
            self.cond.notify_all()
            return out

    def close(self) -> list[_Item]:
        """Stop the thread (at its next page) and return the files it had made ready."""
        with self.cond:
            self.stop = True
            self.cond.notify_all()
        self.thread.join()
        left, self.items = list(self.items), collections.deque()
        return left


def run_add_job(runner, job: Job, window) -> tuple[int, int, bool]:
    """Run an add job's files as a pipeline; (files ok, files failed, cancelled).
    `runner` is the core.library.worker.JobRunner, `window` its WriteWindow."""
    ahead = _Ahead(runner, job)
    switch = sys.getswitchinterval()
    # the embedder's thread takes the GIL back after every torch operator (a few ms each on one
    # core) and may wait up to the switch interval behind the parser's Python; a shorter one is
    # an experiment (no gain measured on a loaded 2-core machine: benchmarks/cpu_timeline.py)
    sys.setswitchinterval(_switch_s(switch))
    ahead.thread.start()
    ok = failed = 0
    batch: list[_Item] = []
    try:
        while batch := ahead.take(WINDOW_TEXTS):
            vectors, keywords, seconds = _embed(runner, job, batch, ahead)
            while batch:
                item = batch[0]
                if item.cancelled or runner.catalog.cancel_requested(job.job_id):
                    raise JobCancelled()
                window.next_file()
                outcome = runner.record(job, item.f, _finish(runner.library, item, vectors, keywords, seconds))
                batch.pop(0)
                failed += outcome.status == "error"
                ok += outcome.status != "error"
        return ok, failed, False
    except JobCancelled:
        for item in batch + ahead.close():
            runner.catalog.update_job_file(job.job_id, item.f.position, status="cancelled", message="cancelled")
        return ok, failed, True
    finally:
        ahead.close()
        sys.setswitchinterval(switch)


def _switch_s(default: float) -> float:
    """The GIL switch interval for a job: FOLIO_INGEST_GIL_SWITCH_MS when set (a positive
    number of ms), else `default`; a bad value is a one-line error."""
    raw = os.environ.get(SWITCH_ENV, "").strip()
    if not raw:
        return default
    try:
        value = float(raw) / 1000
    except ValueError:
        value = 0.0
    if value <= 0:
        raise ValueError(f"{SWITCH_ENV}={raw!r} must be a positive number of milliseconds")
    return value


def _locked(forward):
    """`forward` (a ProgressFn or None) called by one thread at a time."""
    if forward is None:
        return None
    lock = threading.Lock()

    def locked(event: ProgressEvent) -> None:
        with lock:
            forward(event)
    return locked


def _embed(runner, job: Job, batch: list[_Item], ahead: _Ahead) -> tuple[dict, dict, dict]:
    """Embed the prepared documents of `batch` in one length-sorted run, their keyword passes
    sent first to run beside it; per item: its vectors, its PendingKeywords, its share of the
    run's seconds. Progress: each file's "embed" stage in the job table advances with the
    whole run; the runner's callback (the CLI's bar) follows it under the first file's name."""
    from core.index.core_share import CoreShare
    from core.index.embedder import embed_sorted

    library = runner.library
    ready = [it for it in batch if it.prepared is not None]
    texts = [t for it in ready for t in it.prepared.texts]
    if not texts:
        return {}, {}, {}
    keywords = {id(it): library.indexer.keywords.extract_chunks_later(it.prepared.chunks) for it in ready}

    table = [ready[0].progress] + [runner.file_progress(job, it.f, lambda _: None) for it in ready[1:]]

    def on_batch(done: int) -> None:
        for it, progress in zip(ready, table):
            n = it.texts
            progress(ProgressEvent(it.prepared.name, "embed", min(n, done * n // len(texts)), n))
    on_batch(0)
    share = CoreShare(lambda: ahead.busy or any(k.running() for k in keywords.values()))
    start = time.perf_counter()
    try:
        vecs = embed_sorted(library.embedder, texts, library.settings.embed.batch_size, on_batch,
                            before_batch=share.before_batch)
    finally:
        share.close()
    took = time.perf_counter() - start
    vectors, seconds, offset = {}, {}, 0
    for it in ready:
        vectors[id(it)] = np.ascontiguousarray(vecs[offset:offset + it.texts])
        seconds[id(it)] = took * it.texts / len(texts)
        offset += it.texts
    return vectors, keywords, seconds


def _finish(library, item: _Item, vectors: dict, keywords: dict, seconds: dict) -> AddOutcome:
    """The outcome of one file of the window: its document written, or what kept it out."""
    def add() -> tuple:
        if item.error is not None:
            raise item.error
        if item.prepared is None:
            return item.result
        item.prepared.clock.charge("embed", seconds[id(item)])
        return library.indexer.store_prepared(item.prepared, vectors[id(item)], keywords[id(item)])
    try:
        return library.file_outcome(Path(item.f.path), item.progress, item.start, add)
    except Exception as exc:  # noqa: BLE001 - one failing file must not stop the job, nor the worker
        return AddOutcome(item.f.path, "error", f"{type(exc).__name__}: {exc}",
                          seconds=time.perf_counter() - item.start)
