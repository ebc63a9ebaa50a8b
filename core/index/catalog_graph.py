"""Read queries on the catalog's graph tables (edges and chunk keywords).

A mixin of `core.index.catalog.Catalog`, kept apart so each file stays short; it uses the
catalog's connection (`_db`) and lock (`_lock`).
"""
from __future__ import annotations

from typing import Sequence

from core.types import Edge


class GraphTables:
    """Queries over the `edges` and `keywords` tables."""

    # ---- graph and keywords ----------------------------------------------------------
    def edges(self) -> list[Edge]:
        """Every edge of the Chunk-Interaction Graph."""
        with self._lock:
            rows = self._db.execute("SELECT source, target, kind, weight, label FROM edges").fetchall()
        return [Edge(*r) for r in rows]

    def edges_touching(self, node_ids: Sequence[str]) -> list[Edge]:
        """Edges with either end in node_ids."""
        out: list[Edge] = []
        with self._lock:
            for start in range(0, len(node_ids), 400):
                part = list(node_ids[start:start + 400])
                marks = ",".join("?" * len(part))
                rows = self._db.execute(
                    f"SELECT source, target, kind, weight, label FROM edges "
                    f"WHERE source IN ({marks}) OR target IN ({marks})", part + part
                ).fetchall()
                out.extend(Edge(*r) for r in rows)
        return out

    def keyword_postings(self, keywords: Sequence[str]) -> dict[str, list[str]]:
        """For each keyword, the chunk ids of ready documents that carry it."""
        out: dict[str, list[str]] = {k: [] for k in keywords}
        with self._lock:
            for start in range(0, len(keywords), 500):
                part = list(keywords[start:start + 500])
                marks = ",".join("?" * len(part))
                for kw, cid in self._db.execute(
                    f"SELECT keyword, chunk_id FROM keywords WHERE keyword IN ({marks})", part
                ):
                    out[kw].append(cid)
        return out

    def keyword_document_frequency(self) -> dict[str, int]:
        """Number of chunks carrying each keyword."""
        with self._lock:
            rows = self._db.execute("SELECT keyword, COUNT(*) FROM keywords GROUP BY keyword").fetchall()
        return dict(rows)

    def chunk_keywords(self, chunk_ids: Sequence[str]) -> dict[str, list[str]]:
        """For each chunk id, its stored keywords."""
        out: dict[str, list[str]] = {c: [] for c in chunk_ids}
        with self._lock:
            for start in range(0, len(chunk_ids), 500):
                part = list(chunk_ids[start:start + 500])
                marks = ",".join("?" * len(part))
                for cid, kw in self._db.execute(
                    f"SELECT chunk_id, keyword FROM keywords WHERE chunk_id IN ({marks})", part
                ):
                    out[cid].append(kw)
        return out

