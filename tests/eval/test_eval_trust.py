"""Answer-trust metrics on fixed answers (core.eval.trust)."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from core.eval.questions import Question
from core.eval.trust import (
    RewriteRow, differing, is_declined, lead_line, retrieved_as, rewrite_summary, rewritten, score_trust,
    span_text, split_half, summarise_trust,
)

PORT = Question(qid="q1", question="Which port?", answer="69", short_answers=(("69",),))
TWO_PARTS = Question(qid="q2", question="Which sections?", answer="model and data",
                     short_answers=(("model section",), ("data section",)))


@dataclass
class Sentence:
    text: str
    span_text: str


@dataclass
class WithSentences:
    text: str
    sentences: list


def test_lead_line_drops_label_markup_citations_and_later_lines():
    text = "\n**Answer:** `--enable-shared` [2]\n> It builds shared libraries [2]"
    assert lead_line(text) == "--enable-shared"
    assert lead_line("") == ""


def test_first_line_hit_needs_every_part_on_the_first_line():
    both = score_trust(TWO_PARTS, "The model section and the data section [1]")
    split = score_trust(TWO_PARTS, "The model section [1]\n> and the data section [1]")
    assert (both.hit_first_line, both.hit) == (1.0, 1.0)
    assert (split.hit_first_line, split.hit) == (0.0, 1.0)


def test_first_line_hit_is_whole_words():
    assert score_trust(PORT, "Port 169 [1]").hit_first_line == 0.0
    assert score_trust(PORT, "Port **69** [1]").hit_first_line == 1.0


@pytest.mark.parametrize("text, declined", [
    ("The documents do not say which port TFTP uses.\nClosest evidence: ...", True),
    ("The evidence does not answer this question.\n> ...", True),
    ("**The documents do not say** it [1]", True),
    ("Port 69 [1]\nThe documents do not say more.", False),
    ("The documents say port 69 [1]", False),
])
def test_declined_reads_the_first_line_only(text, declined):
    assert is_declined(text) is declined
    assert score_trust(PORT, text).declined is declined


def test_split_half_is_by_the_last_digit_of_the_id():
    assert [split_half(f"pdfdev-{i:02d}") for i in (1, 2, 10, 13, 64)] == ["test", "tune", "tune", "test", "tune"]
    with pytest.raises(ValueError, match="no digit"):
        split_half("pdfdev")


def test_span_hit_is_na_without_sentences_and_scored_with_them():
    plain = score_trust(PORT, "Port 69 [1]", span_text(object()))
    assert plain.span_hit is None
    hit = WithSentences("Port 69 [1]", [Sentence("It uses port 69.", "the standardized number 69")])
    miss = WithSentences("Port 69 [1]", [Sentence("It uses a port.", "a well-known port")])
    assert score_trust(PORT, hit.text, span_text(hit)).span_hit == 1.0
    assert score_trust(PORT, miss.text, span_text(miss)).span_hit == 0.0
    assert score_trust(PORT, "x", span_text(WithSentences("x", []))).span_hit == 0.0


def test_summary_reports_span_na_unless_every_answer_has_sentences():
    rows = [score_trust(PORT, "Port 69 [1]"), score_trust(PORT, "The documents do not say.")]
    summary = summarise_trust(rows)
    assert summary["answer_hit_first_line"] == 0.5 and summary["declined"] == 0.5
    assert (summary["answer_words_p50"], summary["answer_words_p90"]) == (3.5, 4.7)  # 2 and 5 words
    assert summary["span_hit"] == "n/a"
    spans = [score_trust(PORT, "Port 69 [1]", "number 69 here"), score_trust(PORT, "No", "no span")]
    assert summarise_trust(spans)["span_hit"] == 0.5
    assert summarise_trust(spans)["span_words_p50"] == 2.5
    assert summarise_trust([]) == {"questions": 0}


def test_rewritten_ignores_case_and_whitespace():
    assert rewritten("and how do I quit it?", "How do I quit R?")
    assert not rewritten("How do I quit R?", "")
    assert not rewritten("How do I quit R?", "  how do I  quit r? ")


def test_rewrite_summary_ratio_and_counts():
    rows = [
        RewriteRow("f1", "follow-up", True, 1.0, 1.0),
        RewriteRow("f2", "follow-up", False, 0.0, 1.0),
        RewriteRow("f3", "follow-up", True, 1.0, 0.0),
        RewriteRow("s1", "self-contained", True, 1.0, 1.0),
        RewriteRow("s2", "self-contained", False, 1.0, 1.0),
    ]
    out = rewrite_summary(rows)
    assert out["page_hit@5_understood"] == pytest.approx(2 / 3, abs=1e-4)
    assert out["page_hit@5_ratio"] == 1.0
    assert (out["follow_ups_rewritten"], out["self_contained"], out["self_contained_rewritten"]) == (2, 2, 1)
    assert rewrite_summary([])["page_hit@5_ratio"] == 0.0


def test_differing_counts_changed_and_missing_answers():
    assert differing({"a": "x", "b": "y"}, {"a": "x", "b": "z", "c": "w"}) == ["b", "c"]
    assert differing({"a": "x"}, {"a": "x"}) == []


def test_a_row_is_scored_with_the_text_the_app_retrieved_with():
    asked = {"question": "and its width?", "understood_as": ""}
    assert retrieved_as({**asked, "retrieved_as": "and its width? a node"}) == "and its width? a node"  # hidden
    assert retrieved_as({**asked, "understood_as": "What is the width of a node?"}) == "What is the width of a node?"
    assert retrieved_as(asked) == "and its width?"


INTEL = Question(qid="q3", question="Which format?", answer="Intel hex", short_answers=(("Intel hex",),))
NETASCII = Question(qid="q4", question="Can it send netascii?", answer="No",
                    answer_patterns=("not is implemented is the netascii",), short_answers=(("no",),))


def test_bold_marks_inside_an_answer_phrase_do_not_hide_it():
    row = score_trust(INTEL, "“The load module in **Intel** hex format.” [1]\n“Other.” [2]")
    assert (row.hit_first_line, row.hit) == (1.0, 1.0)


def test_a_yes_no_span_counts_when_the_verdict_is_right_and_the_span_is_its_sentence():
    span = "The only feature that not is implemented is the netascii transfer mode."
    right = WithSentences("No: “The only feature that **not** is implemented …” [1]", [Sentence("x", span)])
    wrong = WithSentences("Yes: “The only feature that **not** is implemented …” [1]", [Sentence("x", span)])
    elsewhere = WithSentences("No: “TFTP is a protocol.” [1]", [Sentence("x", "TFTP is a protocol.")])
    assert score_trust(NETASCII, right.text, span_text(right)).span_hit == 1.0
    assert score_trust(NETASCII, wrong.text, span_text(wrong)).span_hit == 0.0
    assert score_trust(NETASCII, elsewhere.text, span_text(elsewhere)).span_hit == 0.0
