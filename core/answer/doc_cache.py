"""A bounded least-recently-used cache of values computed in batches, keyed by exact text.

Used for spaCy Docs of the reader's units (`nlp.tag`): the texts not seen before are computed
together in one call (a batch is cheaper per text than one call each), in their first-seen
order, and the least recently used entries go once more than `size` are held. A lock keeps
it consistent when Chat answers on several threads.

Example:
    >>> cache = DocCache(2)
    >>> cache.get_many(["a", "b", "a"], lambda texts: [t.upper() for t in texts])
    ['A', 'B', 'A']
    >>> cache.get_many(["c"], lambda texts: [t.upper() for t in texts]), len(cache)
    (['C'], 2)
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Iterable, Sequence


class DocCache:
    """Values by exact text, at most `size` of them, least recently used dropped first."""

    def __init__(self, size: int):
        if size < 1:
            raise ValueError(f"cache size must be at least 1, not {size}")
        self.size = size
        self._items: OrderedDict[str, object] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        """Forget every value."""
        with self._lock:
            self._items.clear()

    def get_many(self, texts: Sequence[str], compute: Callable[[list[str]], Iterable]) -> list:
        """The value of each text, in order; `compute` gets the distinct texts not held (once
        each, first-seen order) and returns their values in that order."""
        with self._lock:
            found = {t: self._items[t] for t in texts if t in self._items}
        missing = list(dict.fromkeys(t for t in texts if t not in found))
        if missing:  # computed outside the lock: a slow batch does not hold other threads' hits
            values = list(compute(missing))
            if len(values) != len(missing):
                raise ValueError(f"computed {len(values)} values for {len(missing)} texts")
            found.update(zip(missing, values))
        with self._lock:
            for t in dict.fromkeys(texts):
                self._items[t] = found[t]
                self._items.move_to_end(t)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return [found[t] for t in texts]
