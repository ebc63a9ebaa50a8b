"""Folio's domain objects: immutable, typed, and identified by content hashes.

Every layer (ingestion, indexes, retrievers, answers, UI) exchanges these types and
nothing else, so a reader can learn the whole data model from this one file.

Example:
    >>> c = Chunk.create(doc_id="d1", doc_title="Guide", text="Hello", position=0)
    >>> c.chunk_id == Chunk.create(doc_id="d1", doc_title="Guide", text="Hello", position=0).chunk_id
    True
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Literal, Mapping

from core.heading_repeats import says_again

ChunkKind = Literal["text", "table", "image", "form", "annotation"]
EdgeKind = Literal["structural", "keyword", "semantic"]
AnswerMode = Literal["llm", "extractive", "unsupported"]
Verdict = Literal["supported", "partly", "not_found", ""]  # "" = not checked (no cited evidence)


def content_hash(*parts: str, length: int = 16) -> str:
    """Return a short, stable hex id for the given text parts."""
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8"))
        h.update(b"\x1f")
    return h.hexdigest()[:length]


@dataclass(frozen=True)
class Document:
    """One ingested source: a PDF file or a titled group of corpus passages."""

    doc_id: str  # sha256 of the file bytes (or of the passages), shortened
    title: str
    source: str  # original file name or corpus path
    pages: int
    kind: str = "pdf"  # "corpus", "pdf", or another file format of core.ingest.formats ("docx", "epub", ...)
    status: Literal["pending", "ready"] = "ready"
    chunks: int = 0
    added_at: str = ""
    markdown_path: str = ""
    origin: str = ""  # resolved absolute path it came from, "upload:<name>" for uploads, "" if unknown
    original: str = ""  # kept PDF, relative to the data dir ('' when not kept: libraries built before)
    size_bytes: int = 0  # size of the kept PDF


@dataclass(frozen=True)
class Section:
    """A heading in a document's section tree with its cascading path and page span."""

    section_id: str
    doc_id: str
    heading_path: tuple[str, ...]  # document title > chapter > section > ...
    level: int  # 0 = document, 1 = chapter, 2 = section, ...
    page_start: int
    page_end: int
    parent_id: str | None = None


@dataclass(frozen=True)
class Chunk:
    """A retrievable piece of a document, carrying its cascading metadata.

    `text` is what a reader sees; `embed_text` is what is embedded (heading path plus text;
    for tables, title, caption and row/column labels only).
    """

    chunk_id: str
    doc_id: str
    doc_title: str
    text: str
    embed_text: str
    kind: ChunkKind = "text"
    heading_path: tuple[str, ...] = ()
    page_start: int = 1
    page_end: int = 1
    section_id: str = ""
    position: int = 0  # order of the chunk inside its document
    source_id: str = ""  # external id (corpus passage id), empty for PDFs

    @staticmethod
    def create(
        *,
        doc_id: str,
        doc_title: str,
        text: str,
        position: int,
        embed_text: str | None = None,
        kind: ChunkKind = "text",
        heading_path: tuple[str, ...] = (),
        page_start: int = 1,
        page_end: int = 1,
        section_id: str = "",
        source_id: str = "",
    ) -> "Chunk":
        """Build a chunk whose id is a hash of its document, position and text."""
        return Chunk(
            chunk_id=content_hash(doc_id, str(position), text),
            doc_id=doc_id,
            doc_title=doc_title,
            text=text,
            embed_text=embed_text if embed_text is not None else text,
            kind=kind,
            heading_path=heading_path,
            page_start=page_start,
            page_end=page_end,
            section_id=section_id,
            position=position,
            source_id=source_id,
        )

    @property
    def path_label(self) -> str:
        """'Title > Chapter > Section' as a reader sees it: a heading that only says its parent
        again ("Printer notes > Printer notes > Toner": a title and a first heading alike; "15
        Parameters (zsh) > 15 Parameters": a page title with its site after it) is written once;
        the document title when there is no path."""
        shown: list[str] = []
        for name in self.heading_path:
            if not shown or not says_again(name, shown[-1]):
                shown.append(name)
        return " > ".join(shown) or self.doc_title

    @property
    def pages_label(self) -> str:
        """Human page span, e.g. 'p. 3' or 'pp. 3-5'."""
        if self.page_start == self.page_end:
            return f"p. {self.page_start}"
        return f"pp. {self.page_start}-{self.page_end}"


@dataclass(frozen=True)
class PageInfo:
    """One physical page of a PDF: its printed label ('17', 'iv'), size in points, and the mean
    OCR word confidence (0-100) when its text came from OCR, else None."""

    page: int  # physical, 1-based
    label: str
    width: float
    height: float
    ocr_confidence: float | None = None


@dataclass(frozen=True)
class ChunkBox:
    """A rectangle (PDF points, origin top left) on a physical page covered by a chunk's text."""

    chunk_id: str
    page: int
    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class DocGeometry:
    """Where a document's chunks sit on its pages: page facts, chunk boxes, and the printed
    number of each section whose heading carries one (section id -> '3.2')."""

    pages: tuple[PageInfo, ...] = ()
    boxes: tuple[ChunkBox, ...] = ()
    section_numbers: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Edge:
    """A Chunk-Interaction Graph edge. Node ids are chunk ids, or 'page:'/'section:' ids."""

    source: str
    target: str
    kind: EdgeKind
    weight: float = 1.0
    label: str = ""  # shared keywords for keyword edges


@dataclass(frozen=True)
class ScoredChunk:
    """A retrieved chunk with its final score and the score of every contributing route."""

    chunk: Chunk
    score: float
    routes: Mapping[str, float] = field(default_factory=dict)  # e.g. {"vector": .8, "bm25": 3.1}
    chain: int | None = None  # evidence chain index (IIER), None when not chained


@dataclass(frozen=True)
class Hop:
    """One step a graph retriever walked: from a node to a neighbour along an edge kind."""

    source: str
    target: str
    kind: str
    step: int
    score: float


@dataclass(frozen=True)
class RetrievalResult:
    """Everything a retriever did for one question, for display and for evaluation."""

    question: str
    retriever: str
    chunks: tuple[ScoredChunk, ...]
    seeds: tuple[str, ...] = ()
    hops: tuple[Hop, ...] = ()
    timings_ms: Mapping[str, float] = field(default_factory=dict)
    llm_calls: int = 0
    llm_tokens: int = 0
    chains: tuple[tuple[str, ...], ...] = ()
    notes: tuple[str, ...] = ()  # e.g. "no LLM configured: used the question text instead"


@dataclass(frozen=True)
class Citation:
    """A numbered reference from an answer to one evidence chunk."""

    number: int
    chunk: Chunk

    @property
    def label(self) -> str:
        """'[n] Title > Chapter > Section, p. 4'."""
        return self.label_with(self.chunk.pages_label)

    def label_with(self, pages: str) -> str:
        """The label with `pages` written another way (e.g. 'p. 9 · PDF page 10')."""
        return f"[{self.number}] {self.chunk.path_label}, {pages}"


@dataclass(frozen=True)
class AnswerSentence:
    """One sentence of an answer: its citation numbers, the supporting span (the words of the
    cited chunk `chunk_id` it rests on), that span's boxes on each page it crosses (empty when
    the page has no text layer or the boxes were not looked up), and the support check's verdict."""

    text: str
    citations: tuple[int, ...] = ()
    span_text: str = ""
    chunk_id: str = ""
    boxes: tuple[ChunkBox, ...] = ()
    verdict: Verdict = ""
    score: float = 0.0  # the support check's score, 0-1


@dataclass(frozen=True)
class Answer:
    """An answer with citations, the evidence in retrieval order, and its cost."""

    question: str
    text: str
    mode: AnswerMode
    citations: tuple[Citation, ...]
    retrieval: RetrievalResult
    llm_calls: int = 0
    llm_tokens: int = 0
    latency_ms: float = 0.0
    understood_as: str = ""  # the standalone question a follow-up was answered as ("" = as asked)
    sentences: tuple[AnswerSentence, ...] = ()  # every sentence with its citations and span


@dataclass(frozen=True)
class Turn:
    """One earlier turn of a conversation: the question as asked, the answer text, and the
    standalone question it was understood as (when it was a follow-up)."""

    question: str
    answer: str = ""
    understood_as: str = ""


JobStatus = Literal["queued", "running", "done", "failed", "cancelled"]


@dataclass(frozen=True)
class JobFile:
    """One input of a background job and how far it got.

    `status` is queued, running, or the file's outcome (added, duplicate, replaced, error,
    cancelled); `stage`, `done` and `total` are its latest progress (pages, chunks...).
    """

    position: int
    path: str  # file (or document id, for a reindex) the worker reads
    name: str  # what the user calls it (an upload's original name)
    origin: str = ""
    status: str = "queued"
    stage: str = ""
    done: int = 0
    total: int = 0
    message: str = ""
    doc_id: str = ""
    seconds: float = 0.0


@dataclass(frozen=True)
class Job:
    """A queued unit of library work (add files, load a corpus, re-index), run by the worker."""

    job_id: int
    kind: Literal["add", "corpus", "reindex", "sync"]
    status: JobStatus
    created_at: str = ""
    started_at: str = ""
    finished_at: str = ""
    message: str = ""
    cancel_requested: bool = False
    files: tuple[JobFile, ...] = ()

    @property
    def finished(self) -> bool:
        """True once the job is done, failed or cancelled."""
        return self.status in ("done", "failed", "cancelled")


class JobCancelled(BaseException):
    """Raised inside a file's ingestion when its job was cancelled (BaseException, so the
    parser's own `except Exception` does not turn it into a bad-file error)."""

