"""Read queries on the catalog's graph tables (edges and chunk keywords).

A mixin of `core.index.catalog.Catalog`, kept apart so each file stays short; it uses the
catalog's connection (`_db`) and lock (`_lock`).
"""
from __future__ import annotations

from typing import Sequence

from core.types import Edge


class GraphTables:
    """Queries over the `edges` and `keywords` tables."""

    def _rows_in(self, sql: str, values: Sequence[str], copies: int = 1, size: int = 400) -> list[tuple]:
        """Run `sql` (with `{marks}` placeholders for an IN list) over `values` in batches."""
        rows: list[tuple] = []
        with self._lock:
            for start in range(0, len(values), size):
                part = list(values[start:start + size])
                marks = ",".join("?" * len(part))
                rows.extend(self._db.execute(sql.format(marks=marks), part * copies).fetchall())
        return rows

    # ---- graph and keywords ----------------------------------------------------------
    def edges(self) -> list[Edge]:
        """Every edge of the Chunk-Interaction Graph."""
        with self._lock:
            rows = self._db.execute("SELECT source, target, kind, weight, label FROM edges").fetchall()
        return [Edge(*r) for r in rows]

    def edges_touching(self, node_ids: Sequence[str]) -> list[Edge]:
        """Edges with either end in node_ids."""
        rows = self._rows_in("SELECT source, target, kind, weight, label FROM edges "
                             "WHERE source IN ({marks}) OR target IN ({marks})", node_ids, copies=2)
        return [Edge(*r) for r in rows]

    def keyword_postings(self, keywords: Sequence[str], max_holders: int | None = None) -> dict[str, list[str]]:
        """For each keyword, the chunk ids of ready documents that carry it. With
        `max_holders`, keywords held by more chunks are left out of the result (counted on
        the index first, so a common keyword's long posting list is never read)."""
        if max_holders is not None:
            counts = dict(self._rows_in("SELECT keyword, COUNT(*) FROM keywords WHERE keyword IN ({marks}) "
                                        "GROUP BY keyword", keywords))
            keywords = [k for k in keywords if counts.get(k, 0) <= max_holders]
        out: dict[str, list[str]] = {k: [] for k in keywords}
        for kw, cid in self._rows_in("SELECT keyword, chunk_id FROM keywords WHERE keyword IN ({marks})",
                                     keywords):
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
        for cid, kw in self._rows_in("SELECT chunk_id, keyword FROM keywords WHERE chunk_id IN ({marks})",
                                     chunk_ids):
            out[cid].append(kw)
        return out

