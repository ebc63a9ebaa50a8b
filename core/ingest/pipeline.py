"""Atomic per-document indexing: chunks -> embeddings -> vectors, full text, graph, catalog.

A document is recorded `pending` first, then written to the vector and full-text stores,
then its chunks, graph edges and keywords are committed with the `ready` mark in one SQLite
transaction. `reconcile` repairs the stores after a crash (see core/index/catalog.py).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

import numpy as np

from core.config import Settings
from core.index.base import Embedder, TextIndex, VectorIndex
from core.index.catalog import Catalog
from core.types import Chunk, Document, Section


@dataclass(frozen=True)
class ProgressEvent:
    """One progress tick: `stage` of `file`, `done` of `total` units (pages, chunks...)."""

    file: str
    stage: str  # check | parse | chunk | embed | index | graph | done | error
    done: int
    total: int
    message: str = ""


ProgressFn = Callable[[ProgressEvent], None]


def no_progress(_: ProgressEvent) -> None:
    """Progress sink that ignores every event."""


@dataclass
class StageClock:
    """Collects seconds spent per stage for one document."""

    seconds: dict[str, float] = field(default_factory=dict)
    _start: float = field(default_factory=time.perf_counter)

    def lap(self, stage: str) -> None:
        """Charge the time since the previous lap to `stage`."""
        now = time.perf_counter()
        self.seconds[stage] = self.seconds.get(stage, 0.0) + now - self._start
        self._start = now


def full_text_of(chunk: Chunk) -> str:
    """Text given to the full-text index: heading path plus the whole chunk (table cells too)."""
    return " > ".join(chunk.heading_path) + "\n" + chunk.text


class Indexer:
    """Writes documents into every store, one atomic document at a time."""

    def __init__(self, settings: Settings, catalog: Catalog, embedder: Embedder,
                 vectors: VectorIndex, text: TextIndex, keywords: object, graph_builder: object):
        self.settings = settings
        self.catalog = catalog
        self.embedder = embedder
        self.vectors = vectors
        self.text = text
        self.keywords = keywords
        self.graph_builder = graph_builder

    def embed_chunks(self, chunks: Sequence[Chunk], file: str, progress: ProgressFn) -> np.ndarray:
        """Embed chunks in batches, reporting progress per batch."""
        batch = max(1, self.settings.embed.batch_size)
        parts: list[np.ndarray] = []
        for start in range(0, len(chunks), batch):
            texts = [c.embed_text for c in chunks[start:start + batch]]
            parts.append(np.asarray(self.embedder.embed(texts), dtype=np.float32))
            progress(ProgressEvent(file, "embed", min(start + batch, len(chunks)), len(chunks)))
        if not parts:
            return np.zeros((0, self.embedder.dim), dtype=np.float32)
        return np.vstack(parts)

    def index_document(self, doc: Document, sections: Sequence[Section], chunks: Sequence[Chunk],
                       embeddings: np.ndarray, progress: ProgressFn = no_progress,
                       clock: StageClock | None = None,
                       chunk_keywords: list[list[str]] | None = None) -> Document:
        """Add one document to every store; it becomes visible only when all of it is in.

        `chunk_keywords` may be given when keywords were extracted for a whole batch at once.
        """
        clock = clock or StageClock()
        self.catalog.begin_document(doc)
        ids = [c.chunk_id for c in chunks]
        doc_ids = [doc.doc_id] * len(chunks)
        progress(ProgressEvent(doc.source, "index", 0, 2))
        if chunks:
            self.vectors.upsert(ids, embeddings, doc_ids)
            self.text.add(ids, [full_text_of(c) for c in chunks], doc_ids)
        progress(ProgressEvent(doc.source, "index", 2, 2))
        clock.lap("index")
        progress(ProgressEvent(doc.source, "graph", 0, 1))
        if chunk_keywords is None:
            chunk_keywords = self.keywords.extract_chunks(list(chunks)) if chunks else []
        edges = self.graph_builder.edges_for_document(
            list(chunks), embeddings, chunk_keywords, list(sections), self.catalog, self.vectors
        ) if chunks else []
        pairs = [(c.chunk_id, kw) for c, kws in zip(chunks, chunk_keywords) for kw in kws]
        self.catalog.commit_document(doc, sections, chunks, edges, pairs)
        progress(ProgressEvent(doc.source, "graph", 1, 1))
        clock.lap("graph")
        return self.catalog.document(doc.doc_id) or doc

    def remove_document(self, doc_id: str) -> None:
        """Delete a document from every store; recoverable if interrupted (marked pending first)."""
        self.catalog.set_status(doc_id, "pending")
        self.vectors.delete_doc(doc_id)
        self.text.delete_doc(doc_id)
        self.text.flush()
        self.catalog.remove_document(doc_id)

    def reconcile(self) -> list[str]:
        """Bring every store in line with the catalog after a crash; returns what was repaired."""
        repaired: list[str] = []
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
                self.text.add([c.chunk_id for c in chunks], [full_text_of(c) for c in chunks],
                              [missing] * len(chunks))
                repaired.append(f"re-indexed full text of {missing}")
        self.text.flush()
        return repaired


def stage_summary(seconds: Mapping[str, float]) -> str:
    """'parse 1.2s, embed 3.4s, ...' for one-line file summaries."""
    return ", ".join(f"{k} {v:.1f}s" for k, v in seconds.items())
