"""DenseRetriever on a five-passage bag-of-words corpus with hand-computed cosines."""
import math

import pytest
from tests.retrieve.ir_doubles import FRUIT, make_context, source_ids

from core.retrieve.base import make_retriever
from core.retrieve.dense import DenseRetriever


def test_ranks_by_cosine_with_exact_scores():
    ctx = make_context(FRUIT)
    result = DenseRetriever(ctx).retrieve("apple banana", k=3)
    # q = (1,1,0..)/sqrt2; c0 = (2,1)/sqrt5 -> 3/sqrt10; c3 = (2,0,..,1)/sqrt5 -> 2/sqrt10; c1 -> 1/2
    assert source_ids(result) == ["c0", "c3", "c1"]
    scores = [sc.routes["vector"] for sc in result.chunks]
    assert scores == pytest.approx([3 / math.sqrt(10), 2 / math.sqrt(10), 0.5], abs=1e-6)
    assert [sc.score for sc in result.chunks] == pytest.approx(scores)
    assert result.retriever == "dense"
    assert set(result.timings_ms) == {"embed", "search", "fetch"}


def test_factory_builds_dense_and_k_is_respected():
    ctx = make_context(FRUIT)
    retriever = make_retriever("dense", ctx)
    assert retriever.name == "dense"
    assert len(retriever.retrieve("cherry", k=1).chunks) == 1
    assert source_ids(retriever.retrieve("cherry", k=1)) == ["c1"]  # (0,1,1)/sqrt2 beats (0,0,1,1,1)/sqrt3


def test_stale_vector_is_skipped_with_a_note():
    ctx = make_context(FRUIT)
    ctx.vectors.upsert(["ghost"], ctx.embedder.embed(["apple banana"]), ["doc-gone"])
    result = DenseRetriever(ctx).retrieve("apple banana", k=2)
    assert source_ids(result) == ["c0"]  # the ghost ranked first but has no catalog row
    assert any("missing from the catalog" in n for n in result.notes)


def test_blank_question_and_bad_k():
    ctx = make_context(FRUIT)
    assert DenseRetriever(ctx).retrieve("   ", k=3).chunks == ()
    with pytest.raises(ValueError, match="k=0"):
        DenseRetriever(ctx).retrieve("apple", k=0)
