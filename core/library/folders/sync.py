"""One sync pass over a watched folder: bring the library in step with the files on disk.

What the pass does, file by file (size and mtime first; the content hash only when those
changed, so a rescan of an unchanged folder only stats its files and writes nothing):
- a new or changed file is queued as an `add` job for the worker (a changed file replaces
  its older version by the ingest's replace-by-origin rule; the old one goes to the trash);
- a file whose content is already a document elsewhere that no longer exists was moved or
  renamed: only the document's path and name change, nothing is parsed or embedded (from
  the trash too, when the old path's pass came first);
- a file modified less than `settle_s` ago, or a PDF without its end marker yet, is still
  being written: it waits and is looked at again (`retry_at`);
- a file gone from a folder that is itself present sends its document to the trash, and so
  does an HTML page the walk now skips as a redirect (added by an older version);
- a document the user removed stays out while its file is unchanged (`excluded`);
- a folder whose root is missing is marked unavailable and nothing of it is touched.

Example:
    >>> # report = FolderSync(lib).run("/srv/papers"); print(report.summary())
"""
from __future__ import annotations

import os
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from core.errors import NotFound, WalkStopped
from core.library.folders.scan import Stat, scan
from core.library.folders.settle import CLOSED, WriteTracker, when_readable
from core.index.catalog_folders import FileRow, FolderTables
from core.ingest.files import AddOutcome, file_sha256
from core.ingest.html_redirect import redirect_target
from core.library.writing import origin_of

UNAVAILABLE = "the folder is missing (unmounted, offline or renamed); its documents stay"
EXCLUDED = "removed in Folio; stays out while the file is unchanged"


@dataclass
class SyncReport:
    """What one pass found and did; `lines` are one-line notes (moves, trash, unreadable files)."""

    folder: str
    state: str = "available"
    found: int = 0
    queued: int = 0
    moved: int = 0
    trashed: int = 0
    waiting: int = 0
    failed: int = 0
    job_id: int = 0
    redirects: int = 0  # HTML pages left out: they only redirect to another page
    lines: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """'12 files: 2 queued, 1 moved, 1 to the trash' (or why the folder was not synced)."""
        if self.state != "available":
            return f"{self.folder}: {self.state} ({self.lines[0] if self.lines else UNAVAILABLE})"
        parts = [f"{n} {label}" for n, label in ((self.queued, "queued"), (self.moved, "moved"),
                 (self.trashed, "to the trash"), (self.waiting, "still being written"),
                 (self.failed, "unreadable")) if n]
        left = (f" ({self.redirects} HTML page{'s' if self.redirects != 1 else ''} that only "
                f"redirect{'' if self.redirects != 1 else 's'} left out)") if self.redirects else ""
        files = f"{self.found} file{'s' if self.found != 1 else ''}"
        return f"{files}{left}: " + (", ".join(parts) if parts else "nothing changed")


class FolderSync:
    """Sync passes for one library (`core.library.Library`); `hasher` and `clock` may be
    swapped in tests (to count hashing, or to move time on). `writes` is what this process's
    file-system events say about files being written; by default the watcher's that `serve`
    runs in this process (`lib.folder_writes`), else none (the clock alone decides)."""

    def __init__(self, lib, *, hasher=file_sha256, clock=time.time, writes: WriteTracker | None = None):
        self.lib, self.clock = lib, clock
        self.writes = writes if writes is not None else getattr(lib, "folder_writes", None)
        self.settings = lib.settings.folders
        self.tables = FolderTables(lib.catalog)
        self.seconds: dict[str, float] = {"scan": 0.0, "hash": 0.0, "queue": 0.0, "total": 0.0}
        self._hash = hasher

    @contextmanager
    def timed(self, phase: str):
        """Add the time spent inside to `seconds[phase]` (the sync's own work, next to the ingest)."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[phase] += time.perf_counter() - start

    def hasher(self, path: Path) -> str:
        """The file's content hash, timed."""
        with self.timed("hash"):
            return self._hash(path)

    def run(self, path: str) -> SyncReport:
        """One pass over the watched folder `path`; NotFound when it is not watched. Its
        phases add up in `seconds` (scan: walk and stat, hash, queue, total)."""
        with self.timed("total"):
            return self._run(path)

    def _run(self, path: str) -> SyncReport:
        folder = self.tables.folder(path)
        if folder is None:
            raise NotFound(f"{path} is not a watched folder; add it with `python -m core folders add {path}`")
        report = SyncReport(path)
        if not Path(path).is_dir():
            if folder.state != "unavailable":
                self.tables.set_folder_state(path, "unavailable", UNAVAILABLE)
            report.state = "unavailable"
            return report
        if folder.state != "available":
            self.tables.set_folder_state(path, "available")
        try:
            with self.timed("scan"):
                redirects: dict[str, str] = {}
                seen = scan(Path(path), self.lib.settings.walk, self.lib.settings.data_dir, redirects)
                report.redirects = len(redirects)
        except WalkStopped as exc:
            report.state, report.lines = "stopped", [str(exc)]
            return report
        _Pass(self, path, seen, report).run()
        return report


class _Pass:
    """The work of one pass over one folder (kept apart so each step is a short method)."""

    def __init__(self, sync: FolderSync, folder: str, seen: dict[str, Stat], report: SyncReport):
        self.sync, self.folder, self.seen, self.report = sync, folder, seen, report
        self.lib, self.tables, self.now = sync.lib, sync.tables, sync.clock()
        self.rows = self.tables.files(folder)
        self.ready = {d.doc_id: d for d in self.lib.catalog.documents()}
        self.put: list[FileRow] = []
        self.to_queue: list[FileRow] = []
        self._trashed: set[str] | None = None
        self._excluded: set[str] | None = None

    def run(self) -> None:
        """Settle finished jobs, look at every file found, then at those gone; write what changed."""
        self.report.found = len(self.seen)
        self._settle_jobs()
        for path, st in sorted(self.seen.items()):
            self._look_at(path, st)
        if self.to_queue:  # one add job for the whole pass
            with self.sync.timed("queue"):
                self.report.job_id = self.lib.catalog.enqueue_job(
                    "add", [(r.path, Path(r.path).name, origin_of(Path(r.path), None)) for r in self.to_queue])
            self.put += [replace(r, job_id=self.report.job_id) for r in self.to_queue]
            self.report.queued = len(self.to_queue)
        self.tables.put_files(self.put)
        self._gone()

    def _settle_jobs(self) -> None:
        """Queued files whose add job ended: in the library, failed (with the reason), or
        waiting again (the worker was killed, or the job vanished)."""
        queued = {p: r for p, r in self.rows.items() if r.state == "queued"}
        if not queued:
            return
        outcomes = self.tables.job_outcomes(self.folder)
        for path, row in queued.items():
            status, message = outcomes.get(path, ("gone", ""))
            if status in ("queued", "running"):
                continue
            doc = self.ready.get(row.sha[:16])
            if doc is not None:
                row = replace(row, state="in_library", doc_id=doc.doc_id, job_id=0, message="")
            elif status == "error" and not message.startswith("interrupted"):
                row = replace(row, state="failed", job_id=0, message=message)
            else:
                row = replace(row, state="waiting", job_id=0, retry_at=0.0, size=-1)
            self.rows[path] = row
            self.put.append(row)

    def _look_at(self, path: str, st: Stat) -> None:
        """One file found on disk."""
        row = self.rows.get(path)
        writes = self.sync.writes
        due = row is not None and row.state == "waiting" and (
            row.retry_at <= self.now or (writes is not None and writes.verdict(path, st) == CLOSED))
        if row is not None and (row.size, row.mtime_ns) == (st.size, st.mtime_ns) and not due:
            if row.state == "in_library" and row.doc_id not in self.ready:
                self.put.append(replace(row, state="excluded", message=EXCLUDED))  # the user removed it
            self.report.waiting += row.state == "waiting"
            return
        retry = when_readable(path, st, self.now, self.sync.settings, writes)
        if retry:
            self.put.append(FileRow(path, self.folder, st.size, st.mtime_ns, state="waiting", retry_at=retry))
            self.report.waiting += 1
            return
        try:
            sha = self.sync.hasher(Path(path))
        except OSError as exc:
            reason = f"cannot read: {exc.strerror or exc}"
            self.report.failed += 1
            self.report.lines.append(f"{path}: {reason}")
            self.put.append(FileRow(path, self.folder, st.size, st.mtime_ns, state="failed", message=reason))
            return
        if writes is not None:
            writes.forget(path)  # read: a later write is a new event
        self._place(FileRow(path, self.folder, st.size, st.mtime_ns, sha), row)

    def _place(self, new: FileRow, row: FileRow | None) -> None:
        """A file read and hashed: same content as before, a moved document, or one to add."""
        if row is not None and row.sha == new.sha and row.state != "waiting":
            self.put.append(replace(row, size=new.size, mtime_ns=new.mtime_ns))  # touched, not changed
            return
        doc_id = new.sha[:16]
        if self._excluded is None:
            self._excluded = self.tables.excluded_shas()
        if new.sha in self._excluded:
            self.put.append(replace(new, state="excluded", doc_id=doc_id, message=EXCLUDED))
            return
        origin = origin_of(Path(new.path), None)
        if doc_id in self.ready or doc_id in self._trash():
            if doc_id not in self.ready:
                self.lib.restore(doc_id)  # its old path's pass trashed it first: put it back as it was
                self.ready[doc_id] = self.lib.catalog.document(doc_id)
            self._follow_move(self.ready[doc_id], origin, new.path)
            self.put.append(replace(new, state="in_library", doc_id=doc_id))
            return
        self.to_queue.append(replace(new, state="queued"))

    def _follow_move(self, doc, origin: str, path: str) -> None:
        """Point a document at its file's new path when its old path is gone (a move)."""
        if doc.origin == origin or (doc.origin and os.path.exists(doc.origin)):
            return  # the same file, or a copy of a file that is still there
        with self.lib.live.writing():
            self.tables.move_document(doc.doc_id, origin, Path(path).name)
        self.ready[doc.doc_id] = self.lib.catalog.document(doc.doc_id)
        self.report.moved += 1
        self.report.lines.append(f"moved {doc.origin or doc.source} -> {path}")

    def _gone(self) -> None:
        """Files no longer in the (present) folder: their documents go to the trash, unless
        the document lives on at another path (moved, or added from elsewhere); so do those of
        HTML pages that the walk now skips as redirects (core.ingest.html_redirect)."""
        gone = [r for p, r in self.rows.items() if p not in self.seen]
        for row in gone:
            doc = self.ready.get(row.doc_id) if row.state == "in_library" else None
            if doc is not None and doc.origin and not os.path.exists(doc.origin):
                self.lib.remove(doc.doc_id)
                self.report.trashed += 1
                self.report.lines.append(f"{row.path} is gone: {doc.source} went to the trash")
            elif doc is not None and doc.origin == row.path and (target := redirect_target(row.path)):
                self.lib.remove(doc.doc_id)  # added before such pages were skipped: the stub goes
                self.report.trashed += 1
                self.report.lines.append(f"{row.path} only redirects to {target}: {doc.source} went to the trash")
        self.tables.drop_files([r.path for r in gone])

    def _trash(self) -> set[str]:
        """Ids of the documents in the trash (read once per pass, only when needed)."""
        if self._trashed is None:
            self._trashed = {d.doc_id for d in self.lib.trash.documents()}
        return self._trashed


def run_sync_file(lib, path: str) -> AddOutcome:
    """A `sync` job's input (a folder path) run by the worker: one pass, as an outcome."""
    start = time.perf_counter()
    report = FolderSync(lib).run(path)
    status = "synced" if report.state == "available" else "error"
    lines = "; ".join(report.lines[:5]) + (f"; and {len(report.lines) - 5} more" if len(report.lines) > 5 else "")
    message = report.summary() + (f" — {lines}" if lines and report.state == "available" else "")
    return AddOutcome(path, status, message, seconds=time.perf_counter() - start)
