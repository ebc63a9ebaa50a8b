"""Chunk vectors held in memory, so a scoped search is one exact matrix product.

Chroma's filtered search (`where`) is slow (it tests every record's metadata) and, being an
HNSW walk that skips what the filter rejects, approximate: in a 5,000-chunk library it
missed one of the exact ten nearest chunks in 18 of 40 scoped queries. A scope is the
chunks of a few documents, which the catalog lists, so the embedded store instead keeps
the vectors it has read by chunk id and scores every chunk of the scope (`top_k_cosine`):
exact, and as fast as the unscoped HNSW search. Stacked matrices of the last few scopes
are kept too, since a chat keeps its scope.

Rows are read from the store the first time they are needed (one `get` for all that are
missing) and dropped when they may have changed: a write in this process drops what it
wrote, and a reload after another process's write (`forget()`) drops everything.

Example:
    >>> import numpy as np
    >>> store = {"a": np.array([1.0, 0.0], np.float32), "b": np.array([0.6, 0.8], np.float32)}
    >>> rows = VectorRows(lambda ids: {i: store[i] for i in ids if i in store})
    >>> rows.query(np.array([0.0, 1.0], np.float32), 1, "scope-1", lambda: ["a", "b", "gone"])
    [('b', 0.800000011920929)]
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Hashable, Mapping, Sequence

import numpy as np

MAX_ROWS = 200_000  # vectors kept (about 300 MB at 384 dimensions); past it the cache starts again
MAX_VIEWS = 8  # stacked scope matrices kept (a chat reuses one scope)

Fetch = Callable[[Sequence[str]], Mapping[str, np.ndarray]]


def top_k_cosine(ids: Sequence[str], matrix: np.ndarray, norms: np.ndarray, vector: np.ndarray,
                 k: int) -> list[tuple[str, float]]:
    """The k rows most similar to `vector` by cosine, best first, ties broken by id, as
    (id, cosine) pairs; every row is scored (exact). `norms` are the rows' L2 norms."""
    if len(ids) == 0 or k <= 0:
        return []
    vector = np.asarray(vector, dtype=np.float32).ravel()
    scale = norms * np.float32(np.linalg.norm(vector))
    # einsum, not `@`: a multi-threaded BLAS call this small gains nothing, and its threads
    # spin after it, starving the rest of the question on a busy machine (20x slower at load 20)
    scores = np.einsum("ij,j->i", matrix, vector) / np.where(scale > 0, scale, np.float32(1.0))
    if k < len(scores):  # only the rows tied with or above the k-th score can be in the top k
        kth = np.partition(scores, len(scores) - k)[len(scores) - k]
        rows = np.flatnonzero(scores >= kth)
    else:
        rows = np.arange(len(scores))
    order = sorted(rows.tolist(), key=lambda r: (-float(scores[r]), ids[r]))[:k]
    return [(ids[r], float(scores[r])) for r in order]


class VectorRows:
    """Vectors by chunk id, read through `fetch` (the store's own read) and kept in memory.

    Thread-safe: questions run in several threads, and a reload may happen between them.
    """

    def __init__(self, fetch: Fetch, max_rows: int = MAX_ROWS):
        self._fetch = fetch
        self._max_rows = max_rows
        self._rows: dict[str, np.ndarray] = {}
        self._views: OrderedDict[Hashable, tuple[list[str], np.ndarray, np.ndarray]] = OrderedDict()
        self._epoch = 0  # moves on every forget(), so a read begun before it is not kept
        self._lock = threading.Lock()

    def vectors(self, ids: Sequence[str]) -> dict[str, np.ndarray]:
        """The stored vectors of `ids` that the store holds (absent ids are left out)."""
        with self._lock:
            found = {i: self._rows[i] for i in ids if i in self._rows}
            epoch = self._epoch
        missing = [i for i in dict.fromkeys(ids) if i not in found]
        if missing:
            fetched = {i: np.asarray(v, dtype=np.float32) for i, v in self._fetch(missing).items()}
            found.update(fetched)
            with self._lock:
                if epoch == self._epoch:  # nothing was forgotten meanwhile: the rows are current
                    if len(self._rows) + len(fetched) > self._max_rows:
                        self._rows.clear()
                    self._rows.update(fetched)
        return found

    def keep(self, found: Mapping[str, np.ndarray]) -> None:
        """Keep vectors just read from the store (a whole listing), as `vectors` would."""
        with self._lock:
            if len(self._rows) + len(found) > self._max_rows:
                self._rows.clear()
            self._rows.update(found)

    def query(self, vector: np.ndarray, k: int, key: Hashable,
              chunk_ids: Callable[[], Sequence[str]]) -> list[tuple[str, float]]:
        """The k chunks among `chunk_ids()` nearest to `vector` (exact cosine), best first.
        `key` names that set of chunks (a scope), whose stacked matrix is kept for next time."""
        with self._lock:
            view = self._views.pop(key, None)
            if view is not None:
                self._views[key] = view  # most recently used last
            epoch = self._epoch
        if view is None:
            view = self._stack(chunk_ids())
            with self._lock:
                if epoch == self._epoch:
                    self._views[key] = view
                    while len(self._views) > MAX_VIEWS:
                        self._views.popitem(last=False)
        return top_k_cosine(view[0], view[1], view[2], vector, int(k))

    def _stack(self, chunk_ids: Sequence[str]) -> tuple[list[str], np.ndarray, np.ndarray]:
        """The ids that have a stored vector, their vectors as one matrix, and its row norms."""
        found = self.vectors(chunk_ids)
        ids = [i for i in dict.fromkeys(chunk_ids) if i in found]
        if not ids:
            return [], np.zeros((0, 0), np.float32), np.zeros(0, np.float32)
        matrix = np.stack([found[i] for i in ids])
        return ids, matrix, np.linalg.norm(matrix, axis=1).astype(np.float32)

    def forget(self, ids: Sequence[str] | None = None) -> None:
        """Drop the rows of `ids` (every row when None) and every stacked scope matrix."""
        with self._lock:
            self._epoch += 1
            self._views.clear()
            if ids is None:
                self._rows.clear()
            else:
                for i in ids:
                    self._rows.pop(i, None)
