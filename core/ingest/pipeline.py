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
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Callable, Mapping, Sequence

import numpy as np

from core.config import Settings
from core.index.base import Embedder, TextIndex, VectorIndex
from core.index.catalog import Catalog
from core.errors import IngestError
from core.ingest.files import Status, file_sha256
from core.ingest.pipeline_defer import Prepared, defer
from core.ingest.progress import ProgressEvent, ProgressFn, StageClock, no_progress, utc_now
from core.ingest.store_writer import StoreWriter, full_text_of
from core.types import Chunk, Document

EARLY_KEYWORDS_PAGES = 24  # ~2 chunks a page in manuals: about the keyword worker's MIN_CHUNKS

__all__ = ["Indexer", "ProgressEvent", "ProgressFn", "StageClock", "full_text_of", "no_progress", "utc_now"]


class Indexer(StoreWriter):
    """Writes documents into every store, one atomic document at a time."""

    def __init__(self, settings: Settings, catalog: Catalog, embedder: Embedder,
                 vectors: VectorIndex, text: TextIndex, keywords: object, graph_builder: object,
                 formatter: object = None, *, trash: object = None, writing=contextlib.nullcontext,
                 mutating=contextlib.nullcontext):
        """`formatter` (a `core.ingest.llm_format.LLMMarkdownFormatter`) writes the Markdown
        of PDFs when given; otherwise the rule-based parser's Markdown is used. `trash`
        keeps replaced versions; `writing` and `mutating` are the locks of `core.library.live`
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
        self.describe_image = None  # figures: caption and nearby text, unless FOLIO_VLM_MODEL is set
        if settings.vision.model:
            from core.ingest.figure_vlm import figure_describer
            self.describe_image = figure_describer(settings)

    def embed_chunks(self, chunks: Sequence[Chunk], file: str, progress: ProgressFn,
                     beside: object = None, *, with_rows: bool = False) -> np.ndarray:
        """Embed chunks in batches of similar length, reporting progress per batch; while
        `beside` (a core.index.keyword_worker.PendingKeywords) still runs in its process,
        torch leaves it a core (core/index/core_share.py). `with_rows`: the table rows'
        entries (core/index/row_entries.py) are embedded in the same length-sorted batches
        and their vectors follow the chunks' (as `index_document` takes them): rows are
        short, and embedded apart they made a small last batch of their own per document."""
        from core.index.row_entries import row_entries

        texts = [c.embed_text for c in chunks] + [r[1] for r in (row_entries(chunks) if with_rows else ())]
        return self.embed_texts(texts, file, progress, beside)

    def embed_texts(self, texts: Sequence[str], file: str, progress: ProgressFn, beside: object = None) -> np.ndarray:
        """`embed_chunks` for texts already made (a `Prepared` document's chunks and rows)."""
        from core.index.core_share import CoreShare
        from core.index.embedder import embed_sorted

        progress(ProgressEvent(file, "embed", 0, len(texts)))  # the first batch may wait for the model
        share = CoreShare(getattr(beside, "running", lambda: False))
        try:
            return embed_sorted(self.embedder, texts, self.settings.embed.batch_size,
                                lambda done: progress(ProgressEvent(file, "embed", done, len(texts))),
                                before_batch=share.before_batch)
        finally:
            share.close()

    def add_file(self, path: Path, progress: ProgressFn, source: str, origin: str = ""
                 ) -> tuple[Document, Status, StageClock, tuple[str, ...]]:
        """Add a file of any format Folio reads (core.ingest.formats): PDFs by `add_pdf`, the
        others by their reader (core.ingest.pipeline_formats); same result as `add_pdf`."""
        from core.ingest.formats import format_of
        from core.ingest.memory_trim import release_memory

        fmt = format_of(path)
        try:
            if fmt in (None, "pdf"):  # no known extension: the PDF check says what it is not
                return self.add_pdf(path, progress, source, origin)
            from core.ingest.pipeline_formats import add_other
            return add_other(self, path, fmt, progress, source, origin)
        finally:
            release_memory()  # a folder's next file must not find this one's pages still held

    def add_pdf(self, path: Path, progress: ProgressFn, source: str, origin: str = ""
                ) -> tuple[Document, Status, StageClock, tuple[str, ...]]:
        """Check, OCR scanned pages, parse, chunk, embed and index one PDF recorded under the
        name `source`; an unchanged file is a duplicate; a changed file from the same `origin`
        replaces the older version (which goes to the trash). Also returns notes for the file's
        summary line (pages without text, OCR confidence, LLM fallbacks).
        Raises IngestError with a one-line reason for bad input."""
        with tempfile.TemporaryDirectory(prefix="folio-ingest-") as work:  # the OCR'd copy lives until indexed
            return self._add_pdf(path, progress, source, Path(work), origin)

    def _start_keywords(self, pdf: Path) -> None:
        """For a long PDF, start the keyword worker before parsing: spaCy loads on the core
        that parsing leaves idle (a short one would not reach MIN_CHUNKS of the worker)."""
        import pymupdf

        start = getattr(self.keywords, "start_worker", None)
        with pymupdf.open(pdf) as doc:
            if start is not None and doc.page_count >= EARLY_KEYWORDS_PAGES:
                start()

    def _ocr_job(self, name: str, work: Path, progress: ProgressFn, clock: StageClock):
        """OCR settings for one file, reporting stage "ocr" and charging its time to "ocr"."""
        from core.ingest.pdf import OcrJob

        def on_page(done: int, total: int) -> None:
            progress(ProgressEvent(name, "ocr", done, total))
            if done == total:
                clock.lap("ocr")
        return OcrJob(self.settings.ocr, work, on_page)

    def _add_pdf(self, path: Path, progress: ProgressFn, source: str, work: Path, origin: str
                 ) -> tuple[Document, Status, StageClock, tuple[str, ...]]:
        """`add_pdf` with a scratch folder `work` for the OCR'd copy."""
        from core.ingest.pdf import pdf_to_markdown
        from core.ingest.pdf.repair import readable_pdf

        clock = StageClock()
        name = str(path)
        progress(ProgressEvent(name, "check", 0, 1))
        readable = readable_pdf(path, self.settings.max_file_mb, work / "repair")  # a repaired copy if need be
        doc_id = file_sha256(path)[:16]
        existing = self.catalog.document(doc_id)
        if existing and existing.status == "ready":
            if origin and not existing.origin:  # added before origins were kept: learn it now
                self.catalog.set_origin(doc_id, origin)
            from core.evidence.ingest import backfill  # a library built before originals were kept
            return backfill(self.catalog, self.settings.data_dir, existing, path), "duplicate", clock, ()
        assets = self.settings.data_dir / "assets" / doc_id
        self._start_keywords(readable.path)
        try:
            parsed = pdf_to_markdown(
                readable.path, assets, on_page=lambda i, n: progress(ProgressEvent(name, "parse", i, n)),
                ocr=self._ocr_job(name, work, progress, clock), describe_image=self.describe_image,
            )
        except IngestError:
            raise
        except Exception as exc:  # a parser crash on one bad file must not stop the batch
            raise IngestError(name, f"could not parse ({type(exc).__name__}: {exc})") from exc
        clock.lap("parse")
        notes = [readable.note] * bool(readable.note) + list(parse_notes(parsed.warnings))
        notes += [n for n in [self.describe_image.take_note() if self.describe_image else ""] if n]
        markdown = parsed.markdown
        if self.formatter is not None:
            markdown, fallback_note = self._llm_markdown(path, progress, parsed.source_path)
            notes += [fallback_note] if fallback_note else []
        from core.evidence.ingest import keep_evidence

        slack = self.settings.markdown.window if self.formatter is not None else 0
        kept = readable.path if readable.repaired else path  # the page view cannot show a broken file
        doc = Document(doc_id=doc_id, title=parsed.title, source=source, pages=parsed.pages, kind="pdf",
                       status="pending", added_at=utc_now(), origin=origin)
        return self.index_markdown(doc, name, markdown, progress, clock, tuple(notes),
                                   lambda secs, chunks: keep_evidence(self.settings.data_dir, kept, parsed,
                                                                      secs, chunks, slack))

    def index_markdown(self, doc: Document, name: str, markdown: str, progress: ProgressFn, clock: StageClock,
                       notes: tuple[str, ...], keep: Callable) -> tuple[Document, Status, StageClock, tuple[str, ...]]:
        """The steps every format shares once its Markdown is written: store the Markdown,
        chunk, keep the evidence (`keep(sections, chunks)` -> core.evidence.ingest.Evidence),
        embed, extract keywords and index `doc` (a pending Document naming id, title,
        source, pages, kind and origin); progress names the file `name`. Raises IngestError
        when no text was found. In a thread that is `deferring()` (core/ingest/pipeline_defer.py)
        it stops before embedding and hands the chunked document over (status "prepared")."""
        prepared = self.prepare_markdown(doc, name, markdown, progress, clock, notes, keep)
        if defer(prepared):
            return prepared.doc, "prepared", clock, notes
        keywords = self.keywords.extract_chunks_later(prepared.chunks)  # spaCy beside the embedder
        embeddings = self.embed_texts(prepared.texts, name, progress, beside=keywords)  # chunks, then rows
        clock.lap("embed")
        return self.store_prepared(prepared, embeddings, keywords)

    def prepare_markdown(self, doc: Document, name: str, markdown: str, progress: ProgressFn, clock: StageClock,
                         notes: tuple[str, ...], keep: Callable) -> Prepared:
        """`index_markdown` up to the embedding: the Markdown stored, chunks and evidence."""
        from core.ingest.chunking import chunk_markdown

        md_path = self.settings.data_dir / "markdown" / f"{doc.doc_id}.md"
        md_path.parent.mkdir(parents=True, exist_ok=True)
        md_path.write_text(markdown, "utf-8")
        sections, chunks = chunk_markdown(doc.doc_id, doc.title, markdown, self.settings.chunking)
        if not chunks:
            raise IngestError(name, "no text could be extracted")
        progress(ProgressEvent(name, "chunk", len(chunks), len(chunks)))
        clock.lap("chunk")
        evidence = keep(sections, chunks)
        clock.lap("boxes")
        doc = replace(doc, markdown_path=str(md_path), original=evidence.original, size_bytes=evidence.size_bytes)
        return Prepared(doc, name, list(sections), list(chunks), evidence.geometry, progress, clock, notes)

    def store_prepared(self, prepared: Prepared, embeddings: np.ndarray, keywords: Callable[[], list]
                       ) -> tuple[Document, Status, StageClock, tuple[str, ...]]:
        """The rest of `index_markdown`: wait for the keywords (a PendingKeywords), then write
        the document into every store in one transaction (`index_document`)."""
        clock = prepared.clock
        chunk_keywords = keywords()
        clock.lap("keywords")  # what is left of the keyword pass once embedding is done
        done = self.index_document(prepared.doc, prepared.sections, prepared.chunks, embeddings, prepared.progress,
                                   clock, chunk_keywords, geometry=prepared.geometry)
        if done.duplicate:
            return done.doc, "duplicate", clock, ()
        return done.doc, ("replaced" if done.replaced else "added"), clock, prepared.notes

    def _llm_markdown(self, path: Path, progress: ProgressFn, text_source: Path | None = None) -> tuple[str, str]:
        """Markdown written by the LLM formatter, a window of pages per call (stage "format"),
        and a note when some windows came back empty (their page text is kept instead).
        The page texts come from `text_source` (the OCR'd copy) when given."""
        from core.ingest.llm_format import levels_from_numbering, pdf_page_texts

        name = str(path)
        formatted = self.formatter.format(
            pdf_page_texts(text_source or path), on_window=lambda i, n: progress(ProgressEvent(name, "format", i, n)))
        note = (f"{len(formatted.fallbacks)} of {len(formatted.windows)} LLM windows came back empty; "
                "their page text was kept as it is") if formatted.fallbacks else ""
        return levels_from_numbering(formatted.markdown), note


def parse_notes(warnings: Sequence[str], most: int = 3) -> list[str]:
    """The parser's warnings for a summary line: file-level notes (OCR, glyphs) in full, then at
    most `most` page warnings ('page N ...') and a count of the rest."""
    pages = [w for w in warnings if w.startswith("page ")]
    shown = [w for w in warnings if not w.startswith("page ")] + pages[:most]
    return shown + ([f"and {len(pages) - most} more such pages"] if len(pages) > most else [])


def stage_summary(seconds: Mapping[str, float]) -> str:
    """'parse 1.2s, embed 3.4s, ...' for one-line file summaries."""
    return ", ".join(f"{k} {v:.1f}s" for k, v in seconds.items())
