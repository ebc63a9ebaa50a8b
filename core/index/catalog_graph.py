"""Read queries on the catalog's graph tables (edges and chunk keywords).

A mixin of `core.index.catalog.Catalog`, kept apart so each file stays short; it uses the
catalog's connection (`_db`) and lock (`_lock`).
"""
from __future__ import annotations

from typing import Sequence

from core.types import Edge


class GraphTables:
    """Queries over the `edges` and `keywords` tables."""

    def _rows_in(self, sql: str, values: Sequence[str], copies: int = 1, size: int = 400,
                 extra: tuple = ()) -> list[tuple]:
        """Run `sql` (with `{marks}` placeholders for an IN list, then `extra` parameters)
        over `values` in batches."""
        rows: list[tuple] = []
        with self._lock:
            for start in range(0, len(values), size):
                part = list(values[start:start + size])
                marks = ",".join("?" * len(part))
                rows.extend(self._db.execute(sql.format(marks=marks), [*(part * copies), *extra]).fetchall())
        return rows

    # ---- graph and keywords ----------------------------------------------------------
    def edges(self) -> list[Edge]:
        """Every edge of the Chunk-Interaction Graph."""
        with self._lock:
            rows = self._db.execute("SELECT source, target, kind, weight, label FROM edges").fetchall()
        return [Edge(*r) for r in rows]

    def edge_rows(self, doc_id: str) -> list[tuple]:
        """Every catalog edge row touching a document, its own and other documents' edges to
        it, as stored (source, target, kind, weight, label, doc_id, other_doc)."""
        with self._lock:
            return self._db.execute("SELECT source, target, kind, weight, label, doc_id, other_doc FROM edges "
                                    "WHERE doc_id=? OR other_doc=?", (doc_id, doc_id)).fetchall()

    def edges_touching(self, node_ids: Sequence[str]) -> list[Edge]:
        """Edges with either end in node_ids."""
        rows = self._rows_in("SELECT source, target, kind, weight, label FROM edges "
                             "WHERE source IN ({marks}) OR target IN ({marks})", node_ids, copies=2)
        return [Edge(*r) for r in rows]

    def keyword_postings(self, keywords: Sequence[str], max_holders: int | None = None,
                         exclude_docs: Sequence[str] = ()) -> dict[str, list[str]]:
        """For each keyword, the chunk ids of ready documents that carry it. With
        `max_holders`, keywords held by more chunks are left out of the result (counted on
        the index first, so a common keyword's long posting list is never read). Chunks of
        `exclude_docs` are left out (versions being replaced)."""
        extra = tuple(exclude_docs)
        skip = f" AND doc_id NOT IN ({','.join('?' * len(extra))})" if extra else ""
        if max_holders is not None:
            counts = dict(self._rows_in("SELECT keyword, COUNT(*) FROM keywords WHERE keyword IN ({marks})"
                                        f"{skip} GROUP BY keyword", keywords, extra=extra))
            keywords = [k for k in keywords if counts.get(k, 0) <= max_holders]
        out: dict[str, list[str]] = {k: [] for k in keywords}
        for kw, cid in self._rows_in("SELECT keyword, chunk_id FROM keywords WHERE keyword IN ({marks})" + skip,
                                     keywords, extra=extra):
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

