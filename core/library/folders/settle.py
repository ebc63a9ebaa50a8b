"""Whether a file in a watched folder is written out, and when to look at it again.

Two witnesses, the better first:
- **this process's file-system events** (inotify, `WriteTracker`): a file whose writer
  closed it (close-write) and that has not changed since is finished now, with no waiting;
  a file written to since its last close is still open for writing and waits for its close
  event, however long the writer pauses (up to `give_up_s`);
- **the clock**, where no event was seen (the polling observer, a CLI `sync`, changes made
  while Folio was off): a file whose size and mtime have not moved for `settle_s` is finished.

Either way a PDF must also end with its end marker (`looks_complete`); one that never does
is read after `give_up_s` (and its reader reports it). A file that waits gets a retry time;
the watcher wakes at the earliest one.

Example:
    >>> from core.config import FolderSettings
    >>> writes = WriteTracker()
    >>> when_readable("/no/such.txt", Stat(5, 0), 100.0, FolderSettings(), writes)   # old: now
    0.0
"""
from __future__ import annotations

import os
import threading

from core.config import FolderSettings
from core.library.folders.scan import Stat, looks_complete

OPEN, CLOSED, UNKNOWN = "open", "closed", "unknown"
MAX_TRACKED = 100_000  # past this many files in flight at once, forget them all (the clock still works)


def stat_of(path: str) -> Stat | None:
    """A file's size and mtime, or None when it is gone."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return Stat(st.st_size, st.st_mtime_ns)


class WriteTracker:
    """What this process's inotify events say about files being written (thread-safe: the
    observer thread records, the sync pass asks)."""

    def __init__(self) -> None:
        self._files: dict[str, tuple[str, Stat | None]] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._files)

    def written(self, path: str) -> None:
        """IN_MODIFY: a writer has the file open (until its close-write)."""
        self._put(path, (OPEN, None))

    def closed(self, path: str) -> None:
        """IN_CLOSE_WRITE: the writer closed the file; remember its size and mtime then."""
        st = stat_of(path)
        if st is None:
            self.forget(path)
        else:
            self._put(path, (CLOSED, st))

    def moved(self, src: str, dest: str) -> None:
        """A rename inside the watched folders: a file open for writing stays open; any other
        is finished (editors and downloaders write a temporary file, close it, then rename it)."""
        with self._lock:
            entry = self._files.pop(src, None)
        if entry is not None and entry[0] == OPEN:
            self._put(dest, entry)
        else:
            self.closed(dest)

    def forget(self, path: str) -> None:
        """The file was read, or is gone."""
        with self._lock:
            self._files.pop(path, None)

    def verdict(self, path: str, st: Stat) -> str:
        """OPEN (written to since its last close), CLOSED (closed, unchanged since) or UNKNOWN."""
        with self._lock:
            kind, seen = self._files.get(path, (UNKNOWN, None))
        if kind == CLOSED and seen != st:
            return UNKNOWN  # changed after its close (touched, or written by mmap): the clock decides
        return kind

    def _put(self, path: str, entry: tuple[str, Stat | None]) -> None:
        with self._lock:
            if len(self._files) >= MAX_TRACKED and path not in self._files:
                self._files.clear()
            self._files[path] = entry


def when_readable(path: str, st: Stat, now: float, settings: FolderSettings,
                  writes: WriteTracker | None = None) -> float:
    """0.0 when the file can be read now, else the (wall-clock) time to look at it again."""
    verdict = writes.verdict(path, st) if writes is not None else UNKNOWN
    age = now - st.mtime_ns / 1e9
    if age >= settings.give_up_s:
        return 0.0  # never finished: read it anyway, and its reader says what is wrong
    if verdict == OPEN:
        return now + settings.poll_s  # its close-write event wakes the watcher sooner
    settled_at = now if verdict == CLOSED else st.mtime_ns / 1e9 + settings.settle_s
    if settled_at > now:
        return settled_at  # size and mtime must stay still until then
    return 0.0 if looks_complete(path) else now + settings.settle_s
