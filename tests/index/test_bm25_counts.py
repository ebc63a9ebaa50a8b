"""Term counts updated in place equal counts built afresh; old saved indexes still load."""
from __future__ import annotations

import numpy as np
import pytest

from core.index.bm25_counts import TermCounts
from core.index.text_bm25 import B, K1, BM25TextIndex

from .contract_text import DOCS, IDS, TEXTS


def dense(counts: TermCounts, n_rows: int, n_terms: int) -> np.ndarray:
    """Chunk x term matrix of the counts (and, beside it, of the BM25 weights)."""
    out = np.zeros((2, n_rows, n_terms))
    terms = counts.widened(n_terms).terms()
    out[0, counts.rows, terms] = counts.counts
    out[1, counts.rows, terms] = counts.bm25_weights(K1, B)
    return out


def test_merges_and_deletions_match_a_fresh_count():
    rng = np.random.default_rng(3)
    chunks = [rng.integers(0, 20 if i < 10 else 30, size=rng.integers(1, 15)) for i in range(40)]
    counts = TermCounts.empty().with_rows(range(10), chunks[:10], 20)  # fewer terms at first
    counts = counts.with_rows(range(10, 25), chunks[10:25], 30)
    chunks[3] = rng.integers(0, 30, size=7)  # replace a chunk in place
    counts = counts.with_rows([3, 25], [chunks[3], chunks[25]], 30)
    counts = counts.without_rows(np.array([0, 7, 8]))
    kept = [c for i, c in enumerate(chunks[:26]) if i not in (0, 7, 8)]
    fresh = TermCounts.empty().with_rows(range(len(kept)), kept, 30)
    np.testing.assert_array_equal(counts.indptr, fresh.indptr)
    np.testing.assert_array_equal(counts.lengths, fresh.lengths)
    np.testing.assert_allclose(dense(counts, len(kept), 30), dense(fresh, len(kept), 30), rtol=1e-6)


def test_hand_counted_example():
    counts = TermCounts.empty().with_rows([0, 1], [np.array([2, 0, 2]), np.array([2])], 3)
    assert counts.indptr.tolist() == [0, 1, 1, 3]
    assert counts.rows.tolist() == [0, 0, 1] and counts.counts.tolist() == [1, 2, 1]
    assert counts.lengths.tolist() == [3, 1]
    assert counts.without_rows(np.array([0])).rows.tolist() == [0]  # chunk 1 moved up


def test_index_saved_with_tokens_only_still_loads(tmp_path):
    """An index saved before counts.npy existed is counted from its tokens.npy once."""
    index = BM25TextIndex(tmp_path)
    index.add(IDS, TEXTS, DOCS)
    index.flush()
    want = index.search("graph edges", 5)
    saved = tmp_path / "bm25"
    counts = index._counts
    tokens = np.concatenate([np.repeat(counts.widened(counts.n_terms).terms()[counts.rows == r],
                                       counts.counts[counts.rows == r]) for r in range(len(IDS))])
    np.save(saved / "tokens.npy", tokens.astype(np.int32), allow_pickle=False)
    (saved / "counts.npy").unlink()
    reopened = BM25TextIndex(tmp_path)
    assert reopened.count() == len(IDS) and reopened._stale_index is False
    got = reopened.search("graph edges", 5)
    assert [c for c, _ in got] == [c for c, _ in want]
    assert [s for _, s in got] == pytest.approx([s for _, s in want], rel=1e-6)


def _peak(fn) -> int:
    """Bytes allocated at the peak of `fn()` beyond what was held before (numpy's too)."""
    import tracemalloc

    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_merge_and_the_weights_hold_little_beyond_their_results():
    """The ingest process merges and weighs the whole index at every save: with index arrays
    and float64 temporaries over every entry they held ~40-50 bytes an entry (~300 MB at a
    60,000-chunk library's ~7 million entries) beside the index itself."""
    rng = np.random.default_rng(0)
    chunks = [rng.integers(0, 5000, size=100) for _ in range(20_000)]
    counts = TermCounts.empty().with_rows(range(len(chunks)), chunks, 5000)
    entries = len(counts.rows)  # ~2 million
    merged = _peak(lambda: counts.with_rows([20_000, 20_001], [rng.integers(0, 6000, size=80)] * 2, 6000))
    assert merged < 10 * entries, f"{merged / entries:.1f} bytes an entry"  # the two new arrays: 8
    weighed = _peak(lambda: counts.bm25_weights(K1, B))
    assert weighed < 4 * entries + 16_000_000, f"{weighed / entries:.1f} bytes an entry"  # the result: 4
