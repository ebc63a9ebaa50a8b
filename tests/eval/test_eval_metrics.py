"""Metric functions against numbers worked out by hand."""
import math

import pytest

from core.eval import metrics as m


def test_gold_ranks_first_occurrence_and_absent():
    assert m.gold_ranks(["p3", "p1", "p9", "p1"], ["p1", "p2", "p1"]) == [2, None]
    assert m.gold_ranks([], ["p1"]) == [None]


def test_recall_and_all_recall():
    ranks = [1, 4, None]
    assert m.recall_at_k(ranks, 1) == pytest.approx(1 / 3)
    assert m.recall_at_k(ranks, 4) == pytest.approx(2 / 3)
    assert m.all_recall_at_k(ranks, 4) == 0.0
    assert m.all_recall_at_k([1, 4], 4) == 1.0 and m.all_recall_at_k([1, 4], 3) == 0.0
    assert m.recall_at_k([], 5) == 0.0 and m.all_recall_at_k([], 5) == 0.0


def test_reciprocal_rank_with_cutoff():
    assert m.reciprocal_rank([None, 3, 7]) == pytest.approx(1 / 3)
    assert m.reciprocal_rank([None]) == 0.0
    assert m.reciprocal_rank([101]) == 0.0 and m.reciprocal_rank([100]) == pytest.approx(0.01)


def test_log_rank_index():
    # N = 10: S(1) = 1; S(4) = 1 - ln 4 / ln 10 = 0.397940; unranked -> rank 10 -> 0
    assert m.log_rank_score(1, 10) == 1.0
    assert m.log_rank_score(4, 10) == pytest.approx(0.397940, abs=1e-6)
    assert m.log_rank_score(None, 10) == 0.0
    assert m.log_rank_index([1, 4], 10) == pytest.approx(0.698970, abs=1e-6)
    assert m.log_rank_index([1, 4, None], 10) == pytest.approx(1.397940 / 3, abs=1e-6)
    # gamma = 2, N = 5, r = 3: 1 - ln 5 / ln 9
    assert m.log_rank_score(3, 5, gamma=2.0) == pytest.approx(1 - math.log(5) / math.log(9))
    assert m.log_rank_score(1, 1) == 1.0 and m.log_rank_score(None, 1) == 0.0
    assert m.log_rank_index([None], 0) == 0.0
    with pytest.raises(ValueError):
        m.log_rank_score(11, 10)


def test_answer_matching_patterns_and_aliases():
    texts = ["nothing", "The default\n value   is equal to 1527384.", "Stanley HALL led it"]
    assert m.first_answer_rank(texts, [r"value is equal to 1527384"], []) == 2
    # with patterns, the plain answer is not used
    assert m.first_answer_rank(texts, [r"no such thing"], ["nothing"]) is None
    assert m.first_answer_rank(texts, [], ["G. Stanley Hall", "stanley hall"]) == 3
    assert m.first_answer_rank(texts, [], ["  "]) is None
    assert m.answer_recall_at_k(3, 2) == 0.0 and m.answer_recall_at_k(3, 3) == 1.0
    assert m.answer_recall_at_k(None, 10) == 0.0


def test_mean_and_percentile():
    assert m.mean([]) == 0.0 and m.mean([1, 2, 6]) == 3.0
    assert m.percentile([10, 20, 30, 40], 50) == 25.0
    assert m.percentile([0, 100], 95) == 95.0
    assert m.percentile([], 50) == 0.0


def test_answer_pattern_matches_across_markdown_table_cells():
    from core.eval.metrics import answer_matcher, as_page_text

    table = "Table 3: Extensions\n| name | RFC | TLS |\n|---|---|---|\n| certificate_authorities | RFC8446 | 1.3 |"
    assert as_page_text("no table here") == "no table here"
    assert answer_matcher([r"certificate_authorities RFC8446 1\.3"], [])(table)
    assert not answer_matcher([r"certificate_authorities RFC8446 1\.2"], [])(table)
    assert not answer_matcher([r"---"], [])(table)
