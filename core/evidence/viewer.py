"""Show a chunk on its page: the facade the CLI (`show`) and the app's page viewer use.

Example:
    >>> # viewer = EvidenceViewer(data_dir, catalog)
    >>> # where = viewer.locate(chunk_id); where.caption(where.pages[0])  -> 'p. 17 · PDF page 21'
    >>> # image = viewer.render(chunk_id, zoom=1.5); image.path            -> PNG in the page cache
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from core.errors import NotFound, OriginalMissing
from core.evidence.originals import OriginalStore
from core.evidence.page_labels import decode_label
from core.evidence.render import PageCache
from core.evidence.spans import span_boxes
from core.types import Chunk, ChunkBox, Citation, Document

DEFAULT_ZOOM = 1.5
SLIDES = ("pptx", "odp")  # document kinds whose pages are slides
CACHE_FOLDER = "cache/pages"


@dataclass(frozen=True)
class ChunkPlace:
    """Where a chunk is: its document, its pages (those holding its boxes, else its page
    span), every page's label, its boxes, and the kept original (None when not kept)."""

    chunk: Chunk
    document: Document
    pages: tuple[int, ...]
    labels: dict[int, str]
    boxes: tuple[ChunkBox, ...]
    original: Path | None
    rendition: Path | None = None  # the PDF showing its pages: the original PDF, or another format's rendition

    @property
    def page_count(self) -> int:
        """Physical pages in the document."""
        return max(self.document.pages, len(self.labels), max(self.pages, default=1))

    def caption(self, page: int) -> str:
        """'p. 17 · PDF page 21' (the printed label and the physical page), or 'PDF page 21'
        when the label is the physical number or unknown."""
        label = self.labels.get(page, "")
        if self.document.kind in SLIDES:
            return f"slide {page}"
        if self.document.kind != "pdf":
            return f"page {page}"
        if label and label != str(page):
            return f"p. {label} · PDF page {page}"
        return f"PDF page {page}"

    def missing_message(self) -> str:
        """Why the page cannot be shown, and the fix ('' when it can)."""
        name = Path(self.document.source).name
        if self.original is not None and self.rendition is None:
            return f"{name} has no page image: LibreOffice was not installed when it was added " \
                   "(install libreoffice-writer-nogui and -impress-nogui and add it again)"
        if self.original is not None:
            return ""
        if self.document.original:
            return (f"The kept copy of {name} is missing from the library folder; "
                    f"add {name} again to show its pages.")
        return (f"The original PDF of {name} was not kept (it was added before Folio kept originals); "
                f"add {name} again to show its pages (nothing is re-indexed).")


@dataclass(frozen=True)
class PageImage:
    """A rendered page of a chunk's document: physical page, caption and the PNG file."""

    place: ChunkPlace
    page: int
    zoom: float
    path: Path
    highlighted: bool
    span: tuple[ChunkBox, ...] = ()  # the supporting span's boxes (all its pages)

    @property
    def caption(self) -> str:
        """'p. 17 · PDF page 21'."""
        return self.place.caption(self.page)


class EvidenceViewer:
    """Finds a chunk's pages and renders them with the chunk highlighted (cached)."""

    def __init__(self, data_dir: Path, catalog, cache_files: int = 300):
        self.data_dir = Path(data_dir)
        self.catalog = catalog
        self.originals = OriginalStore(self.data_dir)
        self.cache = PageCache(self.data_dir / CACHE_FOLDER, cache_files)

    def locate(self, chunk_id: str) -> ChunkPlace:
        """The place of a chunk; NotFound names the id when there is no such chunk."""
        chunk = self.catalog.chunk(chunk_id)
        if chunk is None:
            raise NotFound(f"no chunk {chunk_id!r}; `python -m core retrieve ... --json` lists chunk ids")
        doc = self.catalog.document(chunk.doc_id)
        if doc is None:
            raise NotFound(f"chunk {chunk_id!r} belongs to no document in the library")
        boxes = tuple(self.catalog.boxes(chunk_id))
        pages = tuple(sorted({b.page for b in boxes})) or tuple(
            range(chunk.page_start, max(chunk.page_start, chunk.page_end) + 1))
        labels = self.page_labels(doc.doc_id)
        return ChunkPlace(chunk, doc, pages, labels, boxes, self.originals.path(doc.original),
                          self.originals.rendition(doc.original))

    def page_labels(self, doc_id: str) -> dict[int, str]:
        """Physical page -> printed label (decoded: libraries built before labels were decoded
        hold `<FEFF0034>` for '4')."""
        return {p.page: decode_label(p.label) for p in self.catalog.page_infos(doc_id)}

    def pages_label(self, chunk: Chunk) -> str:
        """A chunk's pages as printed, with the physical pages when they differ: 'p. 9 · PDF
        page 10', 'pp. iii-1 · PDF pages 3-4'; 'p. 10' when the labels are the physical numbers
        or unknown (corpus passages, libraries built before labels were kept)."""
        labels = self.page_labels(chunk.doc_id)
        first, last = chunk.page_start, max(chunk.page_start, chunk.page_end)
        doc = self.catalog.document(chunk.doc_id)
        if doc is not None and doc.kind in SLIDES:  # a slide's number is its page
            return f"slide {first}" if first == last else f"slides {first}-{last}"
        if doc is not None and doc.kind not in ("pdf", "corpus") and not doc.pages:
            return "no pages (read without LibreOffice)"  # 'p. 1' would name a page nobody can see
        printed = [labels.get(first, ""), labels.get(last, "")]
        if not all(printed) or printed == [str(first), str(last)]:
            return chunk.pages_label
        if first == last:
            return f"p. {printed[0]} · PDF page {first}"
        return f"pp. {printed[0]}-{printed[1]} · PDF pages {first}-{last}"

    def citation_label(self, cite: Citation) -> str:
        """'[n] Title > Chapter > Section, p. 9 · PDF page 10': `Citation.label` with printed pages."""
        return cite.label_with(self.pages_label(cite.chunk))

    def original(self, doc: Document) -> Path | None:
        """The kept PDF of a document, None when it was not kept."""
        return self.originals.path(doc.original)

    def span_boxes(self, chunk_id: str, span: str) -> tuple[ChunkBox, ...]:
        """The boxes of `span` (text of the chunk) on its pages; () when the chunk, its
        original or the span's words on its pages are not found."""
        try:
            place = self.locate(chunk_id)
        except NotFound:
            return ()
        return span_boxes(place.rendition, place.boxes, span) if place.rendition is not None else ()

    def render(self, chunk_id: str, page: int | None = None, zoom: float = DEFAULT_ZOOM,
               span: str = "") -> PageImage:
        """Render `page` (physical; default: the chunk's first page, or the span's) with the
        chunk highlighted and `span`, a supporting sentence of it, marked strongly.

        Any page of the document may be asked for (previous/next); only the chunk's own
        boxes are highlighted. OriginalMissing says how to get the file back; NotFound, a
        span whose words are not on the chunk's pages.
        """
        place = self.locate(chunk_id)
        if place.rendition is None:
            raise OriginalMissing(place.missing_message())
        strong = span_boxes(place.rendition, place.boxes, span) if span.strip() else ()
        if span.strip() and not strong:
            raise NotFound(f"the span {span[:60]!r} is not among the chunk's words on its pages")
        page = (strong[0].page if strong else place.pages[0]) if page is None else int(page)
        if not 1 <= page <= place.page_count:
            raise NotFound(f"page {page} is outside {Path(place.document.source).name} "
                           f"(PDF pages 1-{place.page_count})")
        path = self.cache.get_or_render(place.rendition, place.document.doc_id, page, zoom, place.boxes, strong)
        return PageImage(place, page, zoom, path, any(b.page == page for b in place.boxes), strong)
