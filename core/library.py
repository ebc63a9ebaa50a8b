"""The Library facade: the one object the CLI and the app talk to.

Example:
    >>> from core.library import Library                       # doctest: +SKIP
    >>> lib = Library.open("~/folio-data")                       # doctest: +SKIP
    >>> [o.status for o in lib.add(["~/papers"])]               # doctest: +SKIP
    ['added', 'added']
    >>> lib.retrieve("What does -dKPreserve=2 do?", "hybrid", k=5).chunks[0].chunk.pages_label  # doctest: +SKIP
    'p. 10'
"""
from __future__ import annotations

import contextlib
import fcntl
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterable, Mapping

from core.config import Settings
from core.errors import ConfigError, FolioError, IngestError, NotFound
from core.evidence.viewer import EvidenceViewer
from core.index.catalog import Catalog
from core.ingest.files import AddOutcome, find_pdfs
from core.ingest.pipeline import Indexer, ProgressEvent, ProgressFn, no_progress, utc_now
from core.retrieve.base import RetrievalContext, Retriever, make_retriever
from core.trash import Removed, Trash
from core.types import Answer, Chunk, Document, RetrievalResult, content_hash

class Library:
    """A folder of documents with its indexes; add, remove, list, retrieve and ask."""

    def __init__(self, settings: Settings, *, embedder=None, vectors=None, text=None, llm=None):
        from core.index import factory
        from core.index.graph import GraphBuilder
        from core.index.keywords import KeywordExtractor

        self.settings = settings
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        self.catalog = Catalog(settings.data_dir / "catalog.sqlite")
        self.embedder = embedder or factory.make_embedder(settings)
        self.vectors = vectors or factory.make_vector_index(settings)
        self.text = text or factory.make_text_index(settings)
        self._llm = llm
        self.keywords = KeywordExtractor(
            settings.graph, llm=self.llm if settings.graph.keyword_mode == "llm" else None)
        self.indexer = Indexer(settings, self.catalog, self.embedder, self.vectors, self.text,
                               self.keywords, GraphBuilder(settings.graph), self._formatter())
        self.trash = Trash(settings.data_dir)
        self.evidence = EvidenceViewer(settings.data_dir, self.catalog)  # pages with the chunk highlighted
        self._graph = None
        self._graph_generation = -1
        self._lock = threading.RLock()
        self.repairs = self._recover()

    def _formatter(self):
        """The LLM Markdown formatter when FOLIO_MARKDOWN=llm, else None (rule-based parser)."""
        mode = self.settings.markdown
        if mode.mode == "rules":
            return None
        if mode.mode != "llm":
            raise ConfigError(f"unknown markdown mode {mode.mode!r}; choose rules or llm")
        if self.llm is None:
            raise ConfigError("FOLIO_MARKDOWN=llm needs an LLM; set OPENAI_BASE_URL and FOLIO_LLM_MODEL "
                              "or use FOLIO_MARKDOWN=rules")
        from core.ingest.llm_format import LLMMarkdownFormatter
        return LLMMarkdownFormatter(self.llm, window=mode.window, padding=mode.padding)

    @classmethod
    def open(cls, data_dir: str | Path | None = None) -> "Library":
        """Open (or create) the library in data_dir with settings from the environment."""
        return cls(Settings.load(data_dir))

    def _recover(self) -> list[str]:
        """Repair the stores after a crash, unless another live process is writing right now."""
        with open(self.settings.data_dir / ".write.lock", "w") as fh:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return []  # its pending documents are in flight, not abandoned
            try:
                return self.indexer.reconcile()
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    @contextlib.contextmanager
    def _writing(self):
        """Serialise writers: threads of this process and other processes on the same data dir."""
        with self._lock, open(self.settings.data_dir / ".write.lock", "w") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    # ---- ingestion -------------------------------------------------------------------
    def add(self, paths: Iterable[str | Path], progress: ProgressFn = no_progress,
            names: Mapping[str, str] | None = None,
            on_outcome: Callable[[AddOutcome], None] | None = None) -> list[AddOutcome]:
        """Add PDFs and folders of PDFs; each file succeeds or fails on its own.

        `names` maps a path (as given) to the name to record, e.g. an upload's original name;
        `on_outcome` hears about each file as soon as it is finished.
        """
        files = find_pdfs(paths)
        names = {str(Path(k).expanduser()): v for k, v in (names or {}).items()}
        outcomes = []
        with self._writing():
            for path in files:
                outcomes.append(self._add_one(path, progress, names.get(str(path), path.name)))
                if on_outcome is not None:
                    on_outcome(outcomes[-1])
            self.text.flush()
        return outcomes

    def _add_one(self, path: Path, progress: ProgressFn, name: str) -> AddOutcome:
        start = time.perf_counter()
        try:
            doc, status, clock, notes = self.indexer.add_pdf(path, progress, name)
            self.trash.discard(doc.doc_id, files=False)  # in the library again: not a removed document
        except IngestError as exc:
            progress(ProgressEvent(str(path), "error", 1, 1, exc.reason))
            return AddOutcome(str(path), "error", exc.reason, seconds=time.perf_counter() - start)
        seconds = time.perf_counter() - start
        progress(ProgressEvent(str(path), "done", 1, 1, status))
        if status == "duplicate":
            return AddOutcome(str(path), status, f"already in the library as {doc.doc_id}", doc, seconds)
        msg = "; ".join([f"{doc.pages} pages, {doc.chunks} chunks", *notes])
        return AddOutcome(str(path), status, msg, doc, seconds, dict(clock.seconds))

    def add_corpus(self, path: str | Path, progress: ProgressFn = no_progress) -> list[AddOutcome]:
        """Load a JSONL passage corpus; passages sharing a title become one document."""
        from core.ingest.corpus import corpus_chunks, read_corpus

        path = Path(path).expanduser()
        documents = read_corpus(path)
        planned = []
        for cdoc in documents:
            doc_id = content_hash("corpus", cdoc.title, *(f"{i}\x1e{t}" for i, t in cdoc.passages))
            if self.catalog.document(doc_id) is None or self.catalog.document(doc_id).status != "ready":
                sections, chunks = corpus_chunks(doc_id, cdoc)
                planned.append((doc_id, cdoc, sections, chunks))
        all_chunks = [c for *_, chunks in planned for c in chunks]
        embeddings = self.indexer.embed_chunks(all_chunks, path.name, progress)
        progress(ProgressEvent(path.name, "keywords", 0, 1))
        keywords = self.keywords.extract_chunks(all_chunks)  # one spaCy pass for the batch
        outcomes, offset = [], 0
        with self._writing():
            for n, (doc_id, cdoc, sections, chunks) in enumerate(planned, 1):
                vecs = embeddings[offset:offset + len(chunks)]
                kws = keywords[offset:offset + len(chunks)]
                offset += len(chunks)
                doc = Document(doc_id=doc_id, title=cdoc.title, source=f"{path.name}#{cdoc.title}",
                               pages=0, kind="corpus", status="pending", added_at=utc_now())
                doc = self.indexer.index_document(doc, sections, chunks, vecs, chunk_keywords=kws)
                outcomes.append(AddOutcome(doc.source, "added", f"{len(chunks)} passages", doc))
                progress(ProgressEvent(path.name, "index", n, len(planned)))
            self.text.flush()
        skipped = len(documents) - len(planned)
        if skipped:
            outcomes.append(AddOutcome(str(path), "duplicate", f"{skipped} documents already present"))
        return outcomes

    def reindex(self, ref: str, progress: ProgressFn = no_progress) -> Document:
        """Rebuild a document's chunks, vectors, postings and edges from its stored Markdown
        (corpus documents: from their stored passages), e.g. after changing chunk settings."""
        from core.evidence.ingest import geometry_for
        from core.ingest.chunking import chunk_markdown

        doc = self.find(ref)
        if doc.kind == "pdf" and doc.markdown_path and Path(doc.markdown_path).is_file():
            markdown = Path(doc.markdown_path).read_text("utf-8")
            sections, chunks = chunk_markdown(doc.doc_id, doc.title, markdown, self.settings.chunking)
        else:
            sections, chunks = self.catalog.sections(doc.doc_id), self.catalog.doc_chunks(doc.doc_id)
        embeddings = self.indexer.embed_chunks(chunks, doc.source, progress)
        geometry = geometry_for(self.settings.data_dir, doc, sections, chunks)  # boxes of the new chunks
        with self._writing():
            self.indexer.remove_document(doc.doc_id)
            fresh = self.indexer.index_document(replace(doc, status="pending"), sections, chunks,
                                                embeddings, progress, geometry=geometry)
            self.text.flush()
        return fresh

    def remove(self, ref: str) -> Document:
        """Remove a document (by id, id prefix, file name or title) from every store; it
        goes to the trash first, so `restore` can undo this."""
        doc = self.find(ref)
        with self._writing():
            chunks = self.catalog.doc_chunks(doc.doc_id)
            ids = [c.chunk_id for c in chunks]
            held = self.catalog.chunk_keywords(ids)
            vectors = self.vectors.get(ids)  # (0, 0) for a document without chunks
            self.trash.save(Removed(doc, tuple(self.catalog.sections(doc.doc_id)), tuple(chunks),
                                    tuple(tuple(held.get(i, ())) for i in ids), vectors,
                                    self.catalog.geometry(doc.doc_id)))
            self.indexer.remove_document(doc.doc_id)
        return doc

    def restore(self, ref: str) -> Document:
        """Undo a removal: index a trashed document again (nothing is parsed or embedded)."""
        doc = self.trash.find(ref)
        with self._writing():
            current = self.catalog.document(doc.doc_id)
            if current is None or current.status != "ready":
                saved = self.trash.load(doc.doc_id)
                current = self.indexer.index_document(
                    replace(saved.doc, status="pending"), saved.sections, saved.chunks, saved.vectors,
                    chunk_keywords=[list(k) for k in saved.keywords], geometry=saved.geometry)
                self.text.flush()
            self.trash.discard(doc.doc_id, files=False)
        return current

    def empty_trash(self) -> list[Document]:
        """Delete removed documents for good, with their stored Markdown and pictures."""
        with self._writing():
            docs = self.catalog.documents(include_pending=True)
            return self.trash.empty(keep=[d.doc_id for d in docs], in_use=[d.original for d in docs])

    def find(self, ref: str) -> Document:
        """Resolve a document reference; the error lists close candidates."""
        docs = self.catalog.documents()
        for test in (lambda d: d.doc_id == ref, lambda d: d.source == ref, lambda d: d.title == ref,
                     lambda d: d.doc_id.startswith(ref) and len(ref) >= 4):
            hits = [d for d in docs if test(d)]
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                raise NotFound(f"{ref!r} matches {len(hits)} documents; use the document id")
        raise NotFound(f"no document {ref!r}; run `python -m core documents` to list them")

    # ---- reading ---------------------------------------------------------------------
    def documents(self) -> list[Document]:
        """Ready documents, oldest first."""
        return self.catalog.documents()

    def chunks(self, chunk_ids: list[str]) -> list[Chunk]:
        """Chunks by id, in the order given."""
        return self.catalog.chunks(chunk_ids)

    def stats(self) -> dict:
        """Documents, chunks, graph nodes, edges by kind, and chunk neighbours per chunk by kind
        (a title mention counts once as 'mention' and once inside 'keyword')."""
        counts = self.catalog.stats()
        graph = self.graph
        chunks = counts["chunks"]
        per_kind = {kind: graph.combined((kind,)).nnz for kind in ("structural", "keyword", "semantic")}
        per_kind["mention"] = graph.mention.nnz
        per_kind["total"] = graph.combined().nnz
        return {
            "documents": counts["documents"], "chunks": chunks,
            "graph_nodes": graph.size, "page_and_section_nodes": int(graph.size - graph.is_chunk.sum()),
            "edges": {k[len("edges_"):]: v for k, v in counts.items() if k.startswith("edges_")},
            "neighbours_per_chunk": {k: round(v / max(1, chunks), 2) for k, v in per_kind.items()},
        }

    @property
    def llm(self):
        """The configured ChatModel, or None (extractive reader)."""
        if self._llm is None and self.settings.llm.configured:
            from core.answer.llm import make_llm
            self._llm = make_llm(self.settings)
        return self._llm

    @property
    def graph(self):
        """The in-memory Chunk-Interaction Graph, reloaded when the catalog changes."""
        from core.index.graph import ChunkGraph

        with self._lock:
            generation = self.catalog.generation()
            if self._graph is None or generation != self._graph_generation:
                self._graph = ChunkGraph.load(self.catalog)
                self._graph_generation = generation
            return self._graph

    def context(self) -> RetrievalContext:
        """Everything a retriever needs, passed in explicitly."""
        return RetrievalContext(self.settings, self.embedder, self.vectors, self.text, self.catalog,
                                self.graph, self.keywords, self.llm)

    def retriever(self, name: str | None = None) -> Retriever:
        """Build a retriever by name (default from settings)."""
        return make_retriever(name or self.settings.retrieve.default_retriever, self.context())

    def retrieve(self, question: str, retriever: str | None = None, k: int | None = None) -> RetrievalResult:
        """Rank chunks for a question with the named retriever."""
        if not question.strip():
            raise FolioError("the question is empty")
        return self.retriever(retriever).retrieve(question, k or self.settings.retrieve.k)

    def ask(self, question: str, retriever: str | None = None, k: int | None = None,
            mode: str = "short", stream_to=None) -> Answer:
        """Retrieve evidence and answer with citations (LLM if configured, else extractive)."""
        from core.answer.qa import answer_question

        start = time.perf_counter()
        result = self.retrieve(question, retriever, k or 5)
        answer = answer_question(question, result, self.llm, self.embedder, mode=mode, stream_to=stream_to)
        return replace(answer, latency_ms=(time.perf_counter() - start) * 1000)
