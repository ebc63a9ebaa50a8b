"""Locks that let several processes (app, job worker, CLI) and threads share one data dir.

Files in the data dir (`flock`, released by the kernel when a process dies, even by kill -9):

    .write.lock    one writer at a time, held only while a change is committed (a document's
                   index and graph step, a removal, a restore); questions never take it
    .worker.lock   one job worker per data dir, held for as long as the worker runs
    .chroma.lock   the embedded vector store: reads share it, each write holds it alone

Inside one process, `ReadWriteLock` lets many threads (app sessions) read the in-memory
indexes while a reload or a local write waits for them and then runs alone.

Example:
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / ".demo.lock"
    >>> with file_lock(path) as got:
    ...     got
    True
"""
from __future__ import annotations

import contextlib
import fcntl
import threading
from pathlib import Path
from typing import Iterator


@contextlib.contextmanager
def file_lock(path: Path, *, shared: bool = False, blocking: bool = True) -> Iterator[bool]:
    """Hold `path` locked (shared or exclusive) for the block; yields False, without
    waiting, when `blocking` is off and another holder has it."""
    with open(path, "a") as fh:
        flags = (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | (0 if blocking else fcntl.LOCK_NB)
        try:
            fcntl.flock(fh, flags)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def is_locked(path: Path) -> bool:
    """True when another process (or another handle of this one) holds `path` exclusively."""
    with file_lock(path, shared=True, blocking=False) as got:
        return not got


class ProcessLock:
    """An exclusive file lock that one thread of this process holds at a time, reentrantly
    (a writer that calls another writing method does not deadlock on its own lock)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._thread = threading.RLock()
        self._depth = 0
        self._owner: int | None = None
        self._fh = None

    @contextlib.contextmanager
    def hold(self, blocking: bool = True) -> Iterator[bool | None]:
        """Hold the lock for the block; yields True when this is the outermost hold, False
        when nested, and None (not held) when `blocking` is off and another process has it."""
        with self._thread:
            outer = self._depth == 0
            if outer:
                fh = open(self.path, "a")
                try:
                    fcntl.flock(fh, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
                except BlockingIOError:
                    fh.close()
                    yield None
                    return
                self._fh = fh
            self._depth += 1
            self._owner = threading.get_ident()
            try:
                yield outer
            finally:
                self._depth -= 1
                if self._depth == 0:
                    self._owner = None
                    fcntl.flock(self._fh, fcntl.LOCK_UN)
                    self._fh.close()
                    self._fh = None

    @property
    def held(self) -> bool:
        """True when the calling thread holds the lock."""
        return self._owner == threading.get_ident()


class ReadWriteLock:
    """Many readers or one writer, among the threads of one process; waiting writers go
    first, so a stream of questions cannot starve a reload. Reentrant for readers, and a
    writer may read."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._readers = 0
        self._writer: int | None = None
        self._writer_depth = 0
        self._waiting_writers = 0
        self._local = threading.local()

    @contextlib.contextmanager
    def read(self) -> Iterator[None]:
        """Share the lock with other readers for the block."""
        me = threading.get_ident()
        depth = getattr(self._local, "depth", 0)
        if depth == 0 and self._writer != me:
            with self._cond:
                while self._writer is not None or self._waiting_writers:
                    self._cond.wait()
                self._readers += 1
        self._local.depth = depth + 1
        try:
            yield
        finally:
            self._local.depth = depth
            if depth == 0 and self._writer != me:
                with self._cond:
                    self._readers -= 1
                    self._cond.notify_all()

    @contextlib.contextmanager
    def write(self) -> Iterator[None]:
        """Hold the lock alone for the block (after the current readers finish)."""
        me = threading.get_ident()
        if getattr(self._local, "depth", 0) and self._writer != me:
            raise RuntimeError("a reader cannot become the writer; release the read lock first")
        with self._cond:
            if self._writer != me:
                self._waiting_writers += 1
                while self._writer is not None or self._readers:
                    self._cond.wait()
                self._waiting_writers -= 1
                self._writer = me
            self._writer_depth += 1
        try:
            yield
        finally:
            with self._cond:
                self._writer_depth -= 1
                if self._writer_depth == 0:
                    self._writer = None
                    self._cond.notify_all()
