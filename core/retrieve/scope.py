"""Scope: which documents a question searches (chosen documents and/or folders; empty = all).

A `Scope` names documents (id, id prefix, file name, title or origin path, as `remove`
resolves them) and folders (a document is in a folder when the path it came from, its
origin, lies under it). `resolve` turns it into the set of document ids searched; every
retriever reads that set from `RetrievalContext.scope` (None = everything) and honours it
in the stores themselves: `vector_query` has the embedded vector store score the scope's
chunks exactly against vectors held in memory (a Chroma server filters with `where`), and
`text_search` passes the scope to the full-text index (a row mask in BM25, an
Elasticsearch `terms` filter); and `scoped_graph` gives graph walks a graph without the
chunks outside it.

Example:
    >>> from core.types import Document, RetrievalResult
    >>> docs = [Document("d1", "Kestrels", "k.pdf", 2, origin="/papers/birds/k.pdf"),
    ...         Document("d2", "Glaciers", "g.pdf", 3, origin="/papers/ice/g.pdf")]
    >>> found = Scope(folders=("/papers/birds",)).resolve(docs)
    >>> sorted(found.doc_ids), found.label
    (['d1'], 'in 1 document under /papers/birds')
    >>> Scope().resolve(docs)
    ResolvedScope(doc_ids=None, label='in every document')
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np
from scipy import sparse

from core.errors import NotFound
from core.index.row_entries import chunk_hits, entry_ids_of
from core.types import Document, RetrievalResult

SEARCHED = "searched "  # the note a scoped result carries
MAX_CACHED_VIEWS = 8  # scoped graph views kept per graph (a chat reuses one scope)


def find_document(docs: Sequence[Document], ref: str) -> Document:
    """The document `ref` names: its id, origin path, file name, title, or an id prefix of
    4+ characters; the one-line error says what went wrong."""
    for test in (lambda d: d.doc_id == ref, lambda d: d.origin == ref, lambda d: d.source == ref,
                 lambda d: d.title == ref, lambda d: d.doc_id.startswith(ref) and len(ref) >= 4):
        hits = [d for d in docs if test(d)]
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            raise NotFound(f"{ref!r} matches {len(hits)} documents; use the document id")
    raise NotFound(f"no document {ref!r}; run `python -m core documents` to list them")


def folder_path(folder: str | os.PathLike) -> Path:
    """A folder as an absolute path without symlinks, as document origins are stored."""
    return Path(folder).expanduser().resolve()


def in_folder(doc: Document, folder: Path) -> bool:
    """Whether the document came from a file under `folder` (uploads have no folder)."""
    if not doc.origin or doc.origin.startswith("upload:"):
        return False
    return Path(doc.origin).is_relative_to(folder)


@dataclass(frozen=True)
class ResolvedScope:
    """A scope as searched: the document ids (None = every document) and how to say it."""

    doc_ids: frozenset[str] | None
    label: str


@dataclass(frozen=True)
class Scope:
    """Documents and folders a question is limited to; both empty means everything."""

    documents: tuple[str, ...] = ()
    folders: tuple[str, ...] = ()

    @property
    def everything(self) -> bool:
        """True when nothing limits the search."""
        return not self.documents and not self.folders

    def resolve(self, docs: Sequence[Document]) -> ResolvedScope:
        """The ids of the scope's documents among `docs` (the ready documents); NotFound for
        a name that matches no document or a folder no document came from."""
        if self.everything:
            return ResolvedScope(None, "in every document")
        known = {d.doc_id for d in docs}  # ids (what the app passes) without a scan per name
        ids = {ref if ref in known else find_document(docs, ref).doc_id for ref in self.documents}
        shown = []
        for folder in self.folders:
            path = folder_path(folder)
            under = {d.doc_id for d in docs if in_folder(d, path)}
            if not under:
                raise NotFound(f"no document in the library comes from {path}; "
                               "run `python -m core documents --json` to see their sources")
            ids |= under
            shown.append(str(path))
        return resolved(ids, shown)


def resolved(doc_ids: Iterable[str], folders: Sequence[str] = ()) -> ResolvedScope:
    """The resolved scope of these document ids, labelled "in 3 documents [under FOLDER]"."""
    ids = frozenset(doc_ids)
    n = len(ids)
    label = f"in {n} document{'s' * (n != 1)}" + (f" under {', '.join(folders)}" if folders else "")
    return ResolvedScope(ids, label)


def noted(result: RetrievalResult, found: ResolvedScope) -> RetrievalResult:
    """The result with a note saying what a limited scope searched ("searched in 3 documents")."""
    if found.doc_ids is None:
        return result
    return replace(result, notes=result.notes + (SEARCHED + found.label,))


def searched(result: RetrievalResult) -> str:
    """What a scoped result searched ("in 3 documents"), or "" when it searched everything."""
    return next((n[len(SEARCHED):] for n in result.notes if n.startswith(SEARCHED)), "")


def vector_query(ctx, vector: np.ndarray, k: int) -> list[tuple[str, float]]:
    """The vector index's k nearest chunks in `ctx.scope`: an index that can search among
    the scope's entries (the catalog lists them) does so, others filter in the store. A
    table row's entry is returned as its table chunk (core/index/row_entries.py)."""
    return chunk_hits(lambda depth: _vector_entries(ctx, vector, depth), k)


def _vector_entries(ctx, vector: np.ndarray, k: int) -> list[tuple[str, float]]:
    if ctx.scope is None:
        return ctx.vectors.query(vector, k)
    if not ctx.scope:
        return []
    among = getattr(ctx.vectors, "query_among", None)
    if among is None:
        return ctx.vectors.query(vector, k, doc_ids=ctx.scope)
    return among(vector, k, ctx.scope, lambda: entry_ids_of(ctx.catalog, sorted(ctx.scope)))


def text_search(ctx, question: str, k: int) -> list[tuple[str, float]]:
    """The full-text index's k best chunks, filtered in the index to `ctx.scope`; a table
    row's entry is returned as its table chunk."""
    if ctx.scope is None:
        return chunk_hits(lambda depth: ctx.text.search(question, depth), k)
    if not ctx.scope:
        return []
    return chunk_hits(lambda depth: ctx.text.search(question, depth, doc_ids=ctx.scope), k)


def in_scope(ctx, chunk_ids: Iterable[str]) -> set[str]:
    """The chunk ids (among those given) whose document is in `ctx.scope`."""
    chunk_ids = list(chunk_ids)
    if ctx.scope is None:
        return set(chunk_ids)
    return {c.chunk_id for c in ctx.catalog.chunks(chunk_ids) if c.doc_id in ctx.scope}


def scoped_graph(graph, catalog, doc_ids: frozenset[str] | None):
    """`graph` without the chunk nodes outside `doc_ids` and every edge touching them, so a
    walk cannot step outside the scope (node numbering unchanged; the last few views are
    cached on the graph, so a chat that keeps its scope cuts the graph once)."""
    if doc_ids is None:
        return graph
    key = ("scope", doc_ids)
    view = graph.cache.pop(key, None)  # popped and put back: the most recent goes last
    if view is None:
        view = _cut(graph, _keep_mask(graph, catalog, doc_ids))
        views = [k for k in graph.cache if k[0] == "scope"]
        for old in views[:max(0, len(views) - MAX_CACHED_VIEWS + 1)]:
            graph.cache.pop(old, None)
    graph.cache[key] = view
    return view


def _keep_mask(graph, catalog, doc_ids: frozenset[str]) -> np.ndarray:
    """The scope's chunk nodes. Page and section nodes keep no edges in a view: walks step
    from chunk to chunk only (`ChunkGraph.combined`, `graph_common.neighbour_kinds`)."""
    keep = np.zeros(graph.size, dtype=bool)
    rows = [graph.index[c] for c in catalog.chunk_ids_of(sorted(doc_ids)) if c in graph.index]
    keep[np.asarray(rows, dtype=np.int64)] = True
    return keep


def _cut(graph, keep: np.ndarray):
    """A ChunkGraph over the same ids whose matrices hold only the edges between kept nodes;
    reads only the kept rows, so a small scope costs little in a large library."""
    from core.index.graph import ChunkGraph

    kept = np.flatnonzero(keep)

    def cut(m):
        rows = m.tocsr()[kept]
        inside = keep[rows.indices]
        counts = np.zeros(m.shape[0], dtype=np.int64)
        counts[kept] = np.bincount(np.repeat(np.arange(len(kept)), np.diff(rows.indptr))[inside],
                                   minlength=len(kept))
        indptr = np.concatenate(([0], np.cumsum(counts)))
        return sparse.csr_matrix((rows.data[inside], rows.indices[inside], indptr), shape=m.shape)

    return ChunkGraph(graph.ids, graph.index, {k: cut(m) for k, m in graph.adj.items()},
                      cut(graph.mention), cut(graph.mention_in), graph.labels,
                      np.asarray(graph.is_chunk, dtype=bool) & keep)
