"""One write-lock hold over several files of a job, so the full-text index is saved once
per window instead of once per document.

Saving the embedded BM25 index (core/index/text_bm25.py `flush`) rewrites every record and
recomputes every weight: O(library). Saved after each document, as `LiveStores.writing`
does when a document is written on its own, a folder of 1,000 PDFs (~50,000 chunks) spends
~0.85 CPU-seconds a document on it by the end (~430 s in all, a fifth of the embedding
time). The job worker therefore holds the data dir's write lock across consecutive files
of an add job, for at most `seconds` (`[worker] write_window_s` in folio.toml; then it
lets go, so the index is saved and other writers get their turn; 0 saves after every
document as before), and always lets go when the job ends. Each document is still
committed on its own in the catalog; a crash inside a window is repaired on the next open
(`StoreWriter.reconcile` indexes the full text of ready documents the index lacks).
Meanwhile other processes see the new documents through the catalog and the vectors, and
their full text from the next save on (at most `seconds` later). Not used with the thread
worker: questions in the app's own process would wait for the whole window.

Example:
    >>> # window = WriteWindow(lib.live); for f in files: window.next_file(); add(f)
    >>> # window.close()
"""
from __future__ import annotations

import contextlib
import time
from typing import Callable

WINDOW_S = 30.0  # a removal in the app waits at most this long, plus one document's time


class WriteWindow:
    """Holds `live.writing()` (core.library.live.LiveStores) across files, renewed every
    `seconds`; a no-op when `live` is None or `seconds` <= 0."""

    def __init__(self, live, seconds: float = WINDOW_S, clock: Callable[[], float] = time.monotonic):
        self.live, self.seconds, self.clock = live, seconds, clock
        self._held: contextlib.ExitStack | None = None
        self._since = 0.0
        self.holds = 0  # how many windows were opened (for tests and benchmarks)

    def next_file(self) -> None:
        """Call before each file: keeps the current window, or saves and opens a new one."""
        if self.live is None or self.seconds <= 0:
            return
        if self._held is not None and self.clock() - self._since < self.seconds:
            return
        self.close()
        held = contextlib.ExitStack()
        held.enter_context(self.live.writing())
        self._held, self._since = held, self.clock()
        self.holds += 1

    def close(self) -> None:
        """Save what the window changed and let go of the write lock."""
        held, self._held = self._held, None
        if held is not None:
            held.close()
