"""What an embedded or server Chroma store is read for: vectors by id, every stored id and
vector (the exact search's listing), ids and documents (crash recovery), the count, and
another process's writes caught up from Chroma's log (`core.index.chroma_log`).

A mixin of `core.index.vector_chroma.ChromaVectorIndex`, kept apart so each file stays
short; it uses the index's `_do`, `_locked`, `_open_collection`, `rows` and log position.
"""
from __future__ import annotations

import sqlite3
from typing import Iterator, Sequence

import numpy as np

from core.index import chroma_log

_PAGE = 5000  # records read per request when listing a whole collection


class ChromaReads:
    """Reads of a `ChromaVectorIndex` (see the module docstring)."""

    def _log_position(self) -> int | None:
        """Chroma's last logged write (embedded store; None when unknown)."""
        if self.path is None:
            return None
        try:
            return chroma_log.log_position(self.path)
        except sqlite3.Error:
            return None

    def _catch_up(self) -> bool:
        """Apply another process's writes to the rows held, from Chroma's log (True when it
        could). The client is reopened on its next use, not now: reopening replays those
        writes into Chroma's graph, which the exact search does not need."""
        if self._cursor is None:
            return False
        with self._locked():
            changes = chroma_log.changes_since(self.path, str(self._coll.id), self._cursor)
        if changes is None:
            return False
        self.rows.apply(changes.vectors)
        self._cursor, self._stale = changes.position, True
        return True

    def _fetch(self, ids: Sequence[str]) -> dict[str, np.ndarray]:
        """The stored vectors of those ids the store holds, read from the store."""
        found: dict[str, np.ndarray] = {}
        for start in range(0, len(ids), _PAGE):
            res = self._do("get", ids=list(ids[start : start + _PAGE]), include=["embeddings"])
            found.update(zip(res["ids"], np.asarray(res["embeddings"], dtype=np.float32)))
        return found

    def _all_ids(self) -> list[str]:
        """Every stored id, sorted: those held when they are the whole store, else a listing."""
        return self.rows.ids() if self.rows.complete else self._read_all()

    def _read_all(self) -> list[str]:
        """Every stored id, sorted; their vectors are read in the same pages (one listing: ids
        then vectors in two reads could meet another process's delete between them) and kept."""
        found: dict[str, np.ndarray] = {}
        for offset in range(0, self.count(), _PAGE):
            res = self._do("get", include=["embeddings"], limit=_PAGE, offset=offset)
            found.update(zip(res["ids"], np.asarray(res["embeddings"], dtype=np.float32)))
        self.rows.keep(found, complete=True)
        return sorted(found)

    def _metadatas(self) -> Iterator[tuple[str, dict]]:
        total = self.count()
        for offset in range(0, total, _PAGE):
            res = self._do("get", include=["metadatas"], limit=_PAGE, offset=offset)
            yield from zip(res["ids"], (m or {} for m in res["metadatas"]))

    def doc_ids(self) -> set[str]:
        """Documents that have at least one vector (used for crash recovery)."""
        return {m["doc_id"] for _, m in self._metadatas() if "doc_id" in m}

    def ids(self, doc_id: str | None = None) -> set[str]:
        """Stored chunk ids, of one document when given (used for crash recovery)."""
        if doc_id is not None:
            return set(self._do("get", where={"doc_id": doc_id}, include=[])["ids"])
        return {cid for cid, _ in self._metadatas()}

    def count(self) -> int:
        """Number of vectors stored (a client that misses another process's writes counts
        them, so it is not reopened for this)."""
        with self._locked():
            coll = self._coll if self._coll is not None else self._open_collection()
            return int(self._call(coll.count))
