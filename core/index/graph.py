"""The Chunk-Interaction Graph held in memory as sparse (CSR) adjacency matrices.

Edges live in the catalog (SQLite); `ChunkGraph.load` reads them into one symmetric
matrix per edge kind plus a directed matrix of title mentions (row = mentioning chunk).
The library reloads it when `catalog.generation()` changes. Edge construction for new
documents is in `core.index.graph_build` (re-exported here as `GraphBuilder`).

Example:
    >>> from core.index.catalog import Catalog
    >>> from core.types import Edge
    >>> g = ChunkGraph.from_edges([Edge("a", "b", "keyword", 2.0, "x, y")])
    >>> g.neighbours("a")
    [('b', 'keyword', 2.0)]
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

import numpy as np
from scipy import sparse

from core.index.catalog import Catalog
from core.index.graph_build import MENTION_LABEL, GraphBuilder, page_node, section_node
from core.types import Edge

__all__ = ["ChunkGraph", "GraphBuilder", "KINDS", "page_node", "section_node"]

KINDS = ("structural", "keyword", "semantic", "mention")


@dataclass(frozen=True)
class ChunkGraph:
    """Immutable adjacency over node ids (chunks, 'page:' and 'section:' nodes).

    `adj[kind]` is a symmetric CSR matrix of edge weights for structural, keyword and
    semantic edges (title mentions are keyword edges too); `mention` is directed:
    `mention[i, j] > 0` when chunk i names the title of j's document.
    """

    ids: tuple[str, ...]
    index: dict
    adj: dict
    mention: sparse.csr_matrix
    mention_in: sparse.csr_matrix  # transpose of `mention`: row = named chunk
    labels: dict
    is_chunk: np.ndarray
    cache: dict = field(default_factory=dict, compare=False, repr=False)  # derived matrices

    @staticmethod
    def load(catalog: Catalog) -> "ChunkGraph":
        """Read every edge of the catalog into memory."""
        return ChunkGraph.from_edges(catalog.edges())

    @staticmethod
    def from_edges(edges: Iterable[Edge]) -> "ChunkGraph":
        """Build the matrices from edges (undirected, except the mention matrix)."""
        edges = list(edges)
        ids: list[str] = []
        index: dict[str, int] = {}
        for e in edges:
            for node in (e.source, e.target):
                if node not in index:
                    index[node] = len(ids)
                    ids.append(node)
        n = len(ids)
        rows: dict[str, list] = {k: ([], [], []) for k in KINDS}
        labels: dict[tuple[int, int], str] = {}
        for e in edges:
            i, j = index[e.source], index[e.target]
            kind = "mention" if e.label.startswith(MENTION_LABEL) else e.kind
            r, c, w = rows[kind]
            r.append(i)
            c.append(j)
            w.append(float(e.weight))
            if e.label and e.kind == "keyword":
                labels[(min(i, j), max(i, j))] = e.label
        adj = {}
        for kind in ("structural", "keyword", "semantic"):
            r, c, w = rows[kind]
            if kind == "keyword":
                r, c, w = r + rows["mention"][0], c + rows["mention"][1], w + rows["mention"][2]
            m = sparse.csr_matrix((w, (r, c)), shape=(n, n), dtype=np.float32)
            adj[kind] = m.maximum(m.T).tocsr()
        r, c, w = rows["mention"]
        mention = sparse.csr_matrix((np.ones(len(r), np.float32), (r, c)), shape=(n, n))
        mention.data[:] = 1.0
        is_chunk = np.array([not s.startswith(("page:", "section:")) for s in ids], dtype=bool)
        mention = mention.tocsr()
        return ChunkGraph(tuple(ids), index, adj, mention, mention.T.tocsr(), labels, is_chunk)

    @property
    def size(self) -> int:
        """Number of nodes."""
        return len(self.ids)

    def combined(self, kinds: Sequence[str] = ("structural", "keyword", "semantic")) -> sparse.csr_matrix:
        """Symmetric 0/1 adjacency over the chosen kinds, restricted to chunk-chunk pairs
        (computed once per graph and kinds, then reused)."""
        key = ("combined", tuple(kinds))
        if key not in self.cache:
            self.cache[key] = self._combined(kinds)
        return self.cache[key]

    def _combined(self, kinds: Sequence[str]) -> sparse.csr_matrix:
        n = self.size
        total = sparse.csr_matrix((n, n), dtype=np.float32)
        for kind in kinds:
            total = total + (self.adj[kind] > 0).astype(np.float32)
        mask = sparse.diags(self.is_chunk.astype(np.float32))
        out = (mask @ total @ mask).tocsr()
        out.data[:] = 1.0
        return out

    def neighbours(self, node: str, kinds: Sequence[str] = ("structural", "keyword", "semantic"),
                   chunks_only: bool = True) -> list[tuple[str, str, float]]:
        """(neighbour id, edge kind, weight) for a node; a title mention reports kind 'keyword'."""
        i = self.index.get(node)
        if i is None:
            return []
        out: dict[str, tuple[str, str, float]] = {}
        for kind in kinds:
            m = self.adj[kind]
            for j, w in zip(m.indices[m.indptr[i]:m.indptr[i + 1]], m.data[m.indptr[i]:m.indptr[i + 1]]):
                if (not chunks_only or self.is_chunk[j]) and self.ids[j] not in out:
                    out[self.ids[j]] = (self.ids[j], kind, float(w))
        return sorted(out.values(), key=lambda t: (KINDS.index(t[1]), -t[2], t[0]))

    def label(self, a: str, b: str) -> str:
        """Shared keywords (or 'mentions: <title>') on the keyword edge between two nodes."""
        i, j = self.index.get(a), self.index.get(b)
        if i is None or j is None:
            return ""
        return self.labels.get((min(i, j), max(i, j)), "")

    def edges_per_chunk(self) -> dict[str, float]:
        """Average chunk-to-chunk neighbours per chunk, by kind and in total."""
        chunks = max(1, int(self.is_chunk.sum()))
        out = {}
        for kind in ("structural", "keyword", "semantic"):
            out[kind] = float(self.combined((kind,)).nnz) / chunks
        out["mention"] = float(self.mention.nnz) / chunks
        out["total"] = float(self.combined().nnz) / chunks
        return out
