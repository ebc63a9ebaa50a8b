"""One contract every `VectorIndex` backend must pass (embedded Chroma, Chroma server, ...).

A backend's test module subclasses `VectorIndexContract` and overrides the `make_index`
fixture: a zero-argument callable returning a *new handle* on the same, initially empty
storage, so a second call stands for reopening after a restart.

Corpus (4-D, hand-made): cosine with Q = (0.6, 0.8, 0, 0) is
    b 0.96 > c 0.80 > a 0.60 > d 0.00 = e 0.00
"""
from __future__ import annotations

import numpy as np
import pytest

IDS = ["a", "b", "c", "d", "e"]
VECS = np.array(
    [
        [1.0, 0.0, 0.0, 0.0],
        [0.8, 0.6, 0.0, 0.0],
        [0.0, 1.0, 0.0, 0.0],
        [0.0, 0.0, 1.0, 0.0],
        [0.0, 0.0, 0.6, 0.8],
    ],
    dtype=np.float32,
)
DOCS = ["d1", "d1", "d2", "d2", "d3"]
Q = np.array([0.6, 0.8, 0.0, 0.0], dtype=np.float32)


def ids_of(hits):
    return [cid for cid, _ in hits]


class VectorIndexContract:
    """Shared behaviour of every vector backend; subclasses override `make_index`."""

    @pytest.fixture
    def make_index(self):
        raise NotImplementedError("override make_index in the backend's test class")

    @pytest.fixture
    def filled(self, make_index):
        index = make_index()
        index.upsert(IDS, VECS, DOCS)
        return index

    def test_empty_index(self, make_index):
        index = make_index()
        assert index.query(Q, 5) == []
        assert index.query_many(np.stack([Q, Q]), 5) == [[], []]
        assert index.count() == 0
        assert index.doc_ids() == set()

    def test_query_order_and_cosine_scores(self, filled):
        hits = filled.query(Q, 3)
        assert ids_of(hits) == ["b", "c", "a"]
        assert [s for _, s in hits] == pytest.approx([0.96, 0.80, 0.60], abs=1e-5)

    def test_query_is_cosine_not_dot_product(self, filled):
        hits = filled.query(Q * 5.0, 3)  # same direction, five times longer
        assert ids_of(hits) == ["b", "c", "a"]
        assert hits[0][1] == pytest.approx(0.96, abs=1e-5)

    def test_query_many_answers_like_query_per_row(self, filled):
        rows = np.stack([Q, VECS[3]])
        many = filled.query_many(rows, 2)  # not 3: VECS[3]'s third place is a three-way tie at 0
        assert [ids_of(h) for h in many] == [ids_of(filled.query(r, 2)) for r in rows]
        assert many[0][0][1] == pytest.approx(0.96, abs=1e-5)
        assert filled.query_many(np.zeros((0, 4), np.float32), 3) == []

    def test_k_larger_than_count_returns_all(self, filled):
        hits = filled.query(Q, 50)
        assert len(hits) == 5
        assert ids_of(hits)[:3] == ["b", "c", "a"]
        assert set(ids_of(hits)) == set(IDS)

    def test_upsert_replaces_vector(self, filled):
        filled.upsert(["a"], np.array([[0.0, 0.0, 0.0, 1.0]], dtype=np.float32), ["d1"])
        assert filled.count() == 5
        hits = filled.query(np.array([0.0, 0.0, 0.0, 1.0], dtype=np.float32), 2)
        assert ids_of(hits) == ["a", "e"]
        assert [s for _, s in hits] == pytest.approx([1.0, 0.8], abs=1e-5)
        assert filled.get(["a"])[0] == pytest.approx([0.0, 0.0, 0.0, 1.0])

    def test_repeated_id_in_one_call_keeps_last(self, make_index):
        index = make_index()
        index.upsert(["x", "x"], np.array([[1, 0, 0, 0], [0, 1, 0, 0]], dtype=np.float32), ["d", "d"])
        assert index.count() == 1
        assert index.get(["x"])[0] == pytest.approx([0.0, 1.0, 0.0, 0.0])

    def test_delete_doc_removes_only_that_doc(self, filled):
        filled.delete_doc("d2")
        assert filled.count() == 3
        assert filled.doc_ids() == {"d1", "d3"}
        assert ids_of(filled.query(Q, 2)) == ["b", "a"]
        with pytest.raises(KeyError):
            filled.get(["c"])

    def test_delete_absent_doc_is_silent(self, filled):
        filled.delete_doc("nope")
        assert filled.count() == 5

    def test_get_returns_given_order(self, filled):
        got = filled.get(["e", "a", "c"])
        assert got.shape == (3, 4)
        np.testing.assert_allclose(got, VECS[[4, 0, 2]], atol=1e-6)

    def test_get_missing_raises_key_error(self, filled):
        with pytest.raises(KeyError):
            filled.get(["a", "zzz"])

    def test_doc_ids_and_count(self, filled):
        assert filled.doc_ids() == {"d1", "d2", "d3"}
        assert filled.count() == 5

    def test_persists_across_reopen(self, make_index):
        first = make_index()
        first.upsert(IDS, VECS, DOCS)
        first.delete_doc("d3")
        reopened = make_index()
        assert reopened.count() == 4
        assert reopened.doc_ids() == {"d1", "d2"}
        assert ids_of(reopened.query(Q, 3)) == ["b", "c", "a"]

    def test_query_limited_to_documents(self, filled):
        """A scope is filtered in the store: the k nearest among its documents only."""
        hits = filled.query(Q, 2, doc_ids={"d2", "d3"})
        assert len(hits) == 2 and ids_of(hits)[0] == "c" and set(ids_of(hits)) <= {"c", "d", "e"}
        assert abs(hits[0][1] - 0.8) < 1e-5
        assert set(ids_of(filled.query(Q, 10, doc_ids={"d3"}))) == {"e"}
        assert ids_of(filled.query(Q, 10, doc_ids={"d1", "d2"}, exclude_docs=["d1"]))[0] == "c"
        assert filled.query(Q, 10, doc_ids=set()) == []

    def test_query_among_a_scope_s_chunks(self, filled):
        asked = []

        def listed():  # the catalog's chunks of the scope, one of them never stored
            asked.append(1)
            return ["c", "d", "e", "gone"]

        hits = filled.query_among(Q, 2, {"d2", "d3"}, listed)
        assert ids_of(hits) == ["c", "d"] or ids_of(hits) == ["c", "e"]  # d and e tie at 0.0
        assert hits[0][1] == pytest.approx(0.8, abs=1e-5)
        assert ids_of(filled.query_among(Q, 10, {"d3"}, lambda: ["e"])) == ["e"]
        assert filled.query_among(Q, 10, set(), listed) == []
