"""PDF -> Markdown with true-depth headings, page markers, tables and described images.

The Markdown follows HiQA's formatter: every chapter/section is a heading at its depth
(`#` chapter, `##` section, ...), the document title is kept out of the Markdown, each page
starts with `<!-- page N -->`, tables are Markdown tables preceded by their caption, and
pictures are saved as PNG files and written as `![description](assets/file.png)`.
Running headers/footers and page numbers are removed, two-column pages are read column
by column, hyphenated line breaks are joined and ligatures are expanded.

Example:
    >>> parsed = pdf_to_markdown(Path("manual.pdf"), Path("assets"))  # doctest: +SKIP
    >>> parsed.markdown.splitlines()[0]                                     # doctest: +SKIP
    '<!-- page 1 -->'
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping, Sequence

import pymupdf

from core.errors import IngestError
from core.ingest.files import checked_size
from core.ingest.pdf import headings as hd
from core.ingest.pdf import headings_outline as ho
from core.ingest.pdf import images as im
from core.ingest.pdf import title as tl
from core.ingest.pdf.layout import Item, Line, drop_lines, group_blocks, inside, read_lines, reading_order
from core.ingest.pdf.running import running_lines
from core.ingest.pdf.markdown import MarkdownWriter
from core.ingest.pdf.forms import page_marks, place_marks
from core.ingest.pdf.images import ImageInfo
from core.ingest.pdf.ligatures import fix_ligature_fonts
from core.ingest.pdf.ocr import OcrJob, OcrResult, apply_ocr
from core.ingest.pdf.ocr_lines import ocr_structure
from core.ingest.pdf.ocr_text import table_words
from core.ingest.pdf.ocr_words import OcrWord
from core.ingest.pdf.tables import find_tables

__all__ = ["ImageInfo", "OcrJob", "ParsedPdf", "check_pdf", "pdf_to_markdown"]
_MANY_MISSING_GLYPHS = 10  # fewer dropped glyphs in a file are not worth a note


@dataclass(frozen=True)
class ParsedPdf:
    """The result of parsing one PDF (see the module doc for the Markdown conventions).

    `source_path` is the file actually parsed: an OCR'd copy with an invisible text layer on
    the words' boxes when OCR ran (valid until the file's ingest ends), else the input file.
    `ocr_confidence` maps each OCR'd physical 1-based page to its mean word confidence (0-100).
    """

    title: str
    pages: int
    markdown: str
    images: tuple[ImageInfo, ...]
    warnings: tuple[str, ...] = ()
    source_path: Path = Path()
    ocr_confidence: Mapping[int, float] = field(default_factory=dict)


def check_pdf(path: Path, max_mb: int) -> None:
    """Raise IngestError with one short reason when `path` is not a readable, open PDF
    (the ingest pipeline uses `core.ingest.pdf.repair.readable_pdf`, which repairs instead)."""
    if check_file(path, max_mb):
        raise IngestError(str(path), "truncated or corrupt PDF (no end-of-file marker)")
    doc = _open(path)
    try:
        if doc.needs_pass or doc.is_encrypted:
            raise IngestError(str(path), "encrypted or password-protected PDF; remove the password first")
        if doc.page_count == 0:
            raise IngestError(str(path), "PDF has no pages")
    finally:
        doc.close()


def check_file(path: Path, max_mb: int) -> bool:
    """Raise IngestError when `path` is missing, empty, too large or not a PDF; return True
    when it lacks the end-of-file marker (a truncated file)."""
    size = checked_size(path, max_mb)
    with path.open("rb") as fh:
        head = fh.read(1024)
        fh.seek(max(0, size - 2048))
        tail = fh.read()
    if b"%PDF-" not in head:
        raise IngestError(str(path), "not a PDF (no %PDF header)")
    return b"%%EOF" not in tail


def _open(path: Path) -> pymupdf.Document:
    """Open a PDF or raise IngestError naming why MuPDF could not."""
    pymupdf.TOOLS.mupdf_display_errors(False)  # MuPDF's repair chatter is not a user message
    try:
        return pymupdf.open(path, filetype="pdf")
    except Exception as exc:  # noqa: BLE001 - MuPDF raises several types for bad files
        raise IngestError(str(path), f"corrupt or truncated PDF (cannot open: {str(exc)[:80]})") from exc


def pdf_to_markdown(path: Path, assets_dir: Path, *, on_page: Callable[[int, int], None] | None = None,
                    use_outline: bool = True, describe_image: im.DescribeImage | None = None,
                    ocr: OcrJob | None = None) -> ParsedPdf:
    """Parse a PDF into `ParsedPdf`; pictures go to `assets_dir` as PNG files.

    `on_page(done, total)` is called after each page is read. With `use_outline=False` the
    outline is ignored and headings are detected from the page text alone. With `ocr`, pages
    without a text layer are read by Tesseract first (see core.ingest.pdf.ocr).
    """
    ocred = apply_ocr(path, ocr)
    doc = _open(ocred.source_path)
    fix_ligature_fonts(doc)
    try:
        pages, tables, images, warnings = _read_pages(doc, assets_dir, on_page, set(ocred.confidence),
                                                       ocred.words if ocr and ocr.settings.tables else None)
        if not any(pages):
            raise IngestError(str(path), _no_text_reason(ocred, ocr))
        pages = ocr_structure(pages, set(ocred.confidence), ocred.words, marks=bool(ocr and ocr.settings.tables),
                              pictures=ocred.pictures, headings=bool(ocr and ocr.settings.headings))
        drop = running_lines(pages, [p.rect.height for p in doc])
        toc = ho.page_points(doc.get_toc(simple=False), doc) if use_outline else []
        title, headings, title_keys = _structure(doc, path, pages, drop, toc)
        writer = MarkdownWriter(headings, drop, assets_dir, describe_image)
        for n, page in enumerate(doc):
            items = _page_items(pages[n], tables[n], images[n], drop)
            writer.page(n + 1, place_marks(reading_order(items, page.rect.width), page_marks(page)))
        return ParsedPdf(title, doc.page_count, writer.markdown(), tuple(writer.images),
                         ocred.notes + tuple(warnings), ocred.source_path, dict(ocred.confidence))
    finally:
        doc.close()


def _no_text_reason(ocred: OcrResult, job: OcrJob | None) -> str:
    """The image-only message: what OCR did, or what to install or set for it."""
    base = "no text layer (scanned/image-only PDF)"
    if ocred.unavailable or not shutil.which("tesseract"):
        return f"{base}; {ocred.unavailable or 'install tesseract for OCR'}"
    if job is None or not job.settings.enabled:
        return f"{base}; OCR is off (FOLIO_OCR=0)"
    return f"{base}; OCR found no text in it"


def _read_pages(doc: pymupdf.Document, assets_dir: Path, on_page: Callable[[int, int], None] | None,
                scanned: set[int], ocr_words: Mapping[int, Sequence[OcrWord]] | None = None):
    """Lines, tables and pictures of every page, plus warnings for pages without text.
    The picture of a `scanned` page (1-based numbers of OCR'd pages) is its text, not a figure;
    its tables are read from its words mended with Tesseract's reading (`ocr_words`)."""
    skip_xrefs = im.repeated_xrefs(doc)
    pages: list[list[Line]] = []
    tables: list[list[Item]] = []
    images: list[list[tuple[Item, Path]]] = []
    warnings: list[str] = []
    missing: dict[int, int] = {}
    total = doc.page_count
    for n, page in enumerate(doc):
        lines, missing[n + 1] = read_lines(page, n + 1)
        pages.append(lines)
        mended = table_words(page, ocr_words[n + 1]) if ocr_words and n + 1 in ocr_words else None
        tables.append(find_tables(page, lines, words=mended))
        images.append([] if n + 1 in scanned else im.find_images(page, n + 1, lines, assets_dir, skip_xrefs))
        if not lines and total > 1:
            warnings.append(f"page {n + 1} has no text layer")
        if on_page:
            on_page(n + 1, total)
    return pages, tables, images, missing_glyph_notes(missing) + warnings


def missing_glyph_notes(missing: Mapping[int, int], most: int = 8) -> list[str]:
    """A note naming the pages whose glyphs had no Unicode map, when there were many."""
    pages = sorted(p for p, n in missing.items() if n)
    total = sum(missing.values())
    if total < _MANY_MISSING_GLYPHS:
        return []
    more = f" and {len(pages) - most} more" if len(pages) > most else ""
    shown = ", ".join(str(p) for p in pages[:most])
    return [f"{total} glyphs without a Unicode map dropped on page{'s' if len(pages) > 1 else ''} {shown}{more}"]


def _structure(doc: pymupdf.Document, path: Path, pages: list[list[Line]], drop: set, toc: list):
    """Title, headings and the (page, index) keys of title lines to leave out."""
    # rotated text (stamps, margin notes) is never a title or heading
    kept = [[l for l in lines if (l.page, l.index) not in drop and l.upright] for lines in pages]
    meta_title = " ".join((doc.metadata or {}).get("title", "").split())
    body = hd.body_size(kept)
    hints = tl.hint_words([path.stem, *(str(r[1]) for r in toc[:1])])  # before the outline loses a title entry
    if toc:
        toc = ho.drop_title_entry([list(r) for r in toc], meta_title)
        headings = ho.outline_headings(toc, kept, drop)
        headings = {k: h for k, h in headings.items() if h.level >= 1}
    else:
        headings = {}
    used = {(p, i) for (p, _), h in headings.items() for i in h.lines}
    t_lines = [l for l in tl.title_lines(kept, body, hints=hints) if (l.page, l.index) not in used]
    if not t_lines and not any(p == 1 and h.level >= 1 for (p, _), h in headings.items()):
        cover = [l for l in tl.title_lines(kept, body, unique=False, hints=hints) if (l.page, l.index) not in used]
        t_lines = [] if any(hd.numbered_depth(l.text) for l in cover) else cover  # a cover page
    title_keys = {(l.page, l.index) for l in t_lines}
    if not toc:
        headings = hd.detect_headings(kept, drop | title_keys)
    title = meta_title if tl.usable_metadata(meta_title) else tl.tidy(" ".join(l.text for l in t_lines))
    if not title:
        tops = [h.text for _, h in sorted(headings.items())
                if h.level == 1 and hd.key(h.text) not in ("contents", "tableofcontents")]
        title = (tl.manual_page_name(kept, tops[0]) or tops[0]) if tops else path.stem
    return title, headings, title_keys


def _page_items(lines: list[Line], tables: list[Item], images: list[tuple[Item, Path]], drop: set) -> list[Item]:
    """Text blocks (minus table cells and captions), tables and pictures of one page."""
    hidden = set(drop) | hd.contents_lines(lines)  # a table of contents only echoes the headings
    for table in tables:
        hidden.update((l.page, l.index) for l in lines if inside(l, table.bbox))
        hidden.update((l.page, l.index) for l in table.caption)
    pictures = []
    for item, file in images:
        hidden.update((l.page, l.index) for l in item.caption)
        pictures.append(Item("image", item.bbox, markdown=str(file), caption=item.caption))
    text = drop_lines(group_blocks(lines), hidden)
    return text + list(tables) + pictures
