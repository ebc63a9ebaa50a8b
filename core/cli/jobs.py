"""`python -m core ingest` as a job: queue the files, then run or follow that job.

The CLI is a worker too: when no worker holds the data dir it runs the queue in its own
process up to its job (live progress, one summary line per file). When another worker
runs (the app's), it follows its job in the job table instead, with the same bars and
lines, and takes over should that worker stop while its job still waits.

Example:
    >>> # outcomes = follow(lib, lib.enqueue(paths, start=False), bar)
"""
from __future__ import annotations

import time

from core.ingest.files import AddOutcome
from core.ingest.pipeline import ProgressEvent
from core.types import Job, JobFile


def outcome_of(lib, f: JobFile) -> AddOutcome:
    """A finished job file as an AddOutcome (cancelled or interrupted files count as errors)."""
    status = f.status if f.status in ("added", "duplicate", "replaced", "synced") else "error"
    doc = lib.catalog.document(f.doc_id) if f.doc_id else None
    return AddOutcome(f.path, status, f.message or f.status, doc, f.seconds)


def follow(lib, job_id: int, bar, poll_s: float = 0.5, hand_over: bool = True) -> list[AddOutcome]:
    """Run or follow job `job_id` to its end, showing progress on `bar` (render.IngestProgress);
    returns one outcome per file. `hand_over`: start a worker for jobs still queued at the end
    (False when this process follows them itself next, as `sync` does its add job: a worker
    started then would only watch the folders beside it, holding its own ~300 MB)."""
    from core.cli.render import outcome_line

    files = lib.job(job_id).files
    printed: set[int] = set()
    stages: dict[int, tuple] = {}

    def line(outcome: AddOutcome) -> None:
        """A file this process just finished: its summary line, once."""
        left = [f.position for f in files if f.path == outcome.source and f.position not in printed]
        printed.add(left[0] if left else -1)
        bar.write(outcome_line(outcome))

    announced = False
    while not (job := lib.job(job_id)).finished:
        if lib.run_jobs(until=job_id, progress=bar.update, on_outcome=line):
            continue  # this process was the worker: the job has ended
        if not announced:
            bar.write(f"another worker is running for this library; following job {job_id}")
            announced = True
        _show_changes(lib, job, bar, printed, stages)
        time.sleep(poll_s)
    _show_changes(lib, job, bar, printed, stages)
    if hand_over and lib.catalog.queued_jobs():
        lib.start_worker()  # jobs others queued while this process held the worker lock
    return [outcome_of(lib, f) for f in job.files]


def _show_changes(lib, job: Job, bar, printed: set[int], stages: dict[int, tuple]) -> None:
    """Feed the bar with what changed in the job table since the last poll."""
    from core.cli.render import outcome_line

    for f in job.files:
        if f.status in ("queued", "running"):
            key = (f.stage, f.done, f.total)
            if f.status == "running" and f.stage and stages.get(f.position) != key:
                bar.update(ProgressEvent(f.path, f.stage, f.done, f.total))
                stages[f.position] = key
        elif f.position not in printed:
            bar.update(ProgressEvent(f.path, "done", 1, 1))
            bar.write(outcome_line(outcome_of(lib, f)))
            printed.add(f.position)
