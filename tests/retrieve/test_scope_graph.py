"""The scoped graph view: edges leaving the scope are cut, the rest is the graph's own."""
from __future__ import annotations

from core.index.graph import ChunkGraph
from core.retrieve.scope import MAX_CACHED_VIEWS, scoped_graph
from core.types import Edge

OWNER = {"a1": "A", "a2": "A", "b1": "B", "c1": "C"}


class Catalog:
    """Only what `scoped_graph` asks of a catalog."""

    def chunk_ids_of(self, doc_ids):
        return [c for c, d in OWNER.items() if d in doc_ids]


def graph():
    return ChunkGraph.from_edges([
        Edge("a1", "a2", "structural", 1.0), Edge("a2", "b1", "keyword", 2.0, "kestrel"),
        Edge("a1", "c1", "semantic", 0.7), Edge("b1", "a1", "keyword", 1.0, "mentions: A"),
        Edge("page:A:1", "a1", "structural", 1.0), Edge("page:B:1", "b1", "structural", 1.0),
    ])


def test_edges_out_of_scope_are_cut_and_the_rest_kept():
    g = graph()
    view = scoped_graph(g, Catalog(), frozenset({"A"}))
    assert [n for n, _, _ in view.neighbours("a1")] == ["a2"]
    assert [n for n, _, _ in view.neighbours("a2")] == ["a1"]
    assert view.neighbours("b1") == [] and not view.is_chunk[view.index["b1"]]
    assert view.mention.nnz == 0 and g.mention.nnz == 1  # the unscoped graph is untouched
    assert [n for n, _, _ in view.neighbours("a1", chunks_only=False)] == ["a2"]  # walks go chunk to chunk
    assert [n for n, _, _ in g.neighbours("a1", chunks_only=False)] == ["a2", "page:A:1", "b1", "c1"]
    assert view.combined(("structural", "keyword", "semantic")).nnz == 2  # a1-a2 both ways


def test_views_are_cached_per_scope_and_bounded():
    g, cat = graph(), Catalog()
    assert scoped_graph(g, cat, None) is g
    first = scoped_graph(g, cat, frozenset({"A"}))
    assert scoped_graph(g, cat, frozenset({"A"})) is first
    for i in range(MAX_CACHED_VIEWS + 3):
        scoped_graph(g, cat, frozenset({"A", f"x{i}"}))
        assert scoped_graph(g, cat, frozenset({"A"})) is first  # the one in use stays cached
    assert sum(1 for k in g.cache if k[0] == "scope") <= MAX_CACHED_VIEWS
