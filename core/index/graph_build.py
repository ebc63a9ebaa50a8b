"""Incremental construction of Chunk-Interaction Graph edges for one new document.

Only edges touching the new document are produced; edges among older documents are left
as they are. Three kinds (see ARCHITECTURE.md):

* structural: consecutive chunks of a section, section -> child section, section -> its
  chunks, page -> its chunks (weight 1; page/section edges carry the title/heading as label);
* keyword: chunks sharing >= T keywords, or one keyword held by at most `rare_keyword_df`
  chunks (weight = number shared, label = the words), and
  title mentions: a chunk naming another document's title (or a section heading) links to
  that document's first chunks (weight T, label "mentions: <title>", source = mentioning chunk);
* semantic: the top-k most similar chunks by the vector index (weight = cosine).

Example:
    >>> from core.config import GraphSettings
    >>> GraphBuilder(GraphSettings()).settings.keyword_threshold
    2
"""
from __future__ import annotations

from collections import defaultdict
from typing import Sequence

import numpy as np

from core.config import GraphSettings
from core.index.base import VectorIndex
from core.index.catalog import Catalog
from core.index.keywords import MENTION_PREFIX, TITLE_PREFIX, is_mention
from core.types import Chunk, Edge, Section

MENTION_LABEL = "mentions: "
MIN_DF_CAP = 5  # a keyword may always be shared by this many chunks, however small the library


def section_node(section_id: str) -> str:
    """Graph node id of a section."""
    return f"section:{section_id}"


def page_node(doc_id: str, page: int) -> str:
    """Graph node id of a page of a document."""
    return f"page:{doc_id}:{page}"


class GraphBuilder:
    """Produces the edges of one new document against the library already in the catalog."""

    def __init__(self, settings: GraphSettings):
        self.settings = settings

    def edges_for_document(self, chunks: Sequence[Chunk], embeddings: np.ndarray,
                           keywords: Sequence[Sequence[str]], sections: Sequence[Section],
                           catalog: Catalog, vectors: VectorIndex) -> list[Edge]:
        """All new edges for `chunks` (one document), deduplicated, in a stable order."""
        if not chunks:
            return []
        edges = structural_edges(chunks, sections)
        edges += self.keyword_edges(chunks, keywords, catalog, vectors.count())
        edges += self.mention_edges(chunks, keywords, catalog)
        edges += self.semantic_edges(chunks, embeddings, vectors)
        seen: set[tuple[str, str, str]] = set()
        unique = []
        for e in edges:
            key = (min(e.source, e.target), max(e.source, e.target), e.kind, e.label)
            if e.source != e.target and key not in seen:
                seen.add(key)
                unique.append(e)
        return unique

    def keyword_edges(self, chunks: Sequence[Chunk], keywords: Sequence[Sequence[str]],
                      catalog: Catalog, total: int) -> list[Edge]:
        """Edges between chunks sharing at least T (non-title) keywords, or one rare keyword;
        keywords held by more than max_keyword_df of the `total` chunks are ignored."""
        own = [{k for k in kws if not is_mention(k)} - {""} for kws in keywords]
        vocab = sorted(set().union(*own)) if own else []
        local: dict[str, list[str]] = defaultdict(list)
        for chunk, kws in zip(chunks, own):
            for k in kws:
                local[k].append(chunk.chunk_id)
        cap = max(MIN_DF_CAP, int(self.settings.max_keyword_df * max(total, len(chunks))))
        postings = catalog.keyword_postings(vocab, max_holders=cap) if vocab else {}  # common ones left out
        holders = {k: postings[k] + local[k] for k in postings}
        edges: list[Edge] = []
        for chunk, kws in zip(chunks, own):
            shared: dict[str, list[str]] = defaultdict(list)
            for k in sorted(kws):
                if k in holders and len(holders[k]) <= cap:
                    for other in holders[k]:
                        if other != chunk.chunk_id:
                            shared[other].append(k)
            for other, words in shared.items():
                rare = any(len(holders[w]) <= self.settings.rare_keyword_df for w in words)
                if len(words) >= self.settings.keyword_threshold or rare:
                    edges.append(Edge(chunk.chunk_id, other, "keyword", float(len(words)),
                                      ", ".join(words)))
        return edges

    def mention_edges(self, chunks: Sequence[Chunk], keywords: Sequence[Sequence[str]],
                      catalog: Catalog) -> list[Edge]:
        """Title-mention edges in both directions between the new document and the library."""
        doc_id = chunks[0].doc_id
        weight = float(self.settings.keyword_threshold)
        edges: list[Edge] = []
        # 1. new chunks naming titles of documents already in the library
        mentioned = sorted({TITLE_PREFIX + k[1:] for kws in keywords for k in kws
                            if k.startswith(MENTION_PREFIX)})
        targets = catalog.keyword_postings(mentioned) if mentioned else {}
        target_doc = _doc_of(catalog, [c for ids in targets.values() for c in ids])
        for chunk, kws in zip(chunks, keywords):
            for k in kws:
                if not k.startswith(MENTION_PREFIX):
                    continue
                for target in targets.get(TITLE_PREFIX + k[1:], []):
                    if target_doc.get(target, doc_id) != doc_id:
                        edges.append(Edge(chunk.chunk_id, target, "keyword", weight,
                                          MENTION_LABEL + k[1:]))
        # 2. library chunks naming a title (or heading) of the new document
        marks: dict[str, list[str]] = defaultdict(list)
        for chunk, kws in zip(chunks, keywords):
            for k in kws:
                if k.startswith(TITLE_PREFIX):
                    marks[MENTION_PREFIX + k[1:]].append(chunk.chunk_id)
        sources = catalog.keyword_postings(sorted(marks)) if marks else {}
        source_doc = _doc_of(catalog, [c for ids in sources.values() for c in ids])
        for key, holders in sorted(sources.items()):
            for source in holders:
                if source_doc.get(source, doc_id) == doc_id:
                    continue
                for target in marks[key]:
                    edges.append(Edge(source, target, "keyword", weight, MENTION_LABEL + key[1:]))
        return edges

    def semantic_edges(self, chunks: Sequence[Chunk], embeddings: np.ndarray,
                       vectors: VectorIndex) -> list[Edge]:
        """Each new chunk's top-k nearest chunks above the cosine floor."""
        k = self.settings.semantic_top_k
        if k <= 0:
            return []
        edges: list[Edge] = []
        found = vectors.query_many(np.asarray(embeddings, dtype=np.float32), k + 1)
        for chunk, neighbours in zip(chunks, found):
            hits = [(cid, s) for cid, s in neighbours if cid != chunk.chunk_id]
            for cid, score in hits[:k]:
                if score >= self.settings.semantic_min_cosine:
                    edges.append(Edge(chunk.chunk_id, cid, "semantic", round(float(score), 4)))
        return edges


def structural_edges(chunks: Sequence[Chunk], sections: Sequence[Section]) -> list[Edge]:
    """Reading-order, section-tree and page edges of one document."""
    edges: list[Edge] = []
    headings = {s.section_id: (s.heading_path[-1] if s.heading_path else "") for s in sections}
    for s in sections:
        if s.parent_id:
            edges.append(Edge(section_node(s.parent_id), section_node(s.section_id), "structural",
                              1.0, headings[s.section_id]))
    ordered = sorted(chunks, key=lambda c: c.position)
    for prev, cur in zip(ordered, ordered[1:]):
        if (prev.section_id or "") == (cur.section_id or ""):
            edges.append(Edge(prev.chunk_id, cur.chunk_id, "structural", 1.0))
    for c in ordered:
        if c.section_id:
            edges.append(Edge(section_node(c.section_id), c.chunk_id, "structural", 1.0,
                              headings.get(c.section_id, "")))
        for page in range(c.page_start, max(c.page_start, c.page_end) + 1):
            edges.append(Edge(page_node(c.doc_id, page), c.chunk_id, "structural", 1.0, c.doc_title))
    return edges


def _doc_of(catalog: Catalog, chunk_ids: Sequence[str]) -> dict[str, str]:
    """Document of each existing chunk id (for excluding links within one document)."""
    ids = list(dict.fromkeys(chunk_ids))
    return {c.chunk_id: c.doc_id for c in catalog.chunks(ids)} if ids else {}

