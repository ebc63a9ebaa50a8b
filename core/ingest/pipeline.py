"""Ingestion of one PDF: check, parse, chunk, embed, then an atomic write into every store.

Parsing and embedding run without any lock; only the write (`StoreWriter.index_document`
in core/ingest/store_writer.py: vectors, full text, graph edges and the catalog commit)
holds the data dir's write lock, so other processes' questions and removals go on meanwhile.
A file is identified by its content (sha256): the same bytes again are a duplicate; a
changed file replaces the older version only when it comes from the same origin (resolved
path, or `upload:<name>` for a browser upload), and the older version goes to the trash.
"""
from __future__ import annotations

import contextlib
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
from core.ingest.store_writer import StoreWriter, full_text_of
from core.types import Chunk, Document

__all__ = ["Indexer", "ProgressEvent", "ProgressFn", "StageClock", "full_text_of", "no_progress", "utc_now"]


@dataclass(frozen=True)
class ProgressEvent:
    """One progress tick: `stage` of `file`, `done` of `total` units (pages, chunks...)."""

    file: str
    stage: str  # check | parse | format | chunk | embed | keywords | graph | index | done | error
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


class Indexer(StoreWriter):
    """Writes documents into every store, one atomic document at a time."""

    def __init__(self, settings: Settings, catalog: Catalog, embedder: Embedder,
                 vectors: VectorIndex, text: TextIndex, keywords: object, graph_builder: object,
                 formatter: object = None, *, trash: object = None, writing=contextlib.nullcontext,
                 mutating=contextlib.nullcontext):
        """`formatter` (a `core.ingest.llm_format.LLMMarkdownFormatter`) writes the Markdown
        of PDFs when given; otherwise the rule-based parser's Markdown is used. `trash`
        keeps replaced versions; `writing` and `mutating` are the locks of `core.live`
        (the data dir's one writer, and this process's in-memory stores)."""
        self.settings = settings
        self.formatter = formatter
        self.catalog = catalog
        self.embedder = embedder
        self.vectors = vectors
        self.text = text
        self.keywords = keywords
        self.graph_builder = graph_builder
        self.trash = trash
        self.writing = writing
        self.mutating = mutating

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

    def add_pdf(self, path: Path, progress: ProgressFn, source: str, origin: str = ""
                ) -> tuple[Document, Status, StageClock, tuple[str, ...]]:
        """Check, parse, chunk, embed and index one PDF recorded under the name `source`;
        an unchanged file is a duplicate; a changed file from the same `origin` replaces
        the older version (which goes to the trash). Also returns notes for the file's
        summary line (pages without text, LLM fallbacks).
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
            if origin and not existing.origin:  # added before origins were kept: learn it now
                self.catalog.set_origin(doc_id, origin)
            return existing, "duplicate", clock, ()
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
        embeddings = self.embed_chunks(chunks, name, progress)
        clock.lap("embed")
        doc = Document(doc_id=doc_id, title=parsed.title, source=source, pages=parsed.pages, kind="pdf",
                       status="pending", added_at=utc_now(), markdown_path=str(md_path), origin=origin)
        done = self.index_document(doc, sections, chunks, embeddings, progress, clock)
        if done.duplicate:
            return done.doc, "duplicate", clock, ()
        return done.doc, ("replaced" if done.replaced else "added"), clock, tuple(notes)

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


def parse_notes(warnings: Sequence[str], most: int = 3) -> list[str]:
    """The parser's warnings for a summary line, at most `most` of them and a count of the rest."""
    shown = list(warnings[:most])
    return shown + ([f"and {len(warnings) - most} more such pages"] if len(warnings) > most else [])


def stage_summary(seconds: Mapping[str, float]) -> str:
    """'parse 1.2s, embed 3.4s, ...' for one-line file summaries."""
    return ", ".join(f"{k} {v:.1f}s" for k, v in seconds.items())
