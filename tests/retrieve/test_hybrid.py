"""HybridRetriever: reciprocal-rank fusion with hand-computed scores."""
import dataclasses

import pytest
from tests.retrieve.ir_doubles import FRUIT, make_context, source_ids

from core.config import RetrieveSettings, Settings
from core.retrieve.hybrid import HybridRetriever


class FixedHits:
    """Returns the same ranked hits for any query (vector or text role)."""

    def __init__(self, hits):
        self.hits = hits

    def query(self, vector, k):
        return self.hits[:k]

    def search(self, query, k):
        return self.hits[:k]


def _ctx(rrf_k, dense, text):
    ctx = make_context(
        [(p, p, f"passage {p}") for p in "ABCD"],
        settings=Settings(data_dir="/nonexistent", retrieve=RetrieveSettings(rrf_k=rrf_k)),
    )
    cid = {c.source_id: c.chunk_id for c in ctx.catalog.all_chunks()}
    return dataclasses.replace(
        ctx,
        vectors=FixedHits([(cid[p], s) for p, s in dense]),
        text=FixedHits([(cid[p], s) for p, s in text]),
    )


def test_rrf_order_and_scores():
    ctx = _ctx(1, dense=[("A", 0.9), ("B", 0.8), ("C", 0.7)], text=[("D", 5.0), ("B", 4.0), ("A", 1.0)])
    result = HybridRetriever(ctx).retrieve("anything", k=4)
    # rrf_k=1: A = 1/2 + 1/4, B = 1/3 + 1/3, D = 1/2, C = 1/4
    assert source_ids(result) == ["A", "B", "D", "C"]
    assert [sc.score for sc in result.chunks] == pytest.approx([0.75, 2 / 3, 0.5, 0.25])
    routes = {sc.chunk.source_id: dict(sc.routes) for sc in result.chunks}
    assert routes["B"] == pytest.approx({"vector": 0.8, "fulltext": 4.0, "rrf": 2 / 3})
    assert routes["D"] == pytest.approx({"fulltext": 5.0, "rrf": 0.5})
    assert routes["C"] == pytest.approx({"vector": 0.7, "rrf": 0.25})
    assert set(result.timings_ms) == {"embed", "search", "fuse", "fetch"}


def test_default_rrf_k_60_and_truncation():
    ctx = _ctx(60, dense=[("A", 0.9), ("B", 0.8)], text=[("B", 3.0), ("C", 1.0)])
    result = HybridRetriever(ctx).retrieve("anything", k=2)
    # B = 1/62 + 1/61 beats A = 1/61 and C = 1/62
    assert source_ids(result) == ["B", "A"]
    assert result.chunks[0].score == pytest.approx(1 / 62 + 1 / 61)


def test_end_to_end_on_fruit_corpus():
    result = HybridRetriever(make_context(FRUIT)).retrieve("banana fig", k=3)
    # text counts: c4 2, c0 1, c1 1, c3 1 (index order)
    # cosines: c0 1/sqrt10=.316, c1 .5, c3 1/sqrt10=.316, c4 2/sqrt10=.632 -> dense c4, c1, c0, c3
    # rrf(60): c4 2/61, c1 1/62+1/63, c0 1/63+1/62, c3 1/64+1/64 -> c4, c1, c0 (tie kept in dense order)
    assert source_ids(result) == ["c4", "c1", "c0"]
