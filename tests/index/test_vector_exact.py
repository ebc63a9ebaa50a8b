"""An embedded store's unscoped search is exact, so it answers the same in every process.

Chroma rebuilds its HNSW graph each time a store is opened, inserting in threads, so its
approximate top k changed from one opening to the next: the same question ranked differently
in another process (or after a reload) and an answer depended on which process asked it.
"""
from __future__ import annotations

import numpy as np

from core.index.vector_chroma import ChromaVectorIndex

N, DIM, K = 1500, 384, 50


def _store(path) -> tuple[ChromaVectorIndex, list[str], np.ndarray]:
    rng = np.random.default_rng(7)
    vectors = rng.normal(size=(N, DIM)).astype(np.float32)  # high-dimensional noise: hard for HNSW
    ids = [f"c{i:05d}" for i in range(N)]
    idx = ChromaVectorIndex("folio_chunks", path=path)
    idx.upsert(ids, vectors, [f"d{i % 30}" for i in range(N)])
    return idx, ids, vectors


def _exact(ids: list[str], vectors: np.ndarray, query: np.ndarray, k: int) -> list[str]:
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    scores = unit @ (query / np.linalg.norm(query))
    return [ids[i] for i in sorted(range(len(ids)), key=lambda i: (-scores[i], ids[i]))[:k]]


def test_unscoped_search_is_the_exact_top_k_after_every_reopen(tmp_path):
    idx, ids, vectors = _store(tmp_path / "chroma")
    queries = np.random.default_rng(8).normal(size=(12, DIM)).astype(np.float32)
    want = [_exact(ids, vectors, q, K) for q in queries]
    for _ in range(3):  # each refresh reopens the store, as another process would open it
        got = [[cid for cid, _ in idx.query(q, K)] for q in queries]
        assert got == want
        idx.refresh()
    idx.close()


def test_exact_search_sees_a_write_in_the_same_process(tmp_path):
    idx, ids, vectors = _store(tmp_path / "chroma")
    query = vectors[3] + 0.01
    assert idx.query(query, 1)[0][0] == ids[3]
    idx.upsert(["near"], (vectors[3] + 0.005)[None, :], ["d-new"])
    assert idx.query(query, 1)[0][0] == "near"
    idx.delete_ids(["near"])
    assert idx.query(query, 1)[0][0] == ids[3]
    idx.close()


def test_a_store_above_the_exact_size_is_searched_by_chromas_graph(tmp_path, monkeypatch):
    """Reading every vector of a large store would cost each CLI call seconds: above
    EXACT_MAX the search is Chroma's own, and no full read happens."""
    import core.index.vector_chroma as vc

    idx, ids, vectors = _store(tmp_path / "chroma")
    monkeypatch.setattr(vc, "EXACT_MAX", N - 1)
    read_all = []
    monkeypatch.setattr(idx, "_read_all", lambda: read_all.append(1) or [])
    assert idx.query(vectors[3], 1)[0][0] == ids[3]  # the graph still finds an exact copy
    assert read_all == []
    monkeypatch.setattr(vc, "EXACT_MAX", N)
    idx.query(vectors[3], 1)
    assert read_all == [1]
    idx.close()
