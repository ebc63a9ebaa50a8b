"""The Library facade: the one object the CLI and the app talk to.

Reading (find, documents, chunks, stats, graph, retrieve, ask) is here; writing (add,
add_corpus, reindex, remove, restore, empty_trash) is in `core.library.writing`, and the
background job queue (enqueue, jobs, cancel_job, run_jobs, start_worker) in
`core.library.jobs`. Several processes may open the same data dir at once (the app, its
job worker, the CLI): each question first reloads whatever another process committed
(`core.library.live`), and writers take turns on the data dir's write lock.

Example:
    >>> from core.library import Library                       # doctest: +SKIP
    >>> lib = Library.open("~/folio-data")                       # doctest: +SKIP
    >>> [o.status for o in lib.add(["~/papers"])]               # doctest: +SKIP
    ['added', 'added']
    >>> lib.retrieve("What does -dKPreserve=2 do?", "hybrid", k=5).chunks[0].chunk.pages_label  # doctest: +SKIP
    'p. 10'
"""
from __future__ import annotations

import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from core.config import Settings
from core.errors import ConfigError, FolioError, NotFound
from core.evidence.spans import with_span_boxes
from core.evidence.viewer import EvidenceViewer
from core.index.catalog import Catalog
from core.ingest.pipeline import Indexer
from core.library.jobs import JobQueueing
from core.library.writing import Writing
from core.library.live import LiveStores
from core.retrieve.base import RetrievalContext, Retriever, make_retriever
from core.library.trash import Trash
from core.types import Answer, Chunk, Document, RetrievalResult

if TYPE_CHECKING:  # imported where used: it needs scipy, which `ingest` never does
    from core.retrieve.scope import ResolvedScope, Scope


class Library(Writing, JobQueueing):
    """A folder of documents with its indexes; add, remove, list, retrieve and ask."""

    def __init__(self, settings: Settings, *, embedder=None, vectors=None, text=None, llm=None):
        from core.index import factory
        from core.index.graph_build import GraphBuilder  # not graph.py: scipy is not needed to open
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
        self.trash = Trash(settings.data_dir)
        self.live = LiveStores(settings.data_dir, self.catalog, self.vectors, self.text)
        self.indexer = Indexer(settings, self.catalog, self.embedder, self.vectors, self.text,
                               self.keywords, GraphBuilder(settings.graph), self._formatter(),
                               trash=self.trash, writing=self.live.writing, mutating=self.live.mutating)
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

    def find(self, ref: str) -> Document:
        """Resolve a document reference (id, id prefix, file name, title, or the path it came
        from); the error lists close candidates."""
        from core.retrieve.scope import find_document

        return find_document(self.catalog.documents(), ref)

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

    @llm.setter
    def llm(self, model) -> None:
        """Answer with `model` (a ChatModel, e.g. the local Ollama model picked in Chat) from now on."""
        self._llm = model

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

    def retriever(self, name: str | None = None, scope: Scope | None = None) -> Retriever:
        """Build a retriever by name (default from settings) over the current library, limited
        to the documents of `scope` (default: all, as they are now)."""
        self.live.sync()
        ctx = replace(self.context(), scope=self.resolve_scope(scope).doc_ids)
        return make_retriever(name or self.settings.retrieve.default_retriever, ctx)

    def resolve_scope(self, scope: Scope | None) -> ResolvedScope:
        """The document ids a scope covers (None = all) and how to say it; NotFound for an
        unknown document name or a folder no document came from."""
        from core.retrieve.scope import Scope, resolved

        if scope is None or scope.everything:
            return Scope().resolve(())  # no catalog read on the common path
        if not scope.folders:  # ids, as the app gives them: one indexed lookup, no scan
            ids = self.catalog.ready_doc_ids(scope.documents)
            if ids == set(scope.documents):
                return resolved(ids)
        return scope.resolve(self.catalog.documents())

    def retrieve(self, question: str, retriever: str | None = None, k: int | None = None,
                 scope: Scope | None = None) -> RetrievalResult:
        """Rank chunks for a question with the named retriever, over what every process has
        committed so far, in the documents of `scope` (default: all); never waits for a
        writer in another process."""
        if not question.strip():
            raise FolioError("the question is empty")
        with self.live.reading():  # reloaded first if the library changed; no sync inside
            found = self.resolve_scope(scope)
            ctx = replace(self.context(), scope=found.doc_ids)
            built = make_retriever(retriever or self.settings.retrieve.default_retriever, ctx)
            from core.retrieve.scope import noted

            return noted(built.retrieve(question, k or self.settings.retrieve.k), found)

    def document_text(self, doc_id: str) -> str:
        """A document's whole text, its chunks in reading order (the decline rule's owners)."""
        return " ".join(c.text for c in self.catalog.doc_chunks(doc_id))

    def ask(self, question: str, retriever: str | None = None, k: int | None = None,
            mode: str = "short", stream_to=None, history=(), scope: Scope | None = None,
            owners: bool = True) -> Answer:
        """Retrieve evidence (in the documents of `scope`) and answer with citations (LLM if
        configured, else extractive).

        `history`: earlier turns (Turn, Answer or (question, answer) pairs), oldest first; a
        follow-up question is answered as the standalone question it stands for, in the same scope.
        `owners`: the decline rule sets aside a platform named in front of the thing asked
        ("Erlang's ftp") that the evidence's documents write (`decline_owner`); on by default
        (the pdfqa-style tuning sets' false declines 5 -> 2, no unanswerable tuning question
        answered, the test figures as they were); False for the rule's before/after figures."""
        from core.answer.qa import answer_turn

        start = time.perf_counter()
        answer = answer_turn(question, lambda q: self.retrieve(q, retriever, k or 5, scope), self.llm,
                             self.embedder, mode=mode, stream_to=stream_to, history=history,
                             document_text=self.document_text if owners else None)
        answer = with_span_boxes(answer, self.evidence)  # each sentence's span on its pages
        return replace(answer, latency_ms=(time.perf_counter() - start) * 1000)
