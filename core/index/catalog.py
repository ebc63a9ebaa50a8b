"""SQLite catalog: documents, sections, chunks, graph edges and chunk keywords.

The catalog is the source of truth. A document is first recorded as `pending`; its vectors
and postings are written; then `commit_document` stores its chunks, edges and keywords and
marks it `ready` in one transaction. On open, `Library` deletes every pending document from
all stores, so a crash leaves a document absent or complete, never half indexed.

Example:
    >>> cat = Catalog(":memory:")
    >>> cat.documents()
    []
"""
from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path
from typing import Iterable, Sequence

from core.index.catalog_graph import GraphTables
from core.index.catalog_jobs import JobTables
from core.index.catalog_meta import MetaTables
from core.index.catalog_pages import PageTables
from core.index.catalog_rows import (CHUNK_COLUMNS, DOC_COLUMNS, chunk_from_row, document_as_dict,  # noqa: F401 (re-exported)
                                     document_from_row)
from core.types import Chunk, DocGeometry, Document, Edge, Section

_SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (
  doc_id TEXT PRIMARY KEY, title TEXT, source TEXT, pages INTEGER, kind TEXT,
  status TEXT, chunks INTEGER, added_at TEXT, markdown_path TEXT);
CREATE TABLE IF NOT EXISTS sections (
  section_id TEXT PRIMARY KEY, doc_id TEXT, heading_path TEXT, level INTEGER,
  page_start INTEGER, page_end INTEGER, parent_id TEXT);
CREATE TABLE IF NOT EXISTS chunks (
  chunk_id TEXT PRIMARY KEY, doc_id TEXT, doc_title TEXT, text TEXT, embed_text TEXT,
  kind TEXT, heading_path TEXT, page_start INTEGER, page_end INTEGER, section_id TEXT,
  position INTEGER, source_id TEXT);
CREATE INDEX IF NOT EXISTS chunks_doc ON chunks(doc_id, position);
CREATE INDEX IF NOT EXISTS chunks_source ON chunks(source_id);
CREATE TABLE IF NOT EXISTS edges (
  source TEXT, target TEXT, kind TEXT, weight REAL, label TEXT, doc_id TEXT, other_doc TEXT);
CREATE INDEX IF NOT EXISTS edges_source ON edges(source);
CREATE INDEX IF NOT EXISTS edges_target ON edges(target);
CREATE INDEX IF NOT EXISTS edges_doc ON edges(doc_id);
CREATE INDEX IF NOT EXISTS edges_other ON edges(other_doc);
CREATE TABLE IF NOT EXISTS keywords (chunk_id TEXT, keyword TEXT, doc_id TEXT);
CREATE INDEX IF NOT EXISTS keywords_kw ON keywords(keyword);
CREATE INDEX IF NOT EXISTS keywords_chunk ON keywords(chunk_id);
CREATE INDEX IF NOT EXISTS keywords_doc ON keywords(doc_id);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
"""

class Catalog(GraphTables, JobTables, MetaTables, PageTables):
    """Thread-safe SQLite store (WAL) for everything except vectors and full-text postings."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        # several processes share the file (app, worker, CLI): wait for a writer, don't fail
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=60)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        self._migrate()
        self._create_job_tables()
        self._init_pages()
        self._chunk_cache: dict[str, Chunk] = {}

    def close(self) -> None:
        """Close the database connection."""
        with self._lock:
            self._db.close()

    # ---- documents -------------------------------------------------------------------
    def begin_document(self, doc: Document) -> None:
        """Record a document as pending (committed at once, so recovery can find it)."""
        with self._lock:
            self._db.execute(
                f"INSERT OR REPLACE INTO documents ({DOC_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (doc.doc_id, doc.title, doc.source, doc.pages, doc.kind, "pending", 0,
                 doc.added_at, doc.markdown_path, doc.origin, doc.original, doc.size_bytes),
            )

    def commit_document(
        self,
        doc: Document,
        sections: Iterable[Section],
        chunks: Sequence[Chunk],
        edges: Iterable[Edge],
        keywords: Iterable[tuple[str, str]],
        replaces: Sequence[str] = (),
        edge_rows: Sequence[tuple] = (),
        geometry: DocGeometry | None = None,
    ) -> None:
        """Store a document's rows (and its page geometry) and mark it ready, all in one transaction.

        The rows of the documents in `replaces` are deleted in the same transaction: an
        older version (its document row too), or this document's previous rows (re-index),
        so readers see the old version or the new one, never neither. `edge_rows` are
        saved catalog edge rows put back as they were (undo of a removal); those whose far
        end is no longer in the library are left out.
        """
        chunk_doc = {c.chunk_id: c.doc_id for c in chunks}
        edges = list(edges)
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            for old in replaces:
                self._delete_rows(old, keep_document=old == doc.doc_id)
            self._db.executemany(
                "INSERT OR REPLACE INTO sections VALUES (?,?,?,?,?,?,?)",
                [(s.section_id, s.doc_id, json.dumps(s.heading_path), s.level, s.page_start,
                  s.page_end, s.parent_id) for s in sections],
            )
            self._db.executemany(
                f"INSERT OR REPLACE INTO chunks ({CHUNK_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                [(c.chunk_id, c.doc_id, c.doc_title, c.text, c.embed_text, c.kind,
                  json.dumps(c.heading_path), c.page_start, c.page_end, c.section_id, c.position,
                  c.source_id) for c in chunks],
            )
            chunk_doc.update(self._docs_of_nodes(edges, chunk_doc))  # as stored now: old versions gone
            self._db.executemany(
                "INSERT INTO edges VALUES (?,?,?,?,?,?,?)",
                [(e.source, e.target, e.kind, e.weight, e.label, doc.doc_id,
                  self._other_doc(e, doc.doc_id, chunk_doc)) for e in edges],
            )
            self._db.executemany(
                "INSERT INTO keywords VALUES (?,?,?)",
                [(cid, kw, chunk_doc.get(cid, doc.doc_id)) for cid, kw in keywords],
            )
            if edge_rows:  # a restore: every ready document read, not on each add
                ready = {r[0] for r in self._db.execute("SELECT doc_id FROM documents WHERE status='ready'")}
                self._db.executemany(
                    "INSERT INTO edges VALUES (?,?,?,?,?,?,?)",
                    [tuple(r) for r in edge_rows if {r[5], r[6]} <= ready | {doc.doc_id}],
                )
            if geometry is not None:
                self._write_geometry(doc.doc_id, geometry)
            self._db.execute(
                "UPDATE documents SET status='ready', chunks=?, title=?, pages=?, markdown_path=?, origin=? "
                "WHERE doc_id=?",
                (len(chunks), doc.title, doc.pages, doc.markdown_path, doc.origin, doc.doc_id),
            )
            self._bump_generation()
        self._chunk_cache.clear()

    def _docs_of_nodes(self, edges: Sequence[Edge], known: dict[str, str]) -> dict[str, str]:
        """The document of every chunk an edge touches that `known` lacks, read in batches
        (one query per chunk made a commit cost grow with its edges: a folder's later
        documents carry thousands of keyword edges each)."""
        nodes = {n for e in edges for n in (e.source, e.target)
                 if n not in known and not n.startswith(("page:", "section:"))}
        rows = self._rows_in("SELECT chunk_id, doc_id FROM chunks WHERE chunk_id IN ({marks})", sorted(nodes))
        return dict(rows)

    def _other_doc(self, edge: Edge, doc_id: str, chunk_doc: dict[str, str]) -> str:
        """The document at the far end of an edge, so removing it also removes the edge
        (`chunk_doc`: the document of every chunk the edges touch, see `_docs_of_nodes`)."""
        for node in (edge.source, edge.target):
            other = chunk_doc.get(node)
            if other is not None and other != doc_id:
                return other
        return doc_id

    def set_status(self, doc_id: str, status: str) -> None:
        """Set a document's status ('pending' before a removal makes it recoverable)."""
        with self._lock:
            self._db.execute("UPDATE documents SET status=? WHERE doc_id=?", (status, doc_id))
        self._bump_generation()

    def remove_document(self, doc_id: str) -> None:
        """Delete a document and its sections, chunks, keywords and every edge touching it."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._delete_rows(doc_id)
            self._bump_generation()
        self._chunk_cache.clear()

    def _delete_rows(self, doc_id: str, *, keep_document: bool = False) -> None:
        """Inside a transaction: delete a document's rows (all but its document row if asked)."""
        for table in ("sections", "chunks", "keywords"):
            self._db.execute(f"DELETE FROM {table} WHERE doc_id=?", (doc_id,))
        self._db.execute("DELETE FROM edges WHERE doc_id=? OR other_doc=?", (doc_id, doc_id))
        if not keep_document:  # a re-index writes its geometry anew, or keeps the old one
            self._delete_geometry(doc_id)
            self._db.execute("DELETE FROM documents WHERE doc_id=?", (doc_id,))

    def set_origin(self, doc_id: str, origin: str) -> None:
        """Record where a document came from (fills in documents added before origins were kept)."""
        with self._lock:
            self._db.execute("UPDATE documents SET origin=? WHERE doc_id=?", (origin, doc_id))

    def documents_from(self, origin: str) -> list[Document]:
        """Ready file documents (any format) that came from `origin` (a path, or 'upload:<name>')."""
        with self._lock:
            rows = self._db.execute(f"SELECT {DOC_COLUMNS} FROM documents WHERE origin=? AND kind!='corpus' "
                                    "AND status='ready' ORDER BY added_at", (origin,)).fetchall()
        return [document_from_row(r) for r in rows]

    def documents(self, *, include_pending: bool = False) -> list[Document]:
        """All documents, oldest first."""
        sql = f"SELECT {DOC_COLUMNS} FROM documents" + ("" if include_pending else " WHERE status='ready'")
        with self._lock:
            rows = self._db.execute(sql + " ORDER BY added_at, title").fetchall()
        return [document_from_row(r) for r in rows]

    def document(self, doc_id: str) -> Document | None:
        """One document by exact id, or None."""
        with self._lock:
            row = self._db.execute(f"SELECT {DOC_COLUMNS} FROM documents WHERE doc_id=?", (doc_id,)).fetchone()
        return document_from_row(row) if row else None

    def pending_documents(self) -> list[Document]:
        """Documents whose ingestion never finished (to be cleaned up)."""
        with self._lock:
            rows = self._db.execute(f"SELECT {DOC_COLUMNS} FROM documents WHERE status='pending'").fetchall()
        return [document_from_row(r) for r in rows]

    # ---- chunks ----------------------------------------------------------------------
    def chunk(self, chunk_id: str) -> Chunk | None:
        """One chunk by id, or None."""
        found = self.chunks([chunk_id])
        return found[0] if found else None

    def chunks(self, chunk_ids: Sequence[str]) -> list[Chunk]:
        """Chunks for the ids that exist, in the order given."""
        cache = self._chunk_cache  # another thread may clear it meanwhile: read each id once
        found = {c: cache.get(c) for c in dict.fromkeys(chunk_ids)}
        missing = [c for c, chunk in found.items() if chunk is None]
        for row in self._rows_in(f"SELECT {CHUNK_COLUMNS} FROM chunks WHERE chunk_id IN ({{marks}})", missing):
            found[row[0]] = cache[row[0]] = chunk_from_row(row)
        return [found[c] for c in chunk_ids if found[c] is not None]

    def doc_chunks(self, doc_id: str) -> list[Chunk]:
        """A document's chunks in reading order."""
        with self._lock:
            rows = self._db.execute(
                f"SELECT {CHUNK_COLUMNS} FROM chunks WHERE doc_id=? ORDER BY position", (doc_id,)
            ).fetchall()
        return [chunk_from_row(r) for r in rows]

    def all_chunks(self) -> list[Chunk]:
        """Every chunk of ready documents, grouped by document in reading order."""
        with self._lock:
            rows = self._db.execute(
                f"SELECT {CHUNK_COLUMNS} FROM chunks WHERE doc_id IN "
                "(SELECT doc_id FROM documents WHERE status='ready') ORDER BY doc_id, position"
            ).fetchall()
        return [chunk_from_row(r) for r in rows]

    def chunk_ids_by_source(self, source_ids: Sequence[str]) -> dict[str, str]:
        """Map external passage ids (corpus ids) to chunk ids."""
        rows = self._rows_in("SELECT source_id, chunk_id FROM chunks WHERE source_id IN ({marks})", source_ids)
        return dict(rows)

    def chunk_ids_of(self, doc_ids: Sequence[str]) -> list[str]:
        """Chunk ids of the given documents (a scope's chunks)."""
        return [r[0] for r in self._rows_in("SELECT chunk_id FROM chunks WHERE doc_id IN ({marks})", doc_ids)]

    def chunk_count(self) -> int:
        """Number of chunks stored (the vector store also holds table rows: not chunks)."""
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]

    def table_chunks_of(self, doc_ids: Sequence[str]) -> list[Chunk]:
        """Table chunks of the given documents, by document in reading order (their rows'
        store entries are listed from them: core/index/row_entries.py)."""
        rows = self._rows_in(f"SELECT {CHUNK_COLUMNS} FROM chunks WHERE kind='table' AND doc_id IN ({{marks}})", doc_ids)
        return sorted(map(chunk_from_row, rows), key=lambda c: (c.doc_id, c.position))

    def ready_doc_ids(self, doc_ids: Sequence[str]) -> set[str]:
        """Which of the given ids are ready documents (a scope named by ids, without a scan)."""
        sql = "SELECT doc_id FROM documents WHERE status='ready' AND doc_id IN ({marks})"
        return {r[0] for r in self._rows_in(sql, list(doc_ids))}

    def sections(self, doc_id: str) -> list[Section]:
        """A document's section tree, in insertion order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT section_id, doc_id, heading_path, level, page_start, page_end, parent_id "
                "FROM sections WHERE doc_id=? ORDER BY rowid", (doc_id,)
            ).fetchall()
        return [Section(r[0], r[1], tuple(json.loads(r[2])), r[3], r[4], r[5], r[6]) for r in rows]

    # ---- bookkeeping -----------------------------------------------------------------
    def stats(self) -> dict[str, int]:
        """Counts of documents, chunks and edges by kind."""
        with self._lock:
            docs = self._db.execute("SELECT COUNT(*) FROM documents WHERE status='ready'").fetchone()[0]
            chunks = self._db.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
            kinds = dict(self._db.execute("SELECT kind, COUNT(*) FROM edges GROUP BY kind").fetchall())
        return {"documents": docs, "chunks": chunks, **{f"edges_{k}": v for k, v in kinds.items()}}

