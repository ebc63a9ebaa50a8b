"""bm25s backend: the shared text contract plus its own persistence and scoring details."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest

from core.index.text_bm25 import BM25TextIndex, bm25_matrix, top_k_positive

from .contract_text import DOCS, IDS, TEXTS, TextIndexContract


class TestBM25Contract(TextIndexContract):
    @pytest.fixture
    def make_index(self, tmp_path):
        return lambda: BM25TextIndex(tmp_path / "bm25")


def test_score_matches_lucene_bm25_by_hand(tmp_path):
    index = BM25TextIndex(tmp_path)
    index.add(["x", "y", "z"], ["apple banana", "apple cherry cherry", "date"], ["d", "d", "d"])
    # N=3, df(banana)=1, dl=2, avgdl=2, tf=1, k1=1.5, b=0.75
    idf = math.log(1 + (3 - 1 + 0.5) / (1 + 0.5))
    expected = idf * 1 / (1 + 1.5 * (1 - 0.75 + 0.75 * 2 / 2))
    [(cid, score)] = index.search("banana", 5)
    assert cid == "x"
    assert score == pytest.approx(expected, rel=1e-5)


def test_unflushed_changes_are_not_durable(tmp_path):
    index = BM25TextIndex(tmp_path)
    index.add(IDS, TEXTS, DOCS)
    assert index.count() == 5
    assert BM25TextIndex(tmp_path).count() == 0
    index.flush()
    assert BM25TextIndex(tmp_path).count() == 5


def test_reopen_uses_saved_index_without_rebuilding(tmp_path):
    index = BM25TextIndex(tmp_path)
    index.add(IDS, TEXTS, DOCS)
    index.flush()
    reopened = BM25TextIndex(tmp_path)
    reopened.count()
    assert reopened._stale_index is False  # loaded from disk, not rebuilt
    assert [c for c, _ in reopened.search("graph edges", 5)] == ["t4", "t1"]


def test_stale_saved_index_is_rebuilt(tmp_path):
    index = BM25TextIndex(tmp_path)
    index.add(IDS, TEXTS, DOCS)
    index.flush()
    meta = tmp_path / "bm25" / "generation.json"
    meta.write_text(json.dumps({"generation": -1, "count": 5}))  # as if a flush was cut short
    reopened = BM25TextIndex(tmp_path)
    assert [c for c, _ in reopened.search("graph edges", 5)] == ["t4", "t1"]


def test_files_are_plain_json_and_npy(tmp_path):
    index = BM25TextIndex(tmp_path)
    index.add(IDS, TEXTS, DOCS)
    index.flush()
    records = json.loads((tmp_path / "records.json").read_text())
    assert records["ids"] == IDS and records["doc_ids"] == DOCS and records["texts"] == TEXTS
    for npy in (tmp_path / "bm25").glob("*.npy"):
        np.load(npy, allow_pickle=False)


def test_delete_everything_then_search(tmp_path):
    index = BM25TextIndex(tmp_path)
    index.add(["a"], ["lonely chunk"], ["d"])
    index.delete_doc("d")
    index.flush()
    assert index.search("lonely", 5) == []
    assert BM25TextIndex(tmp_path).count() == 0


def test_mismatched_lengths_are_rejected(tmp_path):
    with pytest.raises(ValueError):
        BM25TextIndex(tmp_path).add(["a", "b"], ["only one"], ["d", "d"])


def test_top_k_positive_orders_and_breaks_ties_by_row():
    scores = np.array([0.0, 2.0, 5.0, 2.0, -1.0, 2.0], dtype=np.float32)
    assert top_k_positive(scores, 3) == [(2, 5.0), (1, 2.0), (3, 2.0)]
    assert top_k_positive(scores, 10) == [(2, 5.0), (1, 2.0), (3, 2.0), (5, 2.0)]
    assert top_k_positive(np.zeros(4), 2) == []


def test_vectorised_build_matches_bm25s_own_index():
    import bm25s

    rng = np.random.default_rng(7)
    words = [f"w{i}" for i in range(40)]
    corpus = [list(rng.choice(words, size=rng.integers(1, 12))) for _ in range(30)]
    reference = bm25s.BM25(method="lucene")
    reference.index(corpus, show_progress=False)
    vocab = {w: i for w, i in reference.vocab_dict.items() if w}  # bm25s appends an empty token
    tokens = np.array([vocab[w] for doc in corpus for w in doc], dtype=np.int32)
    lengths = np.array([len(doc) for doc in corpus])
    data, indices, indptr = bm25_matrix(tokens, lengths, len(vocab))
    np.testing.assert_array_equal(indptr, reference.scores["indptr"])
    np.testing.assert_array_equal(indices, reference.scores["indices"])
    np.testing.assert_allclose(data, reference.scores["data"], rtol=1e-5)


def test_incremental_changes_score_like_a_fresh_build(tmp_path):
    inc = BM25TextIndex(tmp_path / "inc")
    inc.add(IDS[:2], TEXTS[:2], DOCS[:2])
    inc.search("graph", 3)  # builds once with the first two chunks
    inc.add(IDS[2:], TEXTS[2:], DOCS[2:])
    inc.delete_doc("d1")
    inc.flush()
    reopened = BM25TextIndex(tmp_path / "inc")  # tokens come back from disk
    reopened.add(["t6"], ["A zebra grazes near graph edges."], ["d4"])
    fresh = BM25TextIndex(tmp_path / "fresh")
    fresh.add(IDS[2:] + ["t6"], TEXTS[2:] + ["A zebra grazes near graph edges."], DOCS[2:] + ["d4"])
    for query in ("graph edges", "zebra", "chunks keywords", "cat mat"):
        got, want = reopened.search(query, 5), fresh.search(query, 5)
        assert [c for c, _ in got] == [c for c, _ in want]
        assert [s for _, s in got] == pytest.approx([s for _, s in want], rel=1e-6)
    assert [c for c, _ in reopened.search("zebra", 5)] == ["t6"]
