"""Writing one document into every store so that readers see the old version or the new one.

The catalog is the source of truth: a document is visible when its rows are committed
`ready`. Adding: it is recorded `pending`, its vectors and postings are written, then its
rows and edges are committed in one transaction. Replacing (a changed file from the same
path, or a re-index of the same document): the new version's vectors and postings are
written beside the old ones, then ONE transaction deletes the old rows and commits the new,
and only then are the old vectors and postings deleted. A crash (even kill -9) at any
point leaves the old version or the new one; `reconcile` deletes what was left over:
pending documents, vectors and postings of no ready document, and, for a re-index cut
short (marked in the catalog's meta table), the chunks of the version that lost.

A mixin of `core.ingest.pipeline.Indexer`: it uses the indexer's catalog, stores, keyword
extractor, graph builder, trash and the `writing`/`mutating` locks of `core.library.live`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from core.index.row_entries import row_entries
from core.index.staged import CatalogBeside, VectorsBeside
from core.ingest.progress import ProgressEvent, StageClock, no_progress
from core.library.trash import Removed
from core.types import Chunk, DocGeometry, Document, Section

SWITCHING = "switching"  # meta key: ids of documents whose re-index is in flight


def full_text_of(chunk: Chunk) -> str:
    """Text given to the full-text index: heading path plus the whole chunk (table cells too)."""
    return " > ".join(chunk.heading_path) + "\n" + chunk.text


def text_entries(chunks: Sequence[Chunk]) -> tuple[list[str], list[str], list[str]]:
    """(ids, texts, doc ids) of what the full-text index holds for these chunks: each chunk,
    then each table row as its own entry (core/index/row_entries.py)."""
    rows = row_entries(chunks)
    return ([c.chunk_id for c in chunks] + [r[0] for r in rows], [full_text_of(c) for c in chunks] + [r[1] for r in rows],
            [c.doc_id for c in chunks] + [r[2] for r in rows])


@dataclass(frozen=True)
class Committed:
    """What `index_document` did: the document as stored, the versions it replaced (now in
    the trash), or `duplicate` when the same content was already in the library."""

    doc: Document
    replaced: tuple[Document, ...] = ()
    duplicate: bool = False


class StoreWriter:
    """Atomic per-document writes, removal and crash repair over every store."""

    def index_document(self, doc: Document, sections: Sequence[Section], chunks: Sequence[Chunk],
                       embeddings: np.ndarray, progress=None, clock=None,
                       chunk_keywords: list[list[str]] | None = None, *, reindex: bool = False,
                       edge_rows: Sequence[tuple] | None = None,
                       geometry: DocGeometry | None = None) -> Committed:
        """Add one document to every store; it becomes visible only when all of it is in.

        A PDF replaces the ready documents that came from the same `origin`; `reindex`
        replaces the document's own previous chunks. `chunk_keywords` may be given when
        keywords were extracted for a whole batch; `edge_rows` are saved catalog edges to
        put back instead of computing edges (restore from the trash); `geometry` (page labels,
        chunk boxes) is committed in the same transaction.
        """
        progress, clock, chunks = progress or no_progress, clock or StageClock(), list(chunks)
        embeddings = self.with_row_vectors(chunks, embeddings)
        clock.lap("rows")
        if chunk_keywords is None:
            progress(ProgressEvent(doc.source, "keywords", 0, 1))
            chunk_keywords = self.keywords.extract_chunks(chunks) if chunks else []
            clock.lap("keywords")
        with self.writing():
            current = self.catalog.document(doc.doc_id)
            if current is not None and current.status == "ready" and not reindex:
                return Committed(current, duplicate=True)  # added meanwhile by another writer
            old = [current] if reindex and current else self._same_origin(doc)
            try:
                return self._commit(doc, sections, chunks, embeddings, chunk_keywords, old, edge_rows,
                                    progress, clock, reindex, geometry)
            except BaseException:
                self._undo(doc, reindex, old)
                raise

    def with_row_vectors(self, chunks: Sequence[Chunk], embeddings: np.ndarray) -> np.ndarray:
        """The chunks' vectors followed by their table rows' (`row_entries` order): given
        whole (a restore from the trash), or the rows embedded here, before any lock."""
        rows = row_entries(chunks)
        embeddings = np.asarray(embeddings, dtype=np.float32)
        if len(embeddings) == len(chunks) + len(rows):
            return embeddings
        if len(embeddings) != len(chunks):
            raise ValueError(f"{len(embeddings)} vectors for {len(chunks)} chunks and {len(rows)} table rows")
        if not rows:
            return embeddings
        from core.index.embedder import embed_sorted
        vecs = embed_sorted(self.embedder, [r[1] for r in rows], self.settings.embed.batch_size)
        return np.vstack([embeddings.reshape(len(chunks), -1), np.asarray(vecs, dtype=np.float32)])

    def _same_origin(self, doc: Document) -> list[Document]:
        """Older versions this file replaces: ready documents from the same path (or upload name)."""
        if doc.kind == "corpus" or not doc.origin:
            return []
        return [d for d in self.catalog.documents_from(doc.origin) if d.doc_id != doc.doc_id]

    def _commit(self, doc, sections, chunks, embeddings, chunk_keywords, old, edge_rows, progress, clock,
                reindex, geometry=None) -> Committed:
        ids, old_ids = [c.chunk_id for c in chunks], [d.doc_id for d in old]
        entries = text_entries(chunks)  # chunks, then table rows
        if reindex:
            self.catalog.set_meta(SWITCHING, json.dumps([doc.doc_id]))
        else:
            self.catalog.begin_document(doc)
        progress(ProgressEvent(doc.source, "graph", 0, 1))
        edges = []
        if edge_rows is None and chunks:
            edges = self.graph_builder.edges_for_document(
                chunks, embeddings, chunk_keywords, list(sections), CatalogBeside(self.catalog, old_ids),
                VectorsBeside(self.vectors, ids, embeddings[:len(ids)], old_ids, sum(d.chunks for d in old),
                              stored_chunks=self.catalog.chunk_count()))
        clock.lap("graph")
        progress(ProgressEvent(doc.source, "graph", 1, 1))
        progress(ProgressEvent(doc.source, "index", 0, 2))
        for gone in old:
            if gone.doc_id != doc.doc_id:
                self.trash.save(self.snapshot(gone))  # replaced, not lost: restorable from the trash
        with self.mutating():
            if chunks:
                self.vectors.upsert(entries[0], embeddings, entries[2])
                self.text.add(*entries)
            pairs = [(c.chunk_id, kw) for c, kws in zip(chunks, chunk_keywords) for kw in kws]
            self.catalog.commit_document(doc, sections, chunks, edges, pairs, replaces=old_ids,
                                         edge_rows=edge_rows or (), geometry=geometry)
            self._drop_old(doc, old, chunks)
        progress(ProgressEvent(doc.source, "index", 2, 2))
        clock.lap("index")
        return Committed(self.catalog.document(doc.doc_id) or doc,
                         tuple(d for d in old if d.doc_id != doc.doc_id))

    def _drop_old(self, doc: Document, old: Sequence[Document], chunks: Sequence[Chunk]) -> None:
        """After the switch: delete the replaced versions' vectors and postings."""
        for gone in old:
            if gone.doc_id == doc.doc_id:  # re-index: chunks the new version does not have
                self._repair(doc.doc_id, chunks)
                self.catalog.set_meta(SWITCHING, "")
            else:
                self.vectors.delete_doc(gone.doc_id)
                self.text.delete_doc(gone.doc_id)

    def _repair(self, doc_id: str, chunks: Sequence[Chunk]) -> None:
        """Make a ready document's vectors and postings exactly its catalog chunks."""
        entries = text_entries(chunks)
        self.vectors.delete_ids(sorted(self.vectors.ids(doc_id) - set(entries[0])))
        self.text.delete_doc(doc_id)
        if chunks:
            self.text.add(*entries)
        self.text.flush()

    def _undo(self, doc: Document, reindex: bool, old: Sequence[Document]) -> None:
        """An error mid-way (not a crash): put the stores back as the catalog says."""
        for gone in old:
            if gone.doc_id != doc.doc_id and self.catalog.document(gone.doc_id) is not None:
                self.trash.discard(gone.doc_id, files=False)  # it was not replaced after all
        with self.mutating():
            current = self.catalog.document(doc.doc_id)
            if reindex and current is not None and current.status == "ready":
                self._repair(doc.doc_id, self.catalog.doc_chunks(doc.doc_id))
                self.catalog.set_meta(SWITCHING, "")
            elif current is not None and current.status == "pending":
                self.remove_document(doc.doc_id)

    def snapshot(self, doc: Document) -> Removed:
        """Everything needed to put a document back later (for the trash)."""
        chunks = self.catalog.doc_chunks(doc.doc_id)
        ids = [c.chunk_id for c in chunks]
        held = self.catalog.chunk_keywords(ids)
        try:  # the rows' vectors too, so a restore embeds nothing
            vectors = self.vectors.get(text_entries(chunks)[0])
        except KeyError:  # indexed before rows were stored: a restore embeds them
            vectors = self.vectors.get(ids)
        return Removed(doc, tuple(self.catalog.sections(doc.doc_id)), tuple(chunks),
                       tuple(tuple(held.get(i, ())) for i in ids), vectors,
                       tuple(self.catalog.edge_rows(doc.doc_id)), self.catalog.geometry(doc.doc_id))

    def remove_document(self, doc_id: str) -> None:
        """Delete a document from every store; recoverable if interrupted (marked pending first)."""
        with self.writing(), self.mutating():
            self.catalog.set_status(doc_id, "pending")
            self.vectors.delete_doc(doc_id)
            self.text.delete_doc(doc_id)
            self.text.flush()
            self.catalog.remove_document(doc_id)

    def reconcile(self) -> list[str]:
        """Bring every store in line with the catalog after a crash; returns what was repaired.
        Call it holding the write lock."""
        repaired: list[str] = []
        for doc_id in json.loads(self.catalog.meta(SWITCHING) or "[]"):
            doc = self.catalog.document(doc_id)
            if doc is not None and doc.status == "ready":
                self._repair(doc_id, self.catalog.doc_chunks(doc_id))
                repaired.append(f"finished the interrupted re-index of {doc.source}")
        self.catalog.set_meta(SWITCHING, "")
        for doc in self.catalog.pending_documents():
            self.vectors.delete_doc(doc.doc_id)
            self.text.delete_doc(doc.doc_id)
            self.catalog.remove_document(doc.doc_id)
            repaired.append(f"removed unfinished document {doc.source}")
        ready = {d.doc_id for d in self.catalog.documents()}
        for stray in self.vectors.doc_ids() - ready:
            self.vectors.delete_doc(stray)
            repaired.append(f"removed orphan vectors of {stray}")
        text_docs = self.text.doc_ids()
        for stray in text_docs - ready:
            self.text.delete_doc(stray)
        for missing in ready - text_docs:
            chunks = self.catalog.doc_chunks(missing)
            if chunks:
                self.text.add(*text_entries(chunks))
                repaired.append(f"re-indexed full text of {missing}")
        for doc in self.trash.documents():
            if doc.doc_id in ready:  # saved for a removal or replacement that never happened
                self.trash.discard(doc.doc_id, files=False)
        self.text.flush()
        return repaired
