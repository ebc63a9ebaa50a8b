"""Pure fusion maths with hand-computed numbers."""
import math

import numpy as np
import pytest

from core.retrieve.fusion import (
    candidate_depth,
    content_terms,
    hiqa_score,
    matched_keywords,
    min_max,
    reciprocal_rank_fusion,
    scores_for,
)


def test_rrf_values_and_order():
    fused = reciprocal_rank_fusion([["a", "b", "c"], ["c", "a"]], k=0)
    # a = 1/1 + 1/2, c = 1/3 + 1/1, b = 1/2
    assert list(fused) == ["a", "c", "b"]
    assert fused == pytest.approx({"a": 1.5, "c": 4 / 3, "b": 0.5})


def test_rrf_ties_keep_first_seen_order_and_duplicates_count_once():
    fused = reciprocal_rank_fusion([["x", "x", "y"], ["y", "x"]], k=1)
    assert fused == pytest.approx({"x": 1 / 2 + 1 / 3, "y": 1 / 3 + 1 / 2})
    assert list(fused) == ["x", "y"]
    with pytest.raises(ValueError):
        reciprocal_rank_fusion([["a"]], k=-1)


def test_min_max():
    assert min_max(np.array([2.0, 4.0, 3.0])).tolist() == [0.0, 1.0, 0.5]
    assert min_max(np.array([5.0, 5.0])).tolist() == [0.0, 0.0]
    assert min_max(np.array([])).size == 0


def test_hiqa_score():
    out = hiqa_score(np.array([1.0, 0.0]), np.array([0.0, 1.0]), np.array([0, 3]), alpha=0.6, beta=0.1)
    assert out.tolist() == pytest.approx([0.6, 0.4 + 0.1 * math.log(4)])
    with pytest.raises(ValueError):
        hiqa_score(np.zeros(1), np.zeros(1), np.zeros(1), alpha=-0.1, beta=0.1)


def test_helpers():
    assert candidate_depth(5) == 50 and candidate_depth(100) == 100
    assert scores_for(["a", "z"], {"a": 2.0}, missing=-1.0).tolist() == [2.0, -1.0]
    assert content_terms("Who was the first president of the A.P.A. in 1892?") == ["president", "1892"]
    assert content_terms("Where's Hello Love's performer?") == ["hello", "love", "performer"]


def test_matched_keywords_whole_words_case_insensitive():
    hay = "The  Journal of\nPsychotherapy Integration; APA-published"
    assert matched_keywords(["journal of psychotherapy", "apa", "psycho", "Integration"], hay) == [
        "journal of psychotherapy", "apa", "Integration",
    ]
    assert matched_keywords(["hall"], "nothing here", stored=["Hall"]) == ["hall"]
