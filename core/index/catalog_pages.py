"""The catalog's page tables: page labels and sizes, chunk boxes, printed section numbers,
and the columns of the kept original PDF.

A mixin of `core.index.catalog.Catalog`, kept apart so each file stays short; it uses the
catalog's connection (`_db`) and lock (`_lock`). Geometry is written inside the catalog's
document transaction (`commit_document`), so a document is never ready without it, and
deleted with the document.

Example:
    >>> # catalog.page_infos(doc_id)[16].label  -> '17'
    >>> # catalog.boxes(chunk_id)                -> [ChunkBox(chunk_id, 21, 72.0, 140.3, ...)]
"""
from __future__ import annotations

from typing import Sequence

from core.types import ChunkBox, DocGeometry, PageInfo

_PAGES_SCHEMA = """
CREATE TABLE IF NOT EXISTS doc_pages (
  doc_id TEXT, page INTEGER, label TEXT, width REAL, height REAL, ocr_confidence REAL,
  PRIMARY KEY (doc_id, page));
CREATE INDEX IF NOT EXISTS doc_pages_label ON doc_pages(label);
CREATE TABLE IF NOT EXISTS chunk_boxes (
  chunk_id TEXT, doc_id TEXT, page INTEGER, x0 REAL, y0 REAL, x1 REAL, y1 REAL);
CREATE INDEX IF NOT EXISTS chunk_boxes_chunk ON chunk_boxes(chunk_id);
CREATE INDEX IF NOT EXISTS chunk_boxes_doc ON chunk_boxes(doc_id);
CREATE TABLE IF NOT EXISTS section_numbers (section_id TEXT PRIMARY KEY, doc_id TEXT, number TEXT);
CREATE INDEX IF NOT EXISTS section_numbers_doc ON section_numbers(doc_id);
"""
# Columns added to `documents` after the first release: a catalog built before gets them
# on open (ALTER TABLE), with values meaning "original not kept".
DOCUMENT_COLUMNS = {"original": "TEXT DEFAULT ''", "size_bytes": "INTEGER DEFAULT 0"}
GEOMETRY_TABLES = ("doc_pages", "chunk_boxes", "section_numbers")


class PageTables:
    """Page labels, chunk boxes and section numbers in the catalog."""

    def _init_pages(self) -> None:
        """Create the page tables and add the original-file columns to an older catalog."""
        with self._lock:
            self._db.executescript(_PAGES_SCHEMA)
            have = {row[1] for row in self._db.execute("PRAGMA table_info(documents)")}
            for name, kind in DOCUMENT_COLUMNS.items():
                if name not in have:
                    self._db.execute(f"ALTER TABLE documents ADD COLUMN {name} {kind}")

    def _write_geometry(self, doc_id: str, geometry: DocGeometry) -> None:
        """Replace a document's geometry rows; the caller holds the lock and a transaction."""
        self._delete_geometry(doc_id)
        self._db.executemany(
            "INSERT OR REPLACE INTO doc_pages VALUES (?,?,?,?,?,?)",
            [(doc_id, p.page, p.label, p.width, p.height, p.ocr_confidence) for p in geometry.pages])
        self._db.executemany(
            "INSERT INTO chunk_boxes VALUES (?,?,?,?,?,?,?)",
            [(b.chunk_id, doc_id, b.page, b.x0, b.y0, b.x1, b.y1) for b in geometry.boxes])
        self._db.executemany(
            "INSERT OR REPLACE INTO section_numbers VALUES (?,?,?)",
            [(sid, doc_id, number) for sid, number in geometry.section_numbers.items()])

    def _delete_geometry(self, doc_id: str) -> None:
        """Delete a document's geometry rows; the caller holds the lock and a transaction."""
        for table in GEOMETRY_TABLES:
            self._db.execute(f"DELETE FROM {table} WHERE doc_id=?", (doc_id,))

    def attach_original(self, doc_id: str, original: str, size_bytes: int,
                        geometry: DocGeometry | None = None) -> None:
        """Record a kept original (and its geometry) for a document added before they were kept."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("UPDATE documents SET original=?, size_bytes=? WHERE doc_id=?",
                             (original, size_bytes, doc_id))
            if geometry is not None:
                self._write_geometry(doc_id, geometry)
        self._bump_generation()

    def page_infos(self, doc_id: str) -> list[PageInfo]:
        """A document's pages in order ([] for documents ingested before pages were kept)."""
        with self._lock:
            rows = self._db.execute("SELECT page, label, width, height, ocr_confidence FROM doc_pages "
                                    "WHERE doc_id=? ORDER BY page", (doc_id,)).fetchall()
        return [PageInfo(*r) for r in rows]

    def boxes(self, chunk_id: str) -> list[ChunkBox]:
        """The page rectangles of a chunk's text, by page then top to bottom."""
        with self._lock:
            rows = self._db.execute("SELECT chunk_id, page, x0, y0, x1, y1 FROM chunk_boxes WHERE chunk_id=? "
                                    "ORDER BY page, y0, x0", (chunk_id,)).fetchall()
        return [ChunkBox(*r) for r in rows]

    def section_numbers(self, doc_id: str | None = None) -> dict[str, str]:
        """Section id -> printed number ('3.2'), for one document or all of them."""
        sql, args = "SELECT section_id, number FROM section_numbers", ()
        if doc_id is not None:
            sql, args = sql + " WHERE doc_id=?", (doc_id,)
        with self._lock:
            return dict(self._db.execute(sql, args).fetchall())

    def pages_labelled(self, label: str, doc_ids: Sequence[str] = ()) -> list[tuple[str, int]]:
        """(doc id, physical page) of pages printed with `label` (case-insensitive)."""
        sql = "SELECT doc_id, page FROM doc_pages WHERE lower(label)=lower(?)"
        with self._lock:
            rows = self._db.execute(sql + " ORDER BY doc_id, page", (label,)).fetchall()
        return [r for r in rows if not doc_ids or r[0] in doc_ids]

    def labelled_documents(self) -> set[str]:
        """Ids of the documents whose pages (labels, sizes) are stored."""
        with self._lock:
            return {r[0] for r in self._db.execute("SELECT DISTINCT doc_id FROM doc_pages")}

    def chunk_ids_on_page(self, doc_id: str, page: int) -> list[str]:
        """Chunks whose page span covers a physical page, in reading order."""
        with self._lock:
            rows = self._db.execute("SELECT chunk_id FROM chunks WHERE doc_id=? AND page_start<=? AND page_end>=? "
                                    "ORDER BY position", (doc_id, page, page)).fetchall()
        return [r[0] for r in rows]

    def chunk_ids_of_sections(self, section_ids: Sequence[str]) -> list[str]:
        """Chunks of the given sections, in reading order."""
        rows = self._rows_in("SELECT chunk_id, doc_id, position FROM chunks WHERE section_id IN ({marks})",
                             list(section_ids))
        return [r[0] for r in sorted(rows, key=lambda r: (r[1], r[2]))]

    def chunks_containing(self, phrase: str, doc_ids: Sequence[str] = ()) -> list:
        """Chunks whose text contains `phrase` (ASCII case-insensitive), in reading order."""
        like = "%" + phrase.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        with self._lock:
            rows = self._db.execute("SELECT chunk_id, doc_id FROM chunks WHERE text LIKE ? ESCAPE '\\' "
                                    "ORDER BY doc_id, position", (like,)).fetchall()
        return self.chunks([r[0] for r in rows if not doc_ids or r[1] in doc_ids])

    def geometry(self, doc_id: str) -> DocGeometry:
        """Everything stored about a document's pages (kept in the trash with it)."""
        with self._lock:
            rows = self._db.execute("SELECT chunk_id, page, x0, y0, x1, y1 FROM chunk_boxes WHERE doc_id=? "
                                    "ORDER BY rowid", (doc_id,)).fetchall()
        return DocGeometry(tuple(self.page_infos(doc_id)), tuple(ChunkBox(*r) for r in rows),
                           self.section_numbers(doc_id))
