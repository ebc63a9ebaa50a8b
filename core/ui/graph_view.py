"""The Graph page's model: the neighbourhood of a retrieval result, ready to draw.

`build_view` is pure: it takes the result, the catalog edges touching it and the chunks,
and returns nodes and edges with every display decision made (size by score, seeds as
stars, the walked path bold with hop numbers, a node cap). Labels and tooltips are plain
(untrusted) text: `core.ui.graph_html.to_html` escapes them once, where they enter the
page, so a title such as `Tom's "Ledger"` reads exactly so.

Example:
    >>> # edges, chunks = load_neighbourhood(library.catalog, result)
    >>> # html = graph_html.to_html(build_view(result, edges, chunks, kinds=("keyword",)))
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Callable, Mapping, Sequence

from core.types import Chunk, Edge, RetrievalResult
from core.ui.text import shorten

MAX_NODES = 300
EDGE_KINDS = ("structural", "keyword", "semantic")
EDGE_COLOURS = {"structural": "#9e9e9e", "keyword": "#e8871e", "semantic": "#3b7dd8"}
HOP_COLOUR = "#c0392b"
# Retrievers whose results carry hops (a walked path); the others only rank chunks.
# gnn is the Graph page's default: the best of them on the multi-hop benchmark sets
# (benchmarks/RESULTS.md: musique and hotpotqa-dev recall@5 and all_recall@5), no LLM needed.
PATH_RETRIEVERS = ("gnn", "iier", "kgp", "rgnn")
DEFAULT_RETRIEVER = "gnn"
PagesLabel = Callable[[Chunk], str]


def _physical(chunk: Chunk) -> str:
    return chunk.pages_label


@dataclass(frozen=True)
class ViewNode:
    """A node as drawn: `rank` for retrieved chunks, `seed`/`on_path` flags, plain text."""

    node_id: str
    label: str
    title: str
    kind: str  # chunk | page | section
    size: float
    rank: int | None = None
    seed: bool = False
    on_path: bool = False


@dataclass(frozen=True)
class ViewEdge:
    """An edge as drawn; `step` is the hop's number (its place in the walk, 1, 2, ...) when it
    is part of the walked path: gnn's hops all carry propagation step 1, so that step alone
    would number them all "1"."""

    source: str
    target: str
    kind: str
    weight: float
    title: str
    step: int | None = None


@dataclass(frozen=True)
class GraphView:
    """Nodes and edges to draw, and whether the node cap cut the neighbourhood."""

    nodes: tuple[ViewNode, ...]
    edges: tuple[ViewEdge, ...]
    total_nodes: int
    capped: bool

    @property
    def message(self) -> str:
        """A one-line note when the cap applied, else ''."""
        if not self.capped:
            return ""
        return (f"Showing {len(self.nodes)} of {self.total_nodes} nodes (cap {MAX_NODES}): "
                "retrieved chunks, seeds and the path first, then the best-connected neighbours.")


def node_kind(node_id: str) -> str:
    """'page', 'section' or 'chunk' from a graph node id."""
    if node_id.startswith("page:"):
        return "page"
    return "section" if node_id.startswith("section:") else "chunk"


def core_nodes(result: RetrievalResult) -> list[str]:
    """Retrieved chunks (rank order), then seeds, then nodes on the walked path."""
    ordered = [sc.chunk.chunk_id for sc in result.chunks] + list(result.seeds)
    ordered += [n for h in result.hops for n in (h.source, h.target)]
    return list(dict.fromkeys(ordered))


def load_neighbourhood(catalog, result: RetrievalResult) -> tuple[list[Edge], dict[str, Chunk]]:
    """Catalog edges touching the result's core nodes, and every chunk they reach."""
    edges = catalog.edges_touching(core_nodes(result))
    ids = {n for e in edges for n in (e.source, e.target)} | set(core_nodes(result))
    chunk_ids = sorted(i for i in ids if node_kind(i) == "chunk")
    return edges, {c.chunk_id: c for c in catalog.chunks(chunk_ids)}


def _pick_nodes(result: RetrievalResult, edges: Sequence[Edge], cap: int) -> tuple[list[str], int]:
    """Core nodes first, then neighbours by how many core nodes they touch; (kept, total)."""
    core = core_nodes(result)
    core_set = set(core)
    touches: dict[str, int] = {}
    for e in edges:
        for a, b in ((e.source, e.target), (e.target, e.source)):
            if a in core_set and b not in core_set:
                touches[b] = touches.get(b, 0) + 1
    rest = sorted(touches, key=lambda n: (-touches[n], node_kind(n) != "chunk", n))
    everything = core + rest
    return everything[:cap], len(everything)


def node_name(node_id: str, chunks: Mapping[str, Chunk], pages: PagesLabel = _physical) -> str:
    """A node as a reader knows it: 'Manual > Build · p. 4 · PDF page 8' for a chunk (its
    heading path and pages), 'PDF page 4' or 'section' for structure nodes."""
    chunk = chunks.get(node_id)
    if chunk is None:
        kind = node_kind(node_id)
        return "PDF page " + node_id.rsplit(":", 1)[-1] if kind == "page" else kind
    return f"{chunk.path_label} · {pages(chunk)}"


def _node_text(node_id: str, chunk: Chunk | None, rank: int | None, pages: PagesLabel) -> tuple[str, str]:
    """(label, tooltip) as plain text."""
    if chunk is None:
        return node_name(node_id, {}), node_id
    prefix = f"#{rank} " if rank else ""
    name = chunk.heading_path[-1] if chunk.heading_path else (chunk.doc_title or chunk.chunk_id)
    label = prefix + shorten(name, 28)
    title = f"{node_name(node_id, {node_id: chunk}, pages)}\n{shorten(chunk.text, 280)}"
    return label, title


def build_view(result: RetrievalResult, edges: Sequence[Edge], chunks: Mapping[str, Chunk],
               kinds: Sequence[str] = EDGE_KINDS, max_nodes: int = MAX_NODES,
               pages: PagesLabel = _physical) -> GraphView:
    """Choose and describe what to draw; edges of kinds not in `kinds` are hidden (hops stay).
    `pages` writes a chunk's pages (the app passes `core.ui.labels.pages_label`)."""
    edges = [e for e in edges if e.kind in kinds]
    kept, total = _pick_nodes(result, edges, max_nodes)
    keep = set(kept)
    ranks = {sc.chunk.chunk_id: (i, sc.score) for i, sc in enumerate(result.chunks, start=1)}
    top = max((s for _, s in ranks.values()), default=0.0) or 1.0
    on_path = {n for h in result.hops for n in (h.source, h.target)}
    seeds = set(result.seeds)
    nodes = []
    for node_id in kept:
        rank, score = ranks.get(node_id, (None, None))
        label, title = _node_text(node_id, chunks.get(node_id), rank, pages)
        size = 12 + 28 * max(0.0, score) / top if score is not None and top > 0 else 7
        nodes.append(ViewNode(node_id, label, title, node_kind(node_id), round(size, 2), rank,
                              node_id in seeds, node_id in on_path))
    nodes = _told_apart(nodes, chunks, pages)
    return GraphView(tuple(nodes), tuple(_view_edges(result, edges, keep)), total, total > len(kept))


def _told_apart(nodes: list[ViewNode], chunks: Mapping[str, Chunk], pages: PagesLabel) -> list[ViewNode]:
    """Retrieved chunks of one section share its heading as their label ("#3 Limits In SQLite", "#5 Limits In
    SQLite"): each such label gets its chunk's page ("#3 Limits In SQLite · p. 2")."""
    names = Counter(n.label.split(" ", 1)[-1] for n in nodes if n.rank)
    return [replace(n, label=f"{n.label} · {pages(chunks[n.node_id]).split(' · ')[0]}")
            if n.rank and names[n.label.split(" ", 1)[-1]] > 1 and n.node_id in chunks else n for n in nodes]


def _view_edges(result: RetrievalResult, edges: Sequence[Edge], keep: set[str]) -> list[ViewEdge]:
    """Hop edges (bold, numbered) plus the catalog edges between kept nodes, each pair once."""
    out: list[ViewEdge] = []
    seen: set[frozenset] = set()
    for number, hop in enumerate(result.hops, start=1):
        if hop.source in keep and hop.target in keep:
            seen.add(frozenset((hop.source, hop.target)))
            tip = f"hop {number} (step {hop.step}): {hop.kind} edge, score {hop.score:.3f}"
            out.append(ViewEdge(hop.source, hop.target, hop.kind, hop.score, tip, number))
    for e in edges:
        pair = frozenset((e.source, e.target))
        if e.source in keep and e.target in keep and pair not in seen and len(pair) == 2:
            seen.add(pair)
            tip = f"{e.kind} ({e.weight:.2f})" + (f": {e.label}" if e.label else "")
            out.append(ViewEdge(e.source, e.target, e.kind, e.weight, shorten(tip, 200)))
    return out



def hop_rows(result: RetrievalResult, chunks: Mapping[str, Chunk], pages: PagesLabel = _physical) -> list[dict]:
    """The walked path as table rows, numbered as in the drawing, each end named by
    heading and page (`node_name`), not by its id."""
    return [{"hop": number, "step": h.step, "from": node_name(h.source, chunks, pages),
             "to": node_name(h.target, chunks, pages), "edge": h.kind, "score": round(h.score, 4)}
            for number, h in enumerate(result.hops, start=1)]
