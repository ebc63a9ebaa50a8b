"""Noticing changes in watched folders: watchdog events, debounced into `sync` jobs.

One `FolderWatcher` per watching process (the worker, or `python -m core watch`). Events
only say *that* a folder changed; what changed is the sync pass's business, so a burst of
200 files, an editor's save dance or a half-written copy cost one or two syncs, not one
per event. inotify (watchdog's native observer) is used where it works; folders on network
file systems (NFS, SMB, sshfs: their events are not delivered) and folders inotify cannot
take (watch limit) use watchdog's polling observer; FOLIO_WATCH=polling forces it.

Every `poll_s` the watcher also looks after what events cannot tell it: a folder added or
removed by another process, and a root that went missing or came back (unmounted disk,
renamed folder). Files still being written at the last pass are looked at again at their
retry time (the watcher wakes at the earliest). inotify's events also feed a `WriteTracker`
(`core.library.folders.settle`): a file its writer closed is read at once, one still open waits.

Example:
    >>> # watcher = FolderWatcher(lib, on_line=print); watcher.start(); ...; watcher.stop()
"""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Callable

from watchdog.events import (DirCreatedEvent, DirDeletedEvent, DirMovedEvent, FileClosedEvent, FileCreatedEvent,
                             FileDeletedEvent, FileModifiedEvent, FileMovedEvent, FileSystemEventHandler)
from watchdog.observers import Observer
from watchdog.observers.polling import PollingObserver

from core.library.folders.manage import WatchedFolders
from core.library.folders.settle import WriteTracker
from core.index.catalog_folders import FolderTables
from core.ingest.formats import accepted

NETWORK_FS = {"nfs", "nfs4", "cifs", "smb3", "smbfs", "fuse.sshfs", "sshfs", "9p", "afs", "ncpfs", "davfs",
              "fuse.rclone", "virtiofs", "vboxsf"}
# opened / closed-without-write / attribute events are left out: reading a file (our own
# hashing) must not trigger another sync
EVENTS = [FileCreatedEvent, FileModifiedEvent, FileDeletedEvent, FileMovedEvent, FileClosedEvent,
          DirCreatedEvent, DirDeletedEvent, DirMovedEvent]


def on_network_fs(path: str, mounts: str = "/proc/mounts") -> bool:
    """True when `path` lies on a network file system (by the longest matching mount point)."""
    try:
        lines = Path(mounts).read_text().splitlines()
    except OSError:
        return False
    best, fstype = "", ""
    for line in lines:
        parts = line.split()
        if len(parts) >= 3 and (path == parts[1] or path.startswith(parts[1].rstrip("/") + "/")):
            if len(parts[1]) > len(best):
                best, fstype = parts[1], parts[2]
    return fstype in NETWORK_FS


class _Events(FileSystemEventHandler):
    """Marks the watched folder an event belongs to as changed (with the time); inotify's
    events also tell `writes` which files are open for writing and which were closed."""

    def __init__(self, watcher: "FolderWatcher", writes: WriteTracker | None):
        self.watcher, self.writes = watcher, writes

    def on_any_event(self, event) -> None:
        paths = [p for p in (event.src_path, getattr(event, "dest_path", "")) if p]
        paths = [os.fsdecode(p) for p in paths]
        if event.is_directory or any(accepted(p) for p in paths):
            if self.writes is not None and not event.is_directory:
                self._track(event, paths)
            for path in paths:
                self.watcher.changed(path)

    def _track(self, event, paths: list[str]) -> None:
        if isinstance(event, FileModifiedEvent):
            self.writes.written(paths[0])
        elif isinstance(event, FileClosedEvent):
            self.writes.closed(paths[0])
        elif isinstance(event, FileMovedEvent) and len(paths) == 2:
            self.writes.moved(*paths)
        elif isinstance(event, FileDeletedEvent):
            self.writes.forget(paths[0])


class FolderWatcher:
    """Observers over every watched folder of a library; changes become sync jobs."""

    def __init__(self, lib, on_line: Callable[[str], None] | None = None):
        self.lib = lib
        self.settings = lib.settings.folders
        self.folders = WatchedFolders(lib)
        self.tables = FolderTables(lib.catalog)
        self.on_line = on_line or (lambda _line: None)
        self.events = 0  # file-system events seen (for tests and benchmarks)
        self.writes = WriteTracker()  # files open for writing or closed, by inotify's events
        self.queued = threading.Event()  # set when a sync was queued: the worker's loop wakes at once
        self._dirty: dict[str, float] = {}
        self._lock = threading.Lock()
        self._watches: dict[str, tuple] = {}  # folder -> (observer, watch)
        self._observers: dict[str, object] = {}
        self._handlers = {"native": _Events(self, self.writes), "polling": _Events(self, None)}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._next_refresh = 0.0
        self._next_retry = float("inf")  # wall-clock time the first waiting file is due

    def start(self, *, rescan: bool = True) -> None:
        """Watch every folder, queue a full rescan (what changed while nobody watched), and
        start the thread that turns events into sync jobs."""
        self._refresh()
        if rescan and self.folders.paths():
            self.folders.sync(start=False)
        self._thread = threading.Thread(target=self._loop, name="folio-folder-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread and the observers (within about a second)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=1)
        for observer in self._observers.values():
            observer.stop()
        for observer in self._observers.values():
            observer.join(timeout=1)

    def changed(self, path: str) -> None:
        """An event at `path`: mark its watched folder as changed now."""
        folder = next((f for f in tuple(self._watches) if path == f or path.startswith(f.rstrip("/") + "/")), None)
        if folder is not None:
            with self._lock:
                self.events += 1
                self._dirty[folder] = time.monotonic()

    def _loop(self) -> None:
        while not self._stop.wait(0.1):
            try:
                self.tick()
            except Exception as exc:  # a bad moment (disk full, locked catalog) must not end the watching
                self.on_line(f"watch: {type(exc).__name__}: {exc}")

    def tick(self) -> None:
        """Queue a sync for each folder quiet for `debounce_s` since its last event, and for
        each with a waiting file whose retry time has come; every `poll_s`, also look after
        folder list changes and missing roots."""
        now = time.monotonic()
        if now >= self._next_refresh:
            self._next_refresh = now + self.settings.poll_s
            self._refresh()
        elif time.time() >= self._next_retry:
            self._mark(self._due_retries())
        with self._lock:
            due = sorted(f for f, t in self._dirty.items() if now - t >= self.settings.debounce_s)
            for folder in due:
                del self._dirty[folder]
        if due:
            due = [f for f in due if f in self.folders.paths()]
            if due and self.folders.sync(due, start=False):
                self.queued.set()
                self.on_line("changes in " + ", ".join(due) + ": sync queued")

    def synced(self) -> None:
        """Jobs ran in this process (syncs among them): read the next retry time again."""
        self._next_retry = 0.0

    def _due_retries(self) -> set[str]:
        """Folders with a waiting file due now; remembers when the next one is due."""
        now = time.time()
        due = self.tables.due_folders(now)
        self._next_retry = self.tables.next_retry(now) or float("inf")
        return due

    def _mark(self, folders) -> None:
        """Mark folders to sync at the next tick (no debounce)."""
        with self._lock:
            for path in set(folders) - set(self._dirty):
                self._dirty[path] = 0.0

    def _refresh(self) -> None:
        """Match the observers to the catalog's folders and roots; mark folders to sync."""
        folders = {f.path: f for f in self.tables.folders()}
        for path in [p for p in self._watches if p not in folders or not os.path.isdir(p)]:
            observer, watch = self._watches.pop(path)
            try:
                observer.unschedule(watch)
            except (KeyError, OSError):
                pass  # its emitter already stopped with the folder
        wake = self._due_retries()
        for path, folder in folders.items():
            present = os.path.isdir(path)
            if present and path not in self._watches:
                self._schedule(path)
            if present != (folder.state == "available"):
                wake.add(path)  # went missing, or came back: the sync records it
        self._mark(wake)

    def _schedule(self, path: str) -> None:
        """Watch one folder: inotify, or polling where events are not delivered."""
        mode = self.settings.watch
        polling = mode == "polling" or (mode == "auto" and on_network_fs(path))
        try:
            self._watches[path] = self._add(path, "polling" if polling else "native")
        except OSError as exc:  # e.g. the inotify watch limit: polling still works
            self.on_line(f"{path}: file-system events unavailable ({exc.strerror or exc}); polling every "
                         f"{self.settings.poll_s:g} s")
            self._watches[path] = self._add(path, "polling")

    def _add(self, path: str, kind: str) -> tuple:
        observer = self._observers.get(kind)
        if observer is None:
            observer = PollingObserver(timeout=self.settings.poll_s) if kind == "polling" else Observer()
            observer.daemon = True
            observer.start()
            self._observers[kind] = observer
        return observer, observer.schedule(self._handlers[kind], path, recursive=True, event_filter=EVENTS)

    def kind_of(self, path: str) -> str:
        """'native' or 'polling': how `path` is watched ('' when it is not)."""
        entry = self._watches.get(path)
        if entry is None:
            return ""
        return "polling" if isinstance(entry[0], PollingObserver) else "native"
