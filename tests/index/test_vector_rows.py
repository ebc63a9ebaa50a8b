"""Vectors held in memory for scoped search: exact top k, read once, dropped when stale."""
from __future__ import annotations

import threading

import numpy as np
import pytest

from core.index.vector_chroma import ChromaVectorIndex
from core.index.vector_rows import MAX_VIEWS, VectorRows, top_k_cosine

# cosine with (1, 0): a 1.0 (norm 2), b 0.6, c 0.6 (tied with b), d -1.0
IDS = ["d", "c", "a", "b"]
M = np.array([[-1.0, 0.0], [0.6, 0.8], [2.0, 0.0], [0.6, -0.8]], dtype=np.float32)


def test_top_k_is_exact_cosine_best_first_ties_by_id():
    norms = np.linalg.norm(M, axis=1)
    hits = top_k_cosine(IDS, M, norms, np.array([3.0, 0.0], np.float32), 3)
    assert [h[0] for h in hits] == ["a", "b", "c"]
    assert [round(h[1], 6) for h in hits] == [1.0, 0.6, 0.6]
    assert [h[0] for h in top_k_cosine(IDS, M, norms, np.array([1.0, 0.0]), 10)] == ["a", "b", "c", "d"]
    assert top_k_cosine([], M[:0], norms[:0], np.array([1.0, 0.0]), 3) == []


class Store:
    """A vector store that counts its reads."""

    def __init__(self):
        self.vectors = dict(zip(IDS, M))
        self.reads: list[list[str]] = []

    def fetch(self, ids):
        self.reads.append(list(ids))
        return {i: self.vectors[i] for i in ids if i in self.vectors}


def test_rows_are_read_once_and_scope_matrices_kept():
    store = Store()
    rows = VectorRows(store.fetch)
    q = np.array([1.0, 0.0], np.float32)
    assert [h[0] for h in rows.query(q, 2, "s", lambda: ["a", "b", "x"])] == ["a", "b"]
    assert store.reads == [["a", "b", "x"]]
    assert rows.query(q, 2, "s", lambda: pytest.fail("a kept scope does not ask the catalog again"))
    assert set(rows.vectors(["a", "c"])) == {"a", "c"} and store.reads[-1] == ["c"]  # a was held
    for i in range(MAX_VIEWS + 2):  # old scope matrices go, newest kept
        rows.query(q, 1, f"other{i}", lambda: ["d"])
    assert len(rows._views) == MAX_VIEWS and "s" not in rows._views


def test_forgotten_rows_are_read_again():
    store = Store()
    rows = VectorRows(store.fetch)
    q = np.array([1.0, 0.0], np.float32)
    assert rows.query(q, 1, "s", lambda: ["a", "b"])[0][0] == "a"
    store.vectors["a"] = np.array([-1.0, 0.0], np.float32)  # rewritten (by a write this process made)
    rows.forget(["a"])
    assert rows.query(q, 1, "s", lambda: ["a", "b"])[0][0] == "b"
    assert store.reads[-1] == ["a"]
    rows.forget()
    rows.vectors(["a"])
    assert store.reads[-1] == ["a"]


def test_a_read_that_overlaps_a_forget_is_not_kept():
    store, started, go = Store(), threading.Event(), threading.Event()

    def slow_fetch(ids):
        started.set()
        assert go.wait(10)
        return store.fetch(ids)

    rows = VectorRows(slow_fetch)
    reader = threading.Thread(target=rows.vectors, args=(["a"],))
    reader.start()
    assert started.wait(10)
    rows.forget()  # another process wrote while the read was under way
    go.set()
    reader.join(10)
    assert "a" not in rows._rows


@pytest.fixture
def chroma(tmp_path):
    handles = []

    def make():
        handles.append(ChromaVectorIndex("folio_chunks", path=tmp_path / "chroma"))
        return handles[-1]

    yield make
    for h in handles:
        h.close()


def test_scoped_chroma_search_is_exact(chroma):
    rng = np.random.default_rng(5)
    vecs = rng.normal(size=(1500, 32)).astype(np.float32)
    ids, docs = [f"c{i:04d}" for i in range(1500)], [f"d{i // 10}" for i in range(1500)]
    index = chroma()
    index.upsert(ids, vecs, docs)
    norms = np.linalg.norm(vecs, axis=1)
    for trial in range(20):
        scope = {f"d{j}" for j in rng.choice(150, size=int(rng.integers(1, 40)), replace=False)}
        members = [i for i, d in zip(ids, docs) if d in scope]
        q = rng.normal(size=32).astype(np.float32)
        cos = vecs @ q / (norms * np.linalg.norm(q))
        exact = sorted((i for i, d in zip(ids, docs) if d in scope), key=lambda i: -cos[int(i[1:])])[:10]
        hits = index.query_among(q, 10, scope, lambda: members)
        assert [h[0] for h in hits] == exact
        assert [h[1] for h in hits] == pytest.approx([cos[int(i[1:])] for i in exact], abs=1e-5)


def test_scoped_chroma_search_follows_writes_here_and_elsewhere(chroma):
    mine, other = chroma(), chroma()
    mine.upsert(["a", "b"], np.array([[1, 0], [0, 1]], np.float32), ["d", "d"])
    q = np.array([1.0, 0.1], np.float32)
    assert mine.query_among(q, 1, {"d"}, lambda: ["a", "b"])[0][0] == "a"
    mine.upsert(["a"], np.array([[-1, 0]], np.float32), ["d"])  # this process rewrites a
    assert mine.query_among(q, 1, {"d"}, lambda: ["a", "b"])[0][0] == "b"
    other.upsert(["c"], np.array([[1, 0]], np.float32), ["d"])  # another process adds c
    mine.refresh()  # what the library does when the catalog generation moves
    assert mine.query_among(q, 1, {"d"}, lambda: ["a", "b", "c"])[0][0] == "c"
    mine.delete_ids(["c"])
    assert mine.query_among(q, 1, {"d"}, lambda: ["a", "b", "c"])[0][0] == "b"
    assert np.array_equal(mine.get(["b", "a"]), np.array([[0, 1], [-1, 0]], np.float32))


def test_writes_are_not_held_unless_the_rows_are_the_whole_store():
    """A folder ingest writes the whole library through one process that never searches it:
    held, its vectors grew that process by ~1.7 KB an entry (~125 MB at 75,000 entries)."""
    store = Store()
    rows = VectorRows(store.fetch)
    rows.vectors(["a"])  # read once: held
    rows.put([f"n{i}" for i in range(100)], np.ones((100, 2), np.float32))
    rows.put(["a"], np.array([[-1.0, 0.0]], np.float32))  # rewritten: the held row is stale
    assert len(rows) == 0
    store.vectors["a"] = np.array([-1.0, 0.0], np.float32)
    assert rows.vectors(["a"])["a"].tolist() == [-1.0, 0.0] and store.reads[-1] == ["a"]
    rows.keep(dict(store.vectors), complete=True)  # the whole store: writes join it
    rows.put(["z"], np.array([[0.0, 1.0]], np.float32))
    assert rows.complete and "z" in rows.ids() and len(rows) == len(store.vectors) + 1
