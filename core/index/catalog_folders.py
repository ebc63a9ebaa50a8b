"""The catalog's watched folders: one row per folder, one row per file found under it.

Kept beside the catalog's own tables (same SQLite file, same connection and lock), so every
process (the app, its worker, the CLI) reads the same folders and the same per-file state.
A sync (`core.library.folders.sync`) writes a file's row only when something about it changed, so a
rescan of an unchanged folder writes nothing.

Folder state: available | unavailable (its root is missing: unmounted, offline, renamed).
File state: waiting (still being written; retried at `retry_at`), queued (an add job,
`job_id`, will read it), in_library (`doc_id`), failed (`message`), excluded (the user
removed its document; stays out while the file is unchanged).

Example:
    >>> from core.index.catalog import Catalog
    >>> tables = FolderTables(Catalog(":memory:"))
    >>> tables.add_folder("/srv/papers")
    >>> [f.path for f in tables.folders()]
    ['/srv/papers']
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Iterable, Sequence

_SCHEMA = """
CREATE TABLE IF NOT EXISTS watched_folders (
  path TEXT PRIMARY KEY, state TEXT NOT NULL DEFAULT 'available', added_at TEXT DEFAULT '',
  message TEXT DEFAULT '');
CREATE TABLE IF NOT EXISTS folder_files (
  path TEXT PRIMARY KEY, folder TEXT NOT NULL, size INTEGER DEFAULT -1, mtime_ns INTEGER DEFAULT -1,
  sha TEXT DEFAULT '', state TEXT NOT NULL, doc_id TEXT DEFAULT '', job_id INTEGER DEFAULT 0,
  message TEXT DEFAULT '', retry_at REAL DEFAULT 0);
CREATE INDEX IF NOT EXISTS folder_files_folder ON folder_files(folder);
CREATE INDEX IF NOT EXISTS folder_files_sha ON folder_files(sha);
CREATE INDEX IF NOT EXISTS folder_files_waiting ON folder_files(state, retry_at);
"""
_FILE_COLS = "path, folder, size, mtime_ns, sha, state, doc_id, job_id, message, retry_at"
FILE_STATES = ("waiting", "queued", "in_library", "failed", "excluded")


@dataclass(frozen=True)
class Folder:
    """A watched folder: its real path, whether its root is there, and why not."""

    path: str
    state: str = "available"
    added_at: str = ""
    message: str = ""


@dataclass(frozen=True)
class FileRow:
    """What the catalog knows about one file under a watched folder."""

    path: str
    folder: str
    size: int = -1
    mtime_ns: int = -1
    sha: str = ""
    state: str = "waiting"
    doc_id: str = ""
    job_id: int = 0
    message: str = ""
    retry_at: float = 0.0


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class FolderTables:
    """Queries over `watched_folders` and `folder_files`, on a `Catalog`'s connection."""

    def __init__(self, catalog):
        self.catalog = catalog
        self._db, self._lock = catalog._db, catalog._lock  # one connection per catalog: share it
        if not getattr(catalog, "_folder_tables", False):  # once per connection
            with self._lock:
                self._db.executescript(_SCHEMA)
            catalog._folder_tables = True

    # ---- folders ---------------------------------------------------------------------
    def add_folder(self, path: str) -> None:
        """Watch `path` (a real, absolute folder path); nothing happens if it is watched."""
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO watched_folders (path, state, added_at) VALUES (?, 'available', ?)",
                             (path, _now()))

    def remove_folder(self, path: str) -> None:
        """Stop watching `path` and forget its files' rows."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("DELETE FROM folder_files WHERE folder=?", (path,))
            self._db.execute("DELETE FROM watched_folders WHERE path=?", (path,))

    def folders(self) -> list[Folder]:
        """Every watched folder, by path."""
        with self._lock:
            rows = self._db.execute("SELECT path, state, added_at, message FROM watched_folders ORDER BY path").fetchall()
        return [Folder(*r) for r in rows]

    def folder(self, path: str) -> Folder | None:
        """One watched folder, or None."""
        return next((f for f in self.folders() if f.path == path), None)

    def set_folder_state(self, path: str, state: str, message: str = "") -> None:
        """Mark a folder available or unavailable (with the reason)."""
        with self._lock:
            self._db.execute("UPDATE watched_folders SET state=?, message=? WHERE path=?", (state, message, path))

    def queued_sync_paths(self) -> set[str]:
        """Folders covered by a sync job that waits for the worker (not yet started)."""
        with self._lock:
            rows = self._db.execute("SELECT f.path FROM jobs j JOIN job_files f ON f.job_id=j.job_id "
                                    "WHERE j.kind='sync' AND j.status='queued'").fetchall()
        return {r[0] for r in rows}

    def last_sync(self, path: str) -> str:
        """When a sync of `path` last finished ('' never): read from the job table, so a sync
        that found nothing to do writes nothing but its job."""
        with self._lock:
            row = self._db.execute(
                "SELECT MAX(j.finished_at) FROM jobs j JOIN job_files f ON f.job_id = j.job_id "
                "WHERE j.kind='sync' AND f.path=? AND j.status IN ('done', 'failed')", (path,)).fetchone()
        return row[0] or ""

    # ---- files -----------------------------------------------------------------------
    def files(self, folder: str) -> dict[str, FileRow]:
        """Every file row of a folder, by path."""
        with self._lock:
            rows = self._db.execute(f"SELECT {_FILE_COLS} FROM folder_files WHERE folder=?", (folder,)).fetchall()
        return {r[0]: FileRow(*r) for r in rows}

    def file(self, path: str) -> FileRow | None:
        """One file row, or None."""
        with self._lock:
            row = self._db.execute(f"SELECT {_FILE_COLS} FROM folder_files WHERE path=?", (path,)).fetchone()
        return FileRow(*row) if row else None

    def excluded_shas(self) -> set[str]:
        """Content hashes of files whose document the user removed (they stay out)."""
        with self._lock:
            return {r[0] for r in self._db.execute("SELECT sha FROM folder_files WHERE state='excluded' AND sha!=''")}

    def put_files(self, rows: Iterable[FileRow]) -> None:
        """Insert or replace file rows, in one transaction."""
        rows = list(rows)
        if not rows:
            return
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.executemany(f"INSERT OR REPLACE INTO folder_files ({_FILE_COLS}) VALUES (?,?,?,?,?,?,?,?,?,?)",
                                 [(r.path, r.folder, r.size, r.mtime_ns, r.sha, r.state, r.doc_id, r.job_id,
                                   r.message, r.retry_at) for r in rows])

    def drop_files(self, paths: Sequence[str]) -> None:
        """Forget file rows (their files are gone)."""
        if paths:
            with self._lock, self._db:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.executemany("DELETE FROM folder_files WHERE path=?", [(p,) for p in paths])

    def job_outcomes(self, folder: str) -> dict[str, tuple[str, str]]:
        """For each queued file of a folder: (status, message) of its file in its add job."""
        with self._lock:
            rows = self._db.execute(
                "SELECT f.path, j.status, j.message FROM folder_files f JOIN job_files j "
                "ON j.job_id = f.job_id AND j.path = f.path WHERE f.folder=? AND f.state='queued'",
                (folder,)).fetchall()
        return {r[0]: (r[1], r[2] or "") for r in rows}

    def due_folders(self, now: float) -> set[str]:
        """Folders with a waiting file whose retry time has come."""
        with self._lock:
            rows = self._db.execute("SELECT DISTINCT folder FROM folder_files WHERE state='waiting' AND retry_at<=?",
                                    (now,)).fetchall()
        return {r[0] for r in rows}

    def next_retry(self, after: float) -> float | None:
        """The earliest retry time later than `after` of any waiting file (None: none waits)."""
        with self._lock:
            row = self._db.execute("SELECT MIN(retry_at) FROM folder_files WHERE state='waiting' AND retry_at>?",
                                   (after,)).fetchone()
        return row[0]

    def counts(self, folder: str) -> dict[str, int]:
        """Number of file rows per state."""
        with self._lock:
            rows = self._db.execute("SELECT state, COUNT(*) FROM folder_files WHERE folder=? GROUP BY state",
                                    (folder,)).fetchall()
        return {state: 0 for state in FILE_STATES} | dict(rows)

    def rows_in_state(self, folder: str, state: str) -> list[FileRow]:
        """A folder's file rows in one state, by path."""
        with self._lock:
            rows = self._db.execute(f"SELECT {_FILE_COLS} FROM folder_files WHERE folder=? AND state=? ORDER BY path",
                                    (folder, state)).fetchall()
        return [FileRow(*r) for r in rows]

    # ---- documents -------------------------------------------------------------------
    def move_document(self, doc_id: str, origin: str, source: str) -> None:
        """A document's file moved: record its new path and name (nothing else changes)."""
        with self._lock:
            self._db.execute("UPDATE documents SET origin=?, source=? WHERE doc_id=?", (origin, source, doc_id))
        self.catalog._bump_generation()  # every process shows the new path
