"""The library as the graph builder must see it while one document is (re)indexed.

A document's edges are computed before its vectors are written (so they can be committed
in the same transaction as its rows), and, when it replaces an older version (a changed
file from the same path, or a re-index of the same document), without that older version:
its chunks are about to go, and edges to them would vanish with them. These two thin views
give `GraphBuilder` exactly that library: the stored chunks minus the replaced document,
plus the new document's own chunks.

Example:
    >>> import numpy as np
    >>> class Stored:                                   # any VectorIndex
    ...     def query_many(self, vectors, k, exclude_docs=()): return [[("old", 0.5)] for _ in vectors]
    ...     def count(self): return 1
    >>> view = VectorsBeside(Stored(), ["n1", "n2"], np.eye(2, dtype=np.float32))
    >>> view.query(np.array([1.0, 0.0]), 2)
    [('n1', 1.0), ('old', 0.5)]
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from core.index.row_entries import without_rows_many

class VectorsBeside:
    """A vector index that answers over the stored vectors, without `exclude_docs` (and
    `excluded_count` chunks), merged with the new chunks' own vectors searched exactly."""

    def __init__(self, stored: Any, ids: Sequence[str], embeddings: np.ndarray,
                 exclude_docs: Sequence[str] = (), excluded_count: int = 0, stored_chunks: int | None = None):
        self.stored = stored
        self.stored_chunks = stored_chunks
        self.ids = list(ids)
        vecs = np.asarray(embeddings, dtype=np.float32).reshape(len(self.ids), -1)
        norms = np.linalg.norm(vecs, axis=1, keepdims=True)
        self.embeddings = vecs / np.where(norms > 0, norms, 1.0)
        self.exclude_docs = tuple(exclude_docs)
        self.excluded_count = excluded_count

    def query(self, vector: np.ndarray, k: int) -> list[tuple[str, float]]:
        """Up to k (chunk_id, cosine) pairs, best first, from both sides."""
        return self.query_many(np.asarray(vector, dtype=np.float32).reshape(1, -1), k)[0]

    def query_many(self, vectors: np.ndarray, k: int) -> list[list[tuple[str, float]]]:
        """`query` for every row of `vectors`, the stored side in one request."""
        vectors = np.asarray(vectors, dtype=np.float32).reshape(len(vectors), -1)
        if k <= 0 or len(vectors) == 0:
            return [[] for _ in vectors]
        stored = without_rows_many(self._stored_many, vectors, k)  # table rows are no neighbours
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        own = (vectors / np.where(norms > 0, norms, 1.0)) @ self.embeddings.T if len(self.ids) else None
        found = []
        for row, hits in enumerate(stored):
            merged = dict(hits)
            if own is not None:
                best = np.argsort(-own[row], kind="stable")[:k]
                merged.update((self.ids[i], round(float(own[row][i]), 6)) for i in best)
            found.append(sorted(merged.items(), key=lambda t: -t[1])[:k])
        return found

    def _stored_many(self, vectors: np.ndarray, k: int) -> list[list[tuple[str, float]]]:
        if self.exclude_docs:
            return self.stored.query_many(vectors, k, exclude_docs=self.exclude_docs)
        return self.stored.query_many(vectors, k)

    def count(self) -> int:
        """Chunks in the library once the new document replaced the old one (`stored_chunks`
        when given: the store also holds table rows, which are not chunks)."""
        stored = self.stored.count() if self.stored_chunks is None else self.stored_chunks
        return max(0, stored - self.excluded_count) + len(self.ids)


class CatalogBeside:
    """The catalog, with the keyword postings of `exclude_docs` (versions being replaced)
    left out; everything else is the catalog's own."""

    def __init__(self, catalog: Any, exclude_docs: Sequence[str]):
        self._catalog = catalog
        self._exclude = tuple(exclude_docs)

    def keyword_postings(self, keywords: Sequence[str], max_holders: int | None = None) -> dict[str, list[str]]:
        """The catalog's postings without the replaced document's chunks."""
        return self._catalog.keyword_postings(keywords, max_holders, exclude_docs=self._exclude)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._catalog, name)
