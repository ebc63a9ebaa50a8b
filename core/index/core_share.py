"""Leave a core to a side task while embedding on the CPU.

torch runs one compute thread per core. When another process works at the same time (the
spaCy keyword worker, core/index/keyword_worker.py), the cores are oversubscribed: torch's
OpenMP threads meet at a barrier after every operator, a thread that lost its core holds
the other one spinning at the barrier, and the embedder slows down by more than the side
task's own CPU time (on R-intro, 2 cores: embedding 19.8 s instead of ~13 s). So while the
side task runs, torch gets one thread fewer, and its threads come back once the task is done.

Example:
    >>> share = CoreShare(lambda: False)      # nothing beside: torch keeps its threads
    >>> share.before_batch(); share.close()
"""
from __future__ import annotations

import sys
from typing import Callable


class CoreShare:
    """Call `before_batch()` before each embedding batch and `close()` at the end.

    `side_running()` says whether the side task still runs. Only a torch already imported
    (the embedder loads it with its model) is adjusted, and only when it has more than one
    thread; `close()` gives back the thread count found at the first adjustment."""

    def __init__(self, side_running: Callable[[], bool]):
        self.side_running = side_running
        self._full = 0  # torch's thread count before any change; 0 = not touched
        self.yielded_batches = 0

    def before_batch(self) -> None:
        """Set torch's threads for the next batch: one fewer while the side task runs."""
        torch = sys.modules.get("torch")
        if torch is None:
            return  # the model is not loaded yet: its loading is single-threaded anyway
        full = self._full or torch.get_num_threads()
        want = full - 1 if full > 1 and self.side_running() else full
        if want != torch.get_num_threads():
            self._full = full
            torch.set_num_threads(want)
        self.yielded_batches += want < full

    def close(self) -> None:
        """Give torch back the threads it had."""
        torch = sys.modules.get("torch")
        if torch is not None and self._full and torch.get_num_threads() != self._full:
            torch.set_num_threads(self._full)
