"""The catalog's job queue: background work (add files, load a corpus, re-index) and its progress.

A mixin of `core.index.catalog.Catalog`, kept apart so each file stays short; it uses the
catalog's connection (`_db`) and lock (`_lock`). Any process may enqueue and read jobs; one
worker per data dir claims and runs them (`core.jobs`). Job rows never touch the library
generation: progress is not a library change.

Job status: queued -> running -> done (every file added or skipped) | failed (a file failed,
or the worker died) | cancelled. File status: queued, running, then its outcome.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Sequence

from core.types import Job, JobFile

_JOB_SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
  job_id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT, status TEXT, created_at TEXT,
  started_at TEXT DEFAULT '', finished_at TEXT DEFAULT '', message TEXT DEFAULT '',
  cancel INTEGER DEFAULT 0, worker TEXT DEFAULT '');
CREATE INDEX IF NOT EXISTS jobs_status ON jobs(status);
CREATE TABLE IF NOT EXISTS job_files (
  job_id INTEGER, position INTEGER, path TEXT, name TEXT, origin TEXT, status TEXT,
  stage TEXT DEFAULT '', done INTEGER DEFAULT 0, total INTEGER DEFAULT 0, message TEXT DEFAULT '',
  doc_id TEXT DEFAULT '', seconds REAL DEFAULT 0, PRIMARY KEY (job_id, position));
"""
_FILE_COLS = "position, path, name, origin, status, stage, done, total, message, doc_id, seconds"
_JOB_COLS = "job_id, kind, status, created_at, started_at, finished_at, message, cancel"
FINISHED = ("done", "failed", "cancelled")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class JobTables:
    """Queries over the `jobs` and `job_files` tables."""

    def _create_job_tables(self) -> None:
        with self._lock:
            self._db.executescript(_JOB_SCHEMA)

    def enqueue_job(self, kind: str, files: Sequence[tuple[str, str, str]]) -> int:
        """Queue a job over (path, name, origin) inputs; returns its id."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            job_id = self._db.execute("INSERT INTO jobs (kind, status, created_at) VALUES (?, 'queued', ?)",
                                      (kind, _now())).lastrowid
            self._db.executemany(
                "INSERT INTO job_files (job_id, position, path, name, origin, status) VALUES (?,?,?,?,?,'queued')",
                [(job_id, n, path, name, origin) for n, (path, name, origin) in enumerate(files)])
        return int(job_id)

    def claim_job(self, worker: str) -> Job | None:
        """Mark the oldest queued job running (for `worker`) and return it; None when none waits."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            row = self._db.execute("SELECT MIN(job_id) FROM jobs WHERE status='queued'").fetchone()
            if row[0] is None:
                return None
            self._db.execute("UPDATE jobs SET status='running', started_at=?, worker=? WHERE job_id=?",
                             (_now(), worker, row[0]))
        return self.job(row[0])

    def job(self, job_id: int) -> Job | None:
        """One job with its files, or None."""
        found = self._jobs_where("job_id=?", (job_id,), 1)
        return found[0] if found else None

    def jobs(self, limit: int = 20) -> list[Job]:
        """The newest jobs first, with their files."""
        return self._jobs_where("1=1", (), limit)

    def _jobs_where(self, where: str, args: tuple, limit: int) -> list[Job]:
        with self._lock:
            rows = self._db.execute(f"SELECT {_JOB_COLS} FROM jobs WHERE {where} ORDER BY job_id DESC LIMIT ?",
                                    (*args, limit)).fetchall()
            files = {r[0]: self._db.execute(f"SELECT {_FILE_COLS} FROM job_files WHERE job_id=? ORDER BY position",
                                            (r[0],)).fetchall() for r in rows}
        return [Job(job_id=r[0], kind=r[1], status=r[2], created_at=r[3], started_at=r[4] or "",
                    finished_at=r[5] or "", message=r[6] or "", cancel_requested=bool(r[7]),
                    files=tuple(JobFile(*f) for f in files[r[0]])) for r in rows]

    def queued_jobs(self, *, running: bool = False) -> int:
        """Number of jobs waiting for a worker (with `running`: or marked running)."""
        states = "('queued', 'running')" if running else "('queued')"
        with self._lock:
            return self._db.execute(f"SELECT COUNT(*) FROM jobs WHERE status IN {states}").fetchone()[0]

    def update_job_file(self, job_id: int, position: int, **fields: object) -> None:
        """Set some of a job file's columns (status, stage, done, total, message, doc_id, seconds)."""
        allowed = {"status", "stage", "done", "total", "message", "doc_id", "seconds"}
        if not fields or not set(fields) <= allowed:
            raise ValueError(f"job file fields must be among {sorted(allowed)}: {sorted(fields)}")
        sets = ", ".join(f"{k}=?" for k in fields)
        with self._lock:
            self._db.execute(f"UPDATE job_files SET {sets} WHERE job_id=? AND position=?",
                             (*fields.values(), job_id, position))

    def finish_job(self, job_id: int, status: str, message: str) -> None:
        """Mark a job done, failed or cancelled; its unfinished files get `status` too."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("UPDATE jobs SET status=?, finished_at=?, message=? WHERE job_id=?",
                             (status, _now(), message, job_id))
            left = "cancelled" if status == "cancelled" else "error"
            self._db.execute("UPDATE job_files SET status=?, message=CASE WHEN message='' THEN ? ELSE message END "
                             "WHERE job_id=? AND status IN ('queued', 'running')", (left, message, job_id))

    def cancel_job(self, job_id: int) -> bool:
        """Cancel a queued job now, or ask the worker to stop a running one; False if finished."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            row = self._db.execute("SELECT status FROM jobs WHERE job_id=?", (job_id,)).fetchone()
            if row is None or row[0] in FINISHED:
                return False
            self._db.execute("UPDATE jobs SET cancel=1 WHERE job_id=?", (job_id,))
            if row[0] == "queued":  # no worker has it: cancelled at once
                self._db.execute("UPDATE jobs SET status='cancelled', finished_at=?, message=? WHERE job_id=?",
                                 (_now(), "cancelled before it started", job_id))
                self._db.execute("UPDATE job_files SET status='cancelled' WHERE job_id=?", (job_id,))
        return True

    def cancel_requested(self, job_id: int) -> bool:
        """True when someone asked to cancel this job."""
        with self._lock:
            row = self._db.execute("SELECT cancel FROM jobs WHERE job_id=?", (job_id,)).fetchone()
        return bool(row and row[0])

    def fail_running_jobs(self, message: str) -> list[int]:
        """Mark jobs left 'running' by a worker that died as failed; returns their ids.
        Only the holder of the worker lock may call this (then no other worker runs)."""
        with self._lock:
            ids = [r[0] for r in self._db.execute("SELECT job_id FROM jobs WHERE status='running'")]
        for job_id in ids:
            self.finish_job(job_id, "failed", message)
        return ids
