"""Keep one process's in-memory indexes current while other processes change the library.

The catalog's generation number moves on every committed change, whoever made it. Before
a question, `LiveStores.reading()` compares it with the generation this process last
loaded and, when it moved, reloads what may have changed (full-text records, the embedded
vector store's index, the catalog's chunk cache; the library reloads its graph by the same
number). A writer holds `writing()`: the data dir's write lock (one writer at a time across
processes), with the stores re-read first, so it never saves over a change it did not see,
and saved before the lock is released.

Inside the process, questions share a read lock; a reload takes it alone while it reloads,
and a local writer (a removal in the app, or the worker thread with FOLIO_WORKER=thread)
from its first change until its changes are saved. With the default worker process, the
app's questions never wait for the worker at all.

Example:
    >>> # live = LiveStores(data_dir, catalog, vectors, text)
    >>> # with live.reading(): retriever.retrieve(question, k)
    >>> # with live.writing(): ... with live.mutating(): text.add(...)
"""
from __future__ import annotations

import contextlib
import threading
from pathlib import Path
from typing import Any, Iterator

from core.index import clean_mark
from core.locks import ProcessLock, ReadWriteLock

WRITE_LOCK = ".write.lock"


class LiveStores:
    """Freshness and write locking for one process's view of a data dir."""

    def __init__(self, data_dir: Path, catalog: Any, vectors: Any, text: Any):
        self.catalog = catalog
        self.vectors = vectors
        self.text = text
        self.data_dir = Path(data_dir)
        self.write_lock = ProcessLock(self.data_dir / WRITE_LOCK)
        self._rw = ReadWriteLock()
        self._sync_lock = threading.Lock()
        self._seen = catalog.generation()
        self._held_off: contextlib.ExitStack | None = None  # readers kept off until the writer saves
        self._holding = False  # this writer holds readers off
        self.reloads = 0  # how many times another process's change was loaded (for tests)

    def sync(self) -> bool:
        """Reload the stores if the library changed since this process last looked; True if so."""
        with self._sync_lock:
            generation = self.catalog.generation()
            if generation == self._seen:
                return False
            with self._rw.write():
                self.catalog.forget_cached()
                self.vectors.refresh()
                self.text.refresh()
                self._seen = generation
                self.reloads += 1
            return True

    @contextlib.contextmanager
    def reading(self) -> Iterator[None]:
        """Current stores, shared with other readers, for the block (a question)."""
        self.sync()
        with self._rw.read():
            yield

    @contextlib.contextmanager
    def mutating(self) -> Iterator[None]:
        """The in-memory stores to this thread alone, for a change. Inside `writing`, readers
        stay off from the first change until the changes are saved (the full-text index is
        rebuilt once, at the end, and no question may search it half-changed)."""
        if self.write_lock.held and self._held_off is not None and not self._holding:
            self._held_off.enter_context(self._rw.write())
            self._holding = True
        with self._rw.write():
            yield

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """Be the data dir's one writer for the block: wait for the write lock, re-read what
        another process changed, and save the full-text index before letting go."""
        with self.write_lock.hold() as outer:
            if not outer:
                yield
                return
            self.sync()
            clean_mark.mark_dirty(self.data_dir)  # a crash from here on is repaired on the next open
            before = self.catalog.generation()
            with contextlib.ExitStack() as held_off:
                self._held_off, self._holding = held_off, False
                try:
                    yield
                finally:
                    with self._rw.write():
                        self.text.flush()
                        if self.catalog.generation() != before:  # another process may have reloaded
                            self.catalog._bump_generation()  # between our commit and this save: again
                        self._seen = self.catalog.generation()  # our own changes: nothing to reload
                    self._held_off, self._holding = None, False
            clean_mark.mark_clean(self.data_dir, self._seen)  # only after a block that did not raise
