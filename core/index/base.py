"""Protocols for Folio's storage roles. Each role has one module per engine.

Backends are interchangeable: `tests/index/` runs one contract suite against every
backend of a role (embedded and server).
"""
from __future__ import annotations

from typing import Collection, Protocol, Sequence

import numpy as np


class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors (one row per text)."""

    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed a batch of passages."""
        ...

    def embed_query(self, text: str) -> np.ndarray:
        """Embed one question (1-D vector)."""
        ...


class VectorIndex(Protocol):
    """Nearest-neighbour search by cosine similarity over chunk vectors."""

    def upsert(self, ids: Sequence[str], vectors: np.ndarray, doc_ids: Sequence[str]) -> None:
        """Add or replace vectors; `doc_ids[i]` is the document of `ids[i]`."""
        ...

    def delete_doc(self, doc_id: str) -> None:
        """Remove every vector of a document (no error when absent)."""
        ...

    def query(self, vector: np.ndarray, k: int, doc_ids: Collection[str] | None = None
              ) -> list[tuple[str, float]]:
        """Return up to k (chunk_id, cosine similarity) pairs, best first; only chunks of
        `doc_ids` when given (a scope, filtered in the store)."""
        ...

    def query_many(self, vectors: np.ndarray, k: int, exclude_docs: Sequence[str] = ()
                   ) -> list[list[tuple[str, float]]]:
        """`query` for every row of a 2-D array, in one request (graph building asks for the
        neighbours of every new chunk), leaving out the chunks of `exclude_docs`."""
        ...

    def get(self, ids: Sequence[str]) -> np.ndarray:
        """Return the stored vectors for ids, in the given order (KeyError if one is missing)."""
        ...

    def doc_ids(self) -> set[str]:
        """Documents that have at least one vector (used for crash recovery)."""
        ...

    def count(self) -> int:
        """Number of vectors stored."""
        ...

    def delete_ids(self, ids: Sequence[str]) -> None:
        """Remove vectors by chunk id (no error for absent ids)."""
        ...

    def ids(self, doc_id: str | None = None) -> set[str]:
        """Stored chunk ids (of one document when given; used for crash recovery)."""
        ...

    def refresh(self) -> None:
        """Make another process's writes searchable (a no-op for servers)."""
        ...


class TextIndex(Protocol):
    """Full-text (BM25-style) search over chunk texts."""

    def add(self, ids: Sequence[str], texts: Sequence[str], doc_ids: Sequence[str]) -> None:
        """Index texts; `doc_ids[i]` is the document of `ids[i]`."""
        ...

    def delete_doc(self, doc_id: str) -> None:
        """Remove every posting of a document (no error when absent)."""
        ...

    def search(self, query: str, k: int, doc_ids: Collection[str] | None = None
               ) -> list[tuple[str, float]]:
        """Return up to k (chunk_id, score) pairs, best first; scores > 0; only chunks of
        `doc_ids` when given (a scope, filtered in the index)."""
        ...

    def doc_ids(self) -> set[str]:
        """Documents that have at least one posting (used for crash recovery)."""
        ...

    def count(self) -> int:
        """Number of indexed chunks."""
        ...

    def flush(self) -> None:
        """Make pending changes durable and searchable (a no-op for servers)."""
        ...

    def refresh(self) -> bool:
        """Reload what another process saved since (a no-op for servers); True if it did."""
        ...
