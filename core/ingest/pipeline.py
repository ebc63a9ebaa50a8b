"""Atomic per-document indexing: chunks -> embeddings -> vectors, full text, graph, catalog.

A document is recorded `pending` first, then written to the vector and full-text stores,
then its chunks, graph edges and keywords are committed with the `ready` mark in one SQLite
transaction. `reconcile` repairs the stores after a crash (see core/index/catalog.py).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Mapping, Sequence

import numpy as np

from core.config import Settings
from core.index.base import Embedder, TextIndex, VectorIndex
from core.index.catalog import Catalog
from core.errors import IngestError
from core.ingest.files import Status, file_sha256
from core.types import Chunk, DocGeometry, Document, Section


@dataclass(frozen=True)
class ProgressEvent:
    """One progress tick: `stage` of `file`, `done` of `total` units (pages, chunks...)."""

    file: str
    stage: str  # check | parse | format | chunk | embed | index | graph | done | error
    done: int
    total: int
    message: str = ""


ProgressFn = Callable[[ProgressEvent], None]


def utc_now() -> str:
    """The current UTC time, to the second, in ISO 8601."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


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
                 vectors: VectorIndex, text: TextIndex, keywords: object, graph_builder: object,
                 formatter: object = None):
        """`formatter` (a `core.ingest.llm_format.LLMMarkdownFormatter`) writes the Markdown
        of PDFs when given; otherwise the rule-based parser's Markdown is used."""
        self.settings = settings
        self.formatter = formatter
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
        progress(ProgressEvent(file, "embed", 0, len(chunks)))  # the first batch may wait for the model
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
                       chunk_keywords: list[list[str]] | None = None,
                       geometry: DocGeometry | None = None) -> Document:
        """Add one document to every store; it becomes visible only when all of it is in.

        `chunk_keywords` may be given when keywords were extracted for a whole batch at once;
        `geometry` (page labels, chunk boxes) is committed in the same transaction.
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
        self.catalog.commit_document(doc, sections, chunks, edges, pairs, geometry)
        progress(ProgressEvent(doc.source, "graph", 1, 1))
        clock.lap("graph")
        return self.catalog.document(doc.doc_id) or doc

    def add_pdf(self, path: Path, progress: ProgressFn, source: str
                ) -> tuple[Document, Status, StageClock, tuple[str, ...]]:
        """Check, parse, chunk, embed and index one PDF recorded under the name `source`;
        an unchanged file is a duplicate, a changed file with the same name replaces the old one.
        Also returns notes for the file's summary line (pages without text, LLM fallbacks).
        Raises IngestError with a one-line reason for bad input."""
        from core.ingest.chunking import chunk_markdown
        from core.ingest.pdf import check_pdf, pdf_to_markdown

        clock = StageClock()
        name = str(path)
        progress(ProgressEvent(name, "check", 0, 1))
        check_pdf(path, self.settings.max_file_mb)
        doc_id = file_sha256(path)[:16]
        existing = self.catalog.document(doc_id)
        if existing and existing.status == "ready":
            from core.evidence.ingest import backfill  # a library built before originals were kept
            return backfill(self.catalog, self.settings.data_dir, existing, path), "duplicate", clock, ()
        previous = [d for d in self.catalog.documents() if d.kind == "pdf" and d.source == source]
        assets = self.settings.data_dir / "assets" / doc_id
        try:
            parsed = pdf_to_markdown(
                path, assets, on_page=lambda i, n: progress(ProgressEvent(name, "parse", i, n))
            )
        except IngestError:
            raise
        except Exception as exc:  # a parser crash on one bad file must not stop the batch
            raise IngestError(name, f"could not parse ({type(exc).__name__}: {exc})") from exc
        clock.lap("parse")
        notes = list(parse_notes(parsed.warnings))
        markdown = parsed.markdown
        if self.formatter is not None:
            markdown, fallback_note = self._llm_markdown(path, progress)
            notes += [fallback_note] if fallback_note else []
        md_path = self.settings.data_dir / "markdown" / f"{doc_id}.md"
        md_path.parent.mkdir(parents=True, exist_ok=True)
        md_path.write_text(markdown, "utf-8")
        sections, chunks = chunk_markdown(doc_id, parsed.title, markdown, self.settings.chunking)
        if not chunks:
            raise IngestError(name, "no text could be extracted")
        progress(ProgressEvent(name, "chunk", len(chunks), len(chunks)))
        clock.lap("chunk")
        from core.evidence.ingest import keep_evidence
        slack = self.settings.markdown.window if self.formatter is not None else 0
        evidence = keep_evidence(self.settings.data_dir, path, parsed, sections, chunks, slack)
        clock.lap("boxes")
        embeddings = self.embed_chunks(chunks, name, progress)
        clock.lap("embed")
        doc = Document(doc_id=doc_id, title=parsed.title, source=source, pages=parsed.pages,
                       kind="pdf", status="pending", added_at=utc_now(), markdown_path=str(md_path),
                       original=evidence.original, size_bytes=evidence.size_bytes)
        doc = self.index_document(doc, sections, chunks, embeddings, progress, clock, geometry=evidence.geometry)
        for old in previous:  # a changed file replaces its older version
            self.remove_document(old.doc_id)
        from core.evidence.originals import OriginalStore
        OriginalStore(self.settings.data_dir).release(
            [o.original for o in previous], [d.original for d in self.catalog.documents(include_pending=True)])
        return doc, ("replaced" if previous else "added"), clock, tuple(notes)

    def _llm_markdown(self, path: Path, progress: ProgressFn) -> tuple[str, str]:
        """Markdown written by the LLM formatter, a window of pages per call (stage "format"),
        and a note when some windows came back empty (their page text is kept instead)."""
        from core.ingest.llm_format import levels_from_numbering, pdf_page_texts

        name = str(path)
        formatted = self.formatter.format(
            pdf_page_texts(path), on_window=lambda i, n: progress(ProgressEvent(name, "format", i, n)))
        note = (f"{len(formatted.fallbacks)} of {len(formatted.windows)} LLM windows came back empty; "
                "their page text was kept as it is") if formatted.fallbacks else ""
        return levels_from_numbering(formatted.markdown), note

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


def parse_notes(warnings: Sequence[str], most: int = 3) -> list[str]:
    """The parser's warnings for a summary line, at most `most` of them and a count of the rest."""
    shown = list(warnings[:most])
    return shown + ([f"and {len(warnings) - most} more such pages"] if len(warnings) > most else [])


def stage_summary(seconds: Mapping[str, float]) -> str:
    """'parse 1.2s, embed 3.4s, ...' for one-line file summaries."""
    return ", ".join(f"{k} {v:.1f}s" for k, v in seconds.items())
