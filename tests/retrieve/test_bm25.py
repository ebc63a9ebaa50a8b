"""BM25Retriever over a term-count text index double: exact ranks and scores."""
import pytest
from tests.retrieve.ir_doubles import FRUIT, make_context, source_ids

from core.retrieve.base import make_retriever
from core.retrieve.bm25 import BM25Retriever


def test_ranks_by_text_score():
    ctx = make_context(FRUIT)
    result = BM25Retriever(ctx).retrieve("banana fig", k=3)
    # term counts: c4 has fig twice (2); c0, c1, c3 once each (1), kept in index order
    assert source_ids(result) == ["c4", "c0", "c1"]
    assert [sc.routes["fulltext"] for sc in result.chunks] == [2.0, 1.0, 1.0]
    assert [sc.score for sc in result.chunks] == [2.0, 1.0, 1.0]
    assert set(result.timings_ms) == {"search", "fetch"}


def test_no_shared_term_gives_empty_result_with_note():
    result = make_retriever("bm25", make_context(FRUIT)).retrieve("kiwi mango", k=5)
    assert result.chunks == ()
    assert result.notes == ("no chunk shares a term with the question",)


def test_bad_k_fails_fast():
    with pytest.raises(ValueError):
        BM25Retriever(make_context(FRUIT)).retrieve("fig", k=-1)
