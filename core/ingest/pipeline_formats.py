"""Ingestion of a file other than a PDF: check, read, render pages, then the shared steps.

`add_other` is `Indexer.add_file` for every format of core.ingest.formats but PDF:
1. bad input is refused with one line (core.ingest.file_checks); a macro-enabled file is
   read from a copy without its macros;
2. the format's reader writes Folio Markdown from the source's own structure;
3. a rendition gives the pages: LibreOffice for Office/OpenDocument/RTF, PyMuPDF's Story
   layout for HTML, Markdown, text and EPUB; page markers are then found on it
   (core.ingest.paginate), unless the reader wrote them (slides);
4. chunking, evidence (original and rendition kept, chunk boxes found on the rendition),
   embedding and indexing are those of PDFs (`Indexer.index_markdown`).
A changed file replaces its older version by origin, as a PDF does.

Example:
    >>> # doc, status, clock, notes = add_other(indexer, Path("report.docx"), "docx", progress, "report.docx")
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from core.errors import IngestError
from core.ingest.file_checks import ZIP_FORMATS, check_file, has_macros, without_macros
from core.ingest.files import file_sha256
from core.ingest.formats import OFFICE, ParsedFile, reader_for
from core.ingest.progress import ProgressEvent, ProgressFn, StageClock, utc_now
from core.ingest.rendition import Rendition, layout_pages, render_office
from core.types import Document

RENDER_MAX_MARKDOWN = 4_000_000  # characters: a bigger spreadsheet is read but not laid out into pages


def add_other(indexer, path: Path, fmt: str, progress: ProgressFn, source: str, origin: str = ""):
    """Add one non-PDF file to the library (see the module doc); returns what `add_pdf` does."""
    clock = StageClock()
    name = str(path)
    settings = indexer.settings
    progress(ProgressEvent(name, "check", 0, 1))
    check_file(path, fmt, settings.max_file_mb)
    doc_id = file_sha256(path)[:16]
    existing = indexer.catalog.document(doc_id)
    if existing and existing.status == "ready":
        if origin and not existing.origin:
            indexer.catalog.set_origin(doc_id, origin)
        return existing, "duplicate", clock, ()
    with tempfile.TemporaryDirectory(prefix="folio-read-") as scratch:
        work = Path(scratch)
        notes: list[str] = []
        readable = path
        if fmt in ZIP_FORMATS and has_macros(path):
            readable = without_macros(path, work)
            notes.append("macros not run: they were removed from the copy that was read and rendered")
        parsed = _read(readable, fmt, settings.data_dir / "assets" / doc_id, settings.formats, name, progress)
        clock.lap("parse")
        rendition = _render(readable, fmt, parsed, work, settings.formats)
        clock.lap("render")
        markdown, pages = _paged(parsed, rendition, notes)
        notes += list(parsed.warnings) + ([rendition.why_not] if rendition.why_not else [])
        doc = Document(doc_id=doc_id, title=parsed.title, source=source, pages=pages, kind=fmt,
                       status="pending", added_at=utc_now(), origin=origin)
        from core.evidence.file_evidence import keep_file_evidence

        return indexer.index_markdown(
            doc, name, markdown, progress, clock, tuple(notes),
            lambda secs, chunks: keep_file_evidence(settings.data_dir, path, rendition.pdf, secs, chunks))


def _read(path: Path, fmt: str, assets: Path, settings, name: str, progress: ProgressFn) -> ParsedFile:
    """The reader's Markdown; a reader's crash on a bad file is one line, not a traceback."""
    progress(ProgressEvent(name, "parse", 0, 1))
    try:
        parsed = reader_for(fmt)(path, assets, settings)
    except IngestError as exc:
        raise IngestError(name, exc.reason) from exc
    except Exception as exc:  # noqa: BLE001 - a library's crash on one bad file must not stop the batch
        raise IngestError(name, f"could not read this {fmt.upper()} file ({type(exc).__name__}: "
                                f"{' '.join(str(exc).split())[:100]})") from exc
    progress(ProgressEvent(name, "parse", 1, 1))
    return parsed


def _render(path: Path, fmt: str, parsed: ParsedFile, work: Path, settings) -> Rendition:
    """LibreOffice for Office documents and slides, the Story layout for the others (spreadsheets too)."""
    if len(parsed.markdown) > RENDER_MAX_MARKDOWN:
        return Rendition(None, why_not=f"no page image: too large to lay out into pages "
                                       f"(over {RENDER_MAX_MARKDOWN:,} characters of text)")
    if fmt in OFFICE:
        return render_office(path, work, settings)
    return layout_pages(parsed.markdown, work / "layout.pdf")


def _paged(parsed: ParsedFile, rendition: Rendition, notes: list[str]) -> tuple[str, int]:
    """The Markdown with page markers and the page count: the reader's own pages (slides)
    when it wrote them, else those found on the rendition, else one unpaged page."""
    from core.ingest.paginate import paginate, rendition_words

    if rendition.pdf is None:
        return parsed.markdown, parsed.pages
    words, count = rendition_words(rendition.pdf)
    if parsed.pages:
        if count != parsed.pages:
            notes.append(f"the rendition has {count} pages for {parsed.pages} slides; citations name the slide")
        return parsed.markdown, parsed.pages
    return paginate(parsed.markdown, words), count
