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
    >>> done = Job(2, "add", "done", finished_at="2026-11-24T04:00:00+00:00",
    ...            files=(JobFile(0, "/in/a.pdf", "a.pdf", status="added"),))
    >>> job_summary(done, now=datetime(2026, 11, 24, 4, 3, 5, tzinfo=timezone.utc))
    'Added 1 file: 1 added, 0 failed · 3 min ago'
    >>> quiet = [Job(i, "sync", "done", files=(JobFile(0, "/docs", "/docs", status="synced",
    ...                                                 message="7 files: nothing changed"),)) for i in (5, 4, 3)]
    >>> [(j.job_id, more) for j, more in recent_finished([*quiet, done], most=5)]
    [(5, 2), (2, 0)]
"""
from __future__ import annotations

from datetime import datetime, timezone

from core.ingest.pipeline import ProgressEvent
from core.types import Job, JobFile
from core.ui import progress as prog

_KIND = {"add": "Adding", "corpus": "Loading corpus", "reindex": "Re-indexing", "sync": "Syncing"}
# how each finished file is shown: alert kind for st.success / st.info / st.error
FINISHED_VIEW = {"added": "success", "replaced": "success", "duplicate": "info", "synced": "info"}


def _folders(job: Job) -> str:
    """The folders of a sync job (its 'files'), the first three named."""
    return ", ".join(f.path for f in job.files[:3]) + (" …" if len(job.files) > 3 else "")


def job_title(job: Job) -> str:
    """'Adding 3 files — running' (or the job's end: done, failed, cancelled, and why)."""
    n = len(job.files)
    what = f"{_KIND.get(job.kind, job.kind)} {n} file{'s' if n != 1 else ''}"
    if job.kind == "reindex" and job.files:
        what = f"Re-indexing {job.files[0].name}"
    if job.kind == "sync" and job.files:  # a watched folder's pass: name the folders
        what = "Syncing " + _folders(job)
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


def _quiet_sync(job: Job) -> tuple[str, ...] | None:
    """The folders of a finished sync pass that changed nothing (None for any other job)."""
    if job.kind != "sync" or job.status != "done" or not job.files:
        return None
    if all(f.status == "synced" and f.message.split(" — ")[0].endswith("nothing changed") for f in job.files):
        return tuple(f.path for f in job.files)
    return None


def recent_finished(jobs, most: int) -> list[tuple[Job, int]]:
    """The newest `most` finished jobs (newest first), each with how many older passes over the
    same folders that changed nothing it stands for: a library left running syncs its folders
    again and again, and a line per quiet pass buried the jobs that did something."""
    out: list[tuple[Job, int]] = []
    shown: dict[tuple[str, ...], int] = {}  # quiet folders -> index in out
    for job in (j for j in jobs if j.finished):
        key = _quiet_sync(job)
        if key is not None and key in shown:
            at = shown[key]
            out[at] = (out[at][0], out[at][1] + 1)
            continue
        if len(out) == most:
            break
        if key is not None:
            shown[key] = len(out)
        out.append((job, 0))
    return out


_DONE_VERB = {"add": "Added", "corpus": "Loaded corpus", "reindex": "Re-indexed"}


def ago(iso: str, now: datetime | None = None) -> str:
    """'just now', '3 min ago', '2 h ago', '4 days ago' for an ISO 8601 time ('' if unknown)."""
    try:
        then = datetime.fromisoformat(iso)
    except (TypeError, ValueError):
        return ""
    seconds = ((now or datetime.now(timezone.utc)) - then).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    return f"{int(seconds // 86400)} days ago"


def job_summary(job: Job, now: datetime | None = None, alike: int = 0) -> str:
    """A finished job in one line: 'Added 20 files: 20 added, 0 failed · 3 min ago'; `alike`:
    how many earlier quiet passes of a sync it stands for (`recent_finished`)."""
    n = len(job.files)
    what = f"{_DONE_VERB.get(job.kind, job.kind)} {n} file{'s' if n != 1 else ''}"
    if job.kind == "reindex" and job.files:
        what = f"Re-indexed {job.files[0].name}"
    if job.kind == "sync" and job.files:  # its 'files' are folders; the files it finds come as add jobs
        what = f"Synced {_folders(job)}"
        found = job.files[0].message.split(" — ")[0] if len(job.files) == 1 and job.files[0].status == "synced" else ""
        found += f"; {alike} earlier pass{'es' if alike > 1 else ''} the same" if found and alike else ""
        what += f" ({found})" if found else ""  # "12 files: 1 queued, 1 to the trash": what the pass did
    status = [f.status for f in job.files]
    counts = [f"{sum(s in ('added', 'replaced', 're-indexed') for s in status)} added",
              f"{status.count('error')} failed"]
    counts += [f"{status.count(s)} {label}" for s, label in
               (("duplicate", "already in the library"), ("cancelled", "cancelled")) if s in status]
    line = f"{what}: {', '.join(counts)}" if job.kind not in ("reindex", "sync") else what
    if job.status != "done":
        line += f" — {job.status}" + (f": {job.message}" if job.message else "")
    when = ago(job.finished_at or job.created_at, now)
    return f"{line} · {when}" if when else line
