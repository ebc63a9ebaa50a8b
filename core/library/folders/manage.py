"""Watched folders as the user sees them: add, remove, list with status, sync now, include again.

Every action is a row change in the catalog (so every process and every tab sees it) and,
where files must be read, a `sync` job for the worker: adding a folder queues its first
sync, **Sync now** queues one, and the worker (which watches while it runs, see
`core.library.folders.serve`) picks it up.

Example:
    >>> # folders = WatchedFolders(lib); folders.add("~/papers"); folders.status()[0].in_library
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from core.errors import FolioError, NotFound
from core.index.catalog_folders import FileRow, FolderTables


@dataclass(frozen=True)
class FolderStatus:
    """A watched folder's status, as shown in every tab and by `folders list`."""

    path: str
    state: str  # available | unavailable
    found: int
    in_library: int
    queued: int  # queued for the worker, or waiting until a file is written out
    failed: tuple[tuple[str, str], ...]  # (file, one-line reason)
    excluded: tuple[FileRow, ...]
    last_sync: str
    message: str = ""

    def line(self) -> str:
        """'/srv/papers — available: 12 files, 10 in the library, 1 queued, 1 failed; last sync …'"""
        last = self.last_sync.replace("T", " ")[:19] if self.last_sync else "never"
        counts = (f"{self.found} files, {self.in_library} in the library, {self.queued} queued, "
                  f"{len(self.failed)} failed, {len(self.excluded)} excluded")
        return f"{self.path} — {self.state}: {counts}; last sync {last}"


class WatchedFolders:
    """The watched folders of one Library."""

    def __init__(self, lib):
        self.lib = lib
        self.tables = FolderTables(lib.catalog)

    def paths(self) -> list[str]:
        """The watched folders' paths."""
        return [f.path for f in self.tables.folders()]

    def resolve(self, path: str | Path) -> str:
        """The real path of a folder (watched or about to be)."""
        return os.path.realpath(os.path.expanduser(str(path)))

    def add(self, path: str | Path, *, start: bool = True) -> tuple[str, int]:
        """Watch a folder (the CLI's own path, or one the app already checked against its
        import roots) and queue its first sync; returns (real path, sync job id)."""
        real = self.resolve(path)
        if not Path(real).is_dir():
            raise NotFound(f"{path}: no such folder")
        data = os.path.realpath(self.lib.settings.data_dir)
        if Path(real).is_relative_to(data) or Path(data).is_relative_to(real):
            raise FolioError(f"{path}: the library's own folder cannot be watched (nor a folder holding it)")
        for other in self.paths():
            if other != real and (Path(real).is_relative_to(other) or Path(other).is_relative_to(real)):
                raise FolioError(f"{path} overlaps the watched folder {other}; remove that one first")
        self.tables.add_folder(real)
        return real, self.sync([real], start=start)

    def sync(self, paths: Iterable[str] | None = None, *, start: bool = True) -> int:
        """Queue one sync job over the given watched folders (default: all); returns its id,
        or 0 when a sync of exactly those folders already waits."""
        wanted = list(paths) if paths is not None else self.paths()
        missing = [p for p in wanted if self.tables.folder(p) is None]
        if missing:
            raise NotFound(f"{missing[0]} is not a watched folder; add it with `python -m core folders add PATH`")
        if not wanted or set(wanted) <= self.tables.queued_sync_paths():
            return 0
        job_id = self.lib.catalog.enqueue_job("sync", [(p, Path(p).name or p, "") for p in wanted])
        if start:
            self.lib.start_worker()
        return job_id

    def remove(self, path: str, *, trash: bool) -> int:
        """Stop watching a folder; with `trash`, its documents go to the trash (restorable),
        else they stay in the library. Returns how many documents went to the trash."""
        real = self.resolve(path)
        if self.tables.folder(real) is None:
            raise NotFound(f"{path} is not a watched folder; `python -m core folders list` shows them")
        ids = {r.doc_id for r in self.tables.rows_in_state(real, "in_library")}
        self.tables.remove_folder(real)
        if not trash:
            return 0
        ready = {d.doc_id for d in self.lib.documents()}
        for doc_id in sorted(ids & ready):
            self.lib.remove(doc_id)
        return len(ids & ready)

    def include(self, path: str) -> str:
        """Take an excluded file back: its document comes back from the trash (nothing parsed
        or embedded) or, if the trash was emptied, the file is queued again."""
        row = self.tables.file(path)
        if row is None or row.state != "excluded":
            raise NotFound(f"{path} is not an excluded file of a watched folder")
        if row.doc_id in {d.doc_id for d in self.lib.trash.documents()}:
            self.lib.restore(row.doc_id)
            self.tables.put_files([FileRow(**{**row.__dict__, "state": "in_library", "message": ""})])
            return "restored"
        self.tables.put_files([FileRow(**{**row.__dict__, "state": "waiting", "retry_at": 0.0, "size": -1})])
        self.sync([row.folder])
        return "queued"

    def status(self) -> list[FolderStatus]:
        """Every watched folder's status, read from the catalog."""
        return [self._status(f) for f in self.tables.folders()]

    def _status(self, folder) -> FolderStatus:
        counts = self.tables.counts(folder.path)
        outcomes = self.tables.job_outcomes(folder.path)  # a queued file whose job ended counts as such
        done = sum(s in ("added", "duplicate", "replaced") for s, _ in outcomes.values())
        errors = [(p, m) for p, (s, m) in outcomes.items() if s == "error"]
        failed = [(r.path, r.message) for r in self.tables.rows_in_state(folder.path, "failed")] + errors
        return FolderStatus(
            path=folder.path, state=folder.state, found=sum(counts.values()),
            in_library=counts["in_library"] + done, queued=counts["queued"] + counts["waiting"] - done - len(errors),
            failed=tuple(sorted(failed)), excluded=tuple(self.tables.rows_in_state(folder.path, "excluded")),
            last_sync=self.tables.last_sync(folder.path), message=folder.message)
