"""Plain views of background jobs for the Library page: a title per job, a line per file.

Example:
    >>> from core.types import Job, JobFile
    >>> job = Job(1, "add", "running", files=(JobFile(0, "/in/a.pdf", "a.pdf", status="running",
    ...                                               stage="embed", done=3, total=12),))
    >>> job_title(job)
    'Adding 1 file — running'
    >>> file_line(job.files[0])
    ('progress', 'a.pdf — embedding 3/12', 0.65)
    >>> shown_files(job, most=20)[1]
    0
"""
from __future__ import annotations

from core.ingest.pipeline import ProgressEvent
from core.types import Job, JobFile
from core.ui import progress as prog

_KIND = {"add": "Adding", "corpus": "Loading corpus", "reindex": "Re-indexing", "sync": "Syncing"}
# how each finished file is shown: alert kind for st.success / st.info / st.error
FINISHED_VIEW = {"added": "success", "replaced": "success", "duplicate": "info", "synced": "info"}


def job_title(job: Job) -> str:
    """'Adding 3 files — running' (or the job's end: done, failed, cancelled, and why)."""
    n = len(job.files)
    what = f"{_KIND.get(job.kind, job.kind)} {n} file{'s' if n != 1 else ''}"
    if job.kind == "reindex" and job.files:
        what = f"Re-indexing {job.files[0].name}"
    if job.kind == "sync" and job.files:  # a watched folder's pass: name the folders
        what = "Syncing " + ", ".join(f.path for f in job.files[:3]) + (" …" if n > 3 else "")
    state = job.status + (" (cancelling…)" if job.cancel_requested and not job.finished else "")
    return f"{what} — {state}" + (f": {job.message}" if job.finished and job.message else "")


def file_line(f: JobFile, kind: str = "add") -> tuple[str, str, float]:
    """(view, text, fraction): view is 'progress' while the file waits or runs, else the
    alert kind of its outcome; text names the file as the user knows it."""
    if f.status == "queued":
        return "progress", f"{f.name} — waiting", 0.0
    if f.status == "running":
        event = ProgressEvent(f.name, f.stage or "check", f.done, f.total)
        return "progress", prog.label(event, f.name), prog.fraction(event)
    view = FINISHED_VIEW.get(f.status, "error")
    if kind == "reindex" and view != "error":
        return view, f"{f.name}: {f.message}", 1.0
    return view, f"{f.name}: {f.status} — {f.message}", 1.0


def shown_files(job: Job, most: int = 20) -> tuple[list[JobFile], int]:
    """The files worth a line (all of a small job; else the running, failed and next ones),
    and how many others are left out of the view."""
    if len(job.files) <= most:
        return list(job.files), 0
    keep = [f for f in job.files if f.status in ("running", "error")]
    keep += [f for f in job.files if f.status == "queued"][: max(0, most - len(keep))]
    keep = sorted(keep[:most], key=lambda f: f.position)
    return keep, len(job.files) - len(keep)
