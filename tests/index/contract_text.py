"""One contract every `TextIndex` backend must pass (bm25s, Elasticsearch, ...).

A backend's test module subclasses `TextIndexContract` and overrides the `make_index`
fixture: a zero-argument callable returning a *new handle* on the same, initially empty
storage, so a second call stands for reopening after a restart. Tests call `flush()`
after writing, as servers need it before a search sees the writes.

Expected ranks follow from BM25 with English stemming and stopwords: for "graph edges",
t4 (graph x3, edges x2, 9 terms) beats t1 (once each, 5 terms) despite being longer.
"""
from __future__ import annotations

import pytest

IDS = ["t1", "t2", "t3", "t4", "t5"]
TEXTS = [
    "Graph retrieval walks the edges between chunks.",
    "Dense retrieval compares embedding vectors.",
    "The cat sat on the warm mat.",
    "Graph edges join graph chunks; graph edges carry shared keywords.",
    "Keyword search ranks chunks by their BM25 scores.",
]
DOCS = ["d1", "d1", "d2", "d2", "d3"]


def ids_of(hits):
    return [cid for cid, _ in hits]


class TextIndexContract:
    """Shared behaviour of every full-text backend; subclasses override `make_index`."""

    @pytest.fixture
    def make_index(self):
        raise NotImplementedError("override make_index in the backend's test class")

    @pytest.fixture
    def filled(self, make_index):
        index = make_index()
        index.add(IDS, TEXTS, DOCS)
        index.flush()
        return index

    def test_empty_index(self, make_index):
        index = make_index()
        assert index.search("graph", 5) == []
        assert index.count() == 0
        assert index.doc_ids() == set()

    def test_ranks_and_positive_descending_scores(self, filled):
        hits = filled.search("graph edges", 5)
        assert ids_of(hits) == ["t4", "t1"]
        scores = [s for _, s in hits]
        assert all(s > 0 for s in scores)
        assert scores[0] > scores[1]

    def test_stemming_matches_word_forms(self, filled):
        # "walking" and "walks" both stem to "walk"; "keyword" matches "keywords".
        assert ids_of(filled.search("walking", 5)) == ["t1"]
        assert set(ids_of(filled.search("keyword", 5))) == {"t4", "t5"}

    def test_stopwords_only_query_finds_nothing(self, filled):
        assert filled.search("the of and", 5) == []

    def test_unknown_words_find_nothing(self, filled):
        assert filled.search("zyzzyva quokka", 5) == []

    def test_k_limits_results(self, filled):
        hits = filled.search("chunks", 2)
        assert len(hits) == 2
        assert set(ids_of(hits)) <= {"t1", "t4", "t5"}
        assert ids_of(filled.search("chunks", 10)) and len(filled.search("chunks", 10)) == 3

    def test_add_existing_id_replaces_text(self, filled):
        filled.add(["t3"], ["Graph graph edges, graph edges."], ["d2"])
        filled.flush()
        assert filled.count() == 5
        assert filled.search("cat", 5) == []
        assert ids_of(filled.search("graph edges", 5))[0] == "t3"

    def test_delete_doc_removes_only_that_doc(self, filled):
        filled.delete_doc("d2")
        filled.flush()
        assert filled.count() == 3
        assert filled.doc_ids() == {"d1", "d3"}
        assert ids_of(filled.search("graph edges", 5)) == ["t1"]
        assert ids_of(filled.search("dense retrieval", 5)) == ["t2", "t1"]

    def test_delete_absent_doc_is_silent(self, filled):
        filled.delete_doc("nope")
        filled.flush()
        assert filled.count() == 5

    def test_doc_ids_and_count(self, filled):
        assert filled.doc_ids() == {"d1", "d2", "d3"}
        assert filled.count() == 5

    def test_persists_across_reopen(self, make_index):
        first = make_index()
        first.add(IDS, TEXTS, DOCS)
        first.delete_doc("d3")
        first.flush()
        reopened = make_index()
        assert reopened.count() == 4
        assert reopened.doc_ids() == {"d1", "d2"}
        assert ids_of(reopened.search("graph edges", 5)) == ["t4", "t1"]

    def test_search_limited_to_documents(self, filled):
        """A scope filters the hits without changing their scores."""
        everywhere = dict(filled.search("graph edges chunks", 10))
        scoped = filled.search("graph edges chunks", 10, doc_ids={"d2", "d3"})
        assert scoped and {cid for cid, _ in scoped} <= {"t3", "t4", "t5"}
        assert all(abs(score - everywhere[cid]) < 1e-6 for cid, score in scoped)
        assert ids_of(filled.search("graph edges", 10, doc_ids={"d1"})) == ["t1"]
        assert filled.search("graph edges", 10, doc_ids=set()) == []
