"""The retriever protocol, the context every retriever is given, and the by-name factory.

Example:
    >>> # ctx = library.context()            # built by core.library.Library
    >>> # make_retriever("hybrid", ctx).retrieve("What is X?", k=5).chunks[0].chunk.text
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Protocol

from core.answer.llm_protocol import ChatModel
from core.config import Settings
from core.errors import NotFound
from core.index.base import Embedder, TextIndex, VectorIndex
from core.index.catalog import Catalog
from core.types import RetrievalResult


@dataclass(frozen=True)
class RetrievalContext:
    """The stores and models a retriever may use; passed in, never looked up globally.

    `graph` is a `core.index.graph.ChunkGraph` (loaded lazily by the library);
    `keywords` is a `core.index.keywords.KeywordExtractor`; `llm` is None when no LLM
    is configured; `scope` holds the ids of the documents searched (None = every document,
    see `core.retrieve.scope`).
    """

    settings: Settings
    embedder: Embedder
    vectors: VectorIndex
    text: TextIndex
    catalog: Catalog
    graph: object = None
    keywords: object = None
    llm: ChatModel | None = None
    scope: frozenset[str] | None = None


class Retriever(Protocol):
    """Anything that ranks chunks for a question and explains how."""

    name: str

    def retrieve(self, question: str, k: int = 10) -> RetrievalResult:
        """Return the top-k chunks with per-route scores, seeds, hops, timings and LLM calls."""
        ...


# name -> (module, class). Listed here so a bad name gets the full list in its error.
RETRIEVERS: dict[str, tuple[str, str]] = {
    "dense": ("core.retrieve.dense", "DenseRetriever"),
    "bm25": ("core.retrieve.bm25", "BM25Retriever"),
    "hybrid": ("core.retrieve.hybrid", "HybridRetriever"),
    "multiroute": ("core.retrieve.multiroute", "MultiRouteRetriever"),
    "kgp": ("core.retrieve.kgp", "KGPRetriever"),
    "gnn": ("core.retrieve.gnn", "GNNRetriever"),
    "gnn_rerank": ("core.retrieve.gnn_rerank", "GNNRerankRetriever"),
    "rgnn": ("core.retrieve.rgnn", "RGNNRetriever"),
    "iier": ("core.retrieve.iier", "IIERRetriever"),
}


def make_retriever(name: str, ctx: RetrievalContext) -> Retriever:
    """Build the retriever called `name`; the error lists every valid name. Every retriever
    comes wrapped with the structure route (pages, sections, tables, figures by reference)."""
    key = name.strip().lower()
    if key not in RETRIEVERS:
        raise NotFound(f"unknown retriever {name!r}; choose one of: {', '.join(RETRIEVERS)}")
    module_name, class_name = RETRIEVERS[key]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            raise NotFound(f"retriever {name!r} is not available in this build") from exc
        raise
    from core.retrieve.structure_route import with_structure

    return with_structure(getattr(module, class_name)(ctx), ctx.catalog, ctx.scope)
