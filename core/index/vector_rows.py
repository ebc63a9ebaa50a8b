"""Chunk vectors held in memory, so a scoped search is one exact matrix product.

Chroma's filtered search (`where`) is slow (it tests every record's metadata) and, being an
HNSW walk that skips what the filter rejects, approximate: in a 5,000-chunk library it
missed one of the exact ten nearest chunks in 18 of 40 scoped queries. A scope is the
chunks of a few documents, which the catalog lists, so the embedded store instead keeps
the vectors it has read by chunk id and scores every chunk of the scope (`top_k_cosine`):
exact, and as fast as the unscoped HNSW search. Stacked matrices of the last few scopes
are kept too, since a chat keeps its scope.

Rows are read from the store the first time they are needed (one `get` for all that are
missing) and kept current: a write in this process (`put`) or another process's, applied
from the store's write log (`apply`), drops the rows it changed, or, when the log cannot
say, everything is dropped (`forget()`); only rows that are the whole store take the new
vectors in. Once every stored vector has been read (`keep(...,
complete=True)`), the rows are the whole store until dropped (`complete`), so the exact
unscoped search after another process's write reads only what it wrote.

Example:
    >>> import numpy as np
    >>> store = {"a": np.array([1.0, 0.0], np.float32), "b": np.array([0.6, 0.8], np.float32)}
    >>> rows = VectorRows(lambda ids: {i: store[i] for i in ids if i in store})
    >>> rows.query(np.array([0.0, 1.0], np.float32), 1, "scope-1", lambda: ["a", "b", "gone"])
    [('b', 0.800000011920929)]
"""
from __future__ import annotations

import bisect
import heapq
import threading
from collections import OrderedDict
from typing import Callable, Hashable, Mapping, Sequence

import numpy as np

MAX_ROWS = 200_000  # vectors kept (about 300 MB at 384 dimensions); past it the cache starts again
MAX_VIEWS = 8  # stacked scope matrices kept (a chat reuses one scope)
ALL = ("all",)  # the view key of the whole store (an unscoped search)

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


def _patched(view: tuple[list[str], np.ndarray, np.ndarray], changes: Mapping[str, np.ndarray | None]
             ) -> tuple[list[str], np.ndarray, np.ndarray]:
    """A stacked view (ids sorted) with `changes` applied, as stacking every row anew would
    build it (same order, values and norms: a row's norm does not depend on its neighbours),
    with one copy of the matrix for the rows that left and one for those that came."""
    ids, matrix, norms = view
    rows = [r for r, i in ((bisect.bisect_left(ids, i), i) for i in changes) if r < len(ids) and ids[r] == i]
    if rows:
        gone = set(rows)
        ids = [i for r, i in enumerate(ids) if r not in gone]
        matrix, norms = np.delete(matrix, rows, axis=0), np.delete(norms, rows)
    new = sorted(i for i, v in changes.items() if v is not None)
    if new:
        at = [bisect.bisect_left(ids, i) for i in new]
        block = np.stack([changes[i] for i in new])
        matrix = np.insert(matrix, at, block, axis=0)
        norms = np.insert(norms, at, np.linalg.norm(block, axis=1).astype(np.float32))
        ids = list(heapq.merge(ids, new))
    return ids, matrix, norms


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
        self.complete = False  # the rows hold every vector of the store
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
                    self._add(fetched)
        return found

    def _add(self, found: Mapping[str, np.ndarray]) -> None:
        """Keep rows (call under the lock); past `max_rows` the cache starts again."""
        if len(self._rows) + len(found) > self._max_rows:
            self._rows.clear()
            self.complete = False
        self._rows.update(found)

    def keep(self, found: Mapping[str, np.ndarray], complete: bool = False) -> None:
        """Keep vectors just read from the store, as `vectors` would; `complete`: they are a
        whole listing of it."""
        with self._lock:
            if complete:  # the listing replaces every row: one held before may since be gone
                self._rows.clear()
            self._add(found)
            self.complete = complete and len(self._rows) == len(found)

    def __len__(self) -> int:
        return len(self._rows)

    def ids(self) -> list[str]:
        """The ids of the rows held, sorted."""
        with self._lock:
            return sorted(self._rows)

    def put(self, ids: Sequence[str], vectors: np.ndarray) -> None:
        """Rows this process just wrote to the store."""
        self.apply(dict(zip(ids, vectors)))

    def apply(self, changes: Mapping[str, np.ndarray | None]) -> None:
        """Writes to the store: each id's new vector, or None where it was deleted. When the
        rows are the whole store, the new vectors join them and its stacked matrix (key
        `ALL`) is patched, not dropped: stacking 20,000 rows again took seconds on a busy
        machine. Otherwise the changed ids are only dropped: rows held then are a cache of
        what was read, and keeping every vector written made a folder ingest's process hold
        the whole library's vectors (~1.7 KB each) for nothing (it never searches them)."""
        changes = {i: None if v is None else np.asarray(v, dtype=np.float32) for i, v in changes.items()}
        with self._lock:
            self._epoch += 1
            whole = self._views.get(ALL) if self.complete else None
            self._views.clear()
            for i in changes:
                self._rows.pop(i, None)
            if not self.complete:
                return
            self._add({i: v for i, v in changes.items() if v is not None})
            if whole is not None and self.complete and len(whole[0]):
                self._views[ALL] = _patched(whole, changes)

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

    def forget(self, ids: Sequence[str] | None = None, complete: bool = True) -> None:
        """Drop the rows of `ids` (every row when None) and every stacked scope matrix;
        `complete=False`: other rows may have left the store too (a document's, unnamed)."""
        if ids is not None and complete:
            self.apply(dict.fromkeys(ids))
            return
        with self._lock:
            self._epoch += 1
            self._views.clear()
            self.complete = False
            for i in ids if ids is not None else list(self._rows):
                self._rows.pop(i, None)
