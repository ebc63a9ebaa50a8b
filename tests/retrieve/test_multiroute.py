"""MultiRouteRetriever (HiQA) on the fruit corpus, scores computed by hand.

Question "apple banana": cosines c0 3/sqrt10, c3 2/sqrt10, c1 1/2, c2 0, c4 0 -> normalised
c0 1, c3 2/3, c1 0.527046, c2 0, c4 0; term counts c0 3, c3 2, c1 1 -> normalised 1, 2/3, 1/3.
"""
import math

import pytest
from tests.retrieve.ir_doubles import FRUIT, FixedKeywords, make_context, source_ids

from core.config import RetrieveSettings, Settings
from core.retrieve.base import make_retriever
from core.retrieve.multiroute import MultiRouteRetriever

V_C1 = 0.5 / (3 / math.sqrt(10))  # 0.527046


def _settings(alpha, beta):
    return Settings(data_dir="/nonexistent", retrieve=RetrieveSettings(multiroute_alpha=alpha, multiroute_beta=beta))


def test_default_weights_with_question_words_as_keywords():
    ctx = make_context(FRUIT)  # defaults: alpha 0.6, beta 0.1; no extractor -> question words
    result = MultiRouteRetriever(ctx).retrieve("What is an apple banana?", k=5)
    expected = {
        "c0": 0.6 * 1 + 0.4 * 1 + 0.1 * math.log(3),  # both keywords
        "c3": 0.6 * 2 / 3 + 0.4 * 2 / 3 + 0.1 * math.log(2),  # apple
        "c1": 0.6 * V_C1 + 0.4 / 3 + 0.1 * math.log(2),  # banana
        "c2": 0.0,
        "c4": 0.0,
    }
    assert source_ids(result) == ["c0", "c3", "c1", "c2", "c4"]
    assert [sc.score for sc in result.chunks] == pytest.approx([expected[s] for s in source_ids(result)])
    top = result.chunks[0].routes
    assert top["keywords"] == 2.0 and top["vector"] == pytest.approx(3 / math.sqrt(10))
    assert top["fulltext"] == 3.0 and top["vector_norm"] == 1.0 and top["fulltext_norm"] == 1.0
    assert result.notes[0] == "critical keywords (question words without stopwords): apple, banana"
    assert set(result.timings_ms) == {"embed", "search", "keywords", "fuse"}


def test_extractor_keywords_can_lift_a_chunk():
    ctx = make_context(FRUIT, settings=_settings(0.5, 1.0), keywords=FixedKeywords(["fig", "@fig", "=farm"]))
    result = make_retriever("multiroute", ctx).retrieve("apple banana", k=4)
    # c3 = 0.5*2/3 + 0.5*2/3 + ln2 = 1.3598 overtakes c0 = 1.0; c4 = ln2 beats c1 = 0.4302
    assert source_ids(result) == ["c3", "c0", "c4", "c1"]
    assert [sc.score for sc in result.chunks] == pytest.approx(
        [2 / 3 + math.log(2), 1.0, math.log(2), 0.5 * V_C1 + 0.5 / 3]
    )
    assert result.notes[0] == "critical keywords (keyword extractor): fig"


def test_keyword_matches_title_and_stored_keywords():
    ctx = make_context(FRUIT, settings=_settings(0.5, 1.0), keywords=FixedKeywords(["farm", "zest"]))
    ctx.catalog.commit_document(
        ctx.catalog.document("doc-c2"), [], ctx.catalog.doc_chunks("doc-c2"), [],
        [(ctx.catalog.doc_chunks("doc-c2")[0].chunk_id, "zest")],
    )
    result = MultiRouteRetriever(ctx).retrieve("date", k=5)
    routes = {sc.chunk.source_id: sc.routes["keywords"] for sc in result.chunks}
    assert routes["c4"] == 1.0  # title "Farm"
    assert routes["c2"] == 1.0  # stored keyword "zest"
    assert routes["c0"] == 0.0


def test_alpha_out_of_range_fails_fast():
    ctx = make_context(FRUIT, settings=_settings(1.5, 0.1))
    with pytest.raises(ValueError, match="multiroute_alpha=1.5"):
        MultiRouteRetriever(ctx).retrieve("apple", k=2)
