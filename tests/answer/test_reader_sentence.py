"""The offline reader picks the sentence that answers: fixed cases for the sentence choice,
the neighbours' and defaults' scores, definitions, counts and 'Step 1.' labels.

The passages are written here in the shapes the PDF parser gives (prose lines, a lead-in
line ending with ':' and the list or code after it, definition entries with their defaults).
"""
from __future__ import annotations

import pytest

from core.answer.candidates import Candidate, with_sentences
from core.answer.reader import ExtractiveReader
from core.answer.question import analyse_question
from core.answer.sentences import best_span, pieces, split_answer
from core.answer.spans import definition_spans, number_spans
from core.answer.pool import section_defaults, with_neighbours
from core.answer.units import Unit
from core.eval.questions import Question
from core.eval.trust import lead_line, span_text
from core.eval.answers import is_hit

MANUAL = (
    "Any function may be invoked as a procedure; the return value is simply discarded.\n"
    "Such a function need not have an explicit return statement:\n"
    "write, file, \"Q = \"+pr1(Q);\n"
    "The pr1 function (for print one value) returns a string representation of its numeric argument.\n"
    "Besides lacking an explicit return statement, the q_out function has two other peculiarities worth mentioning:\n"
    "First, the variable theta is never defined."
)
ERRORS = (
    "Syntax errors are mostly simple typos, but a mechanical language can be exasperatingly picky.\n"
    "Every programming language has its quirks.\n"
    "When the interpreter detects a syntax error, the error message always begins with SYNTAX:.\n"
    "After about a dozen syntax errors in a single file, the interpreter gives up and waits for keyboard input."
)
SCHEME = (
    "Suitability of arguments for the predicates is determined by actually calling the predicate.\n"
    "Scheme procedures that return boolean values are often called predicates."
)


def _first_line(question: str, passage: str) -> str:
    """The reader's first line for one passage, citation marks and markup removed."""
    result = ExtractiveReader(None).read(question, [(1, passage, "Manual", "Basics")])
    assert result.supported, result.render()
    return lead_line(result.render())


@pytest.mark.parametrize("question, passage, answer", [
    ("What does the pr1 function return?", MANUAL, "string representation"),  # no span of the asked shape
    ("How does every syntax error message begin?", ERRORS, "SYNTAX"),
    ("After about how many syntax errors in one file does the interpreter give up?", ERRORS, "dozen"),
    ("In Scheme, what is a predicate?", SCHEME, "boolean"),
])
def test_the_best_matching_sentence_is_the_first_line(question, passage, answer):
    q = Question.from_dict({"id": "t-1", "question": question, "short_answers": [[answer]]})
    line = _first_line(question, passage)
    assert is_hit(line, q), line


def test_a_sentence_outranks_a_weaker_one_with_a_span():
    strong, weak = Unit("The pr1 function returns a string.", 1, "prose"), Unit("Use q_out here.", 1, "prose", index=1)
    spans = [Candidate("q_out", weak, 2 * 0.3 + 0.5, 4)]
    ranked = with_sentences(spans, [strong, weak], [1.0, 0.3], unit_weight=2.0, base=0.2)
    assert (ranked[0].text, ranked[0].unit) == ("", strong)
    assert ranked[0].score == pytest.approx(2.2)


def test_a_follower_inherits_more_after_a_lead_in():
    lead = Unit("Start the daemon with this command:", 1, "prose", index=0)
    code = Unit("$ folio-daemon --start", 1, "code", index=1)
    plain = Unit("The daemon listens on a port.", 2, "prose", index=0)
    other = Unit("Ports are numbers.", 2, "prose", index=1)
    pool, scores = with_neighbours([lead, plain], [1.0, 1.0], 2, {lead: code, plain: other},
                                   steps=1, decay=0.6, lead_decay=0.95)
    got = dict(zip(pool, scores))
    assert got[code] == pytest.approx(0.95)
    assert got[other] == pytest.approx(0.6)


def test_the_entrys_own_default_scores_more_than_a_later_one():
    entry = Unit("Connection time-out.", 1, "prose", index=0, section="Options")
    own = Unit("Default is 60000 (milliseconds).", 1, "prose", index=1, section="Options")
    later = Unit("Default is infinity.", 1, "prose", index=3, section="Options")
    got = section_defaults([entry, own, later], [1.0, 0.2, 0.2], 1)
    assert got[own] == pytest.approx(0.9)
    assert got[later] == pytest.approx(0.5)


def test_definitions_named_with_an_adverb_and_no_passive():
    named = definition_spans("Scheme procedures that return boolean values are often called predicates.", ["predicate"])
    assert [m.text for m in named] == ["Scheme procedures that return boolean values"]
    assert definition_spans("Suitability of the predicates is determined by calling them.", ["predicate"]) == []


def test_a_dozen_is_a_count():
    assert [m.text for m in number_spans("It gives up after about a dozen errors.")] == ["dozen errors"]


def test_a_step_label_does_not_end_a_sentence():
    assert split_answer("“Step 1. **Create a sample file**:” [1]\n“Other.” [2]") == [
        ("“Step 1. **Create a sample file**:” [1]", (1,)), ("“Other.” [2]", (2,))]
    assert pieces("Step 2a. Start the server:\n$ serve") == ["Step 2a. Start the server:", "$ serve"]


def test_the_span_of_a_step_holds_its_words():
    chunk = "This is an example.\nStep 1. Create a sample file to be used for the transfer:\n$ echo hi > file.txt"
    span, _, _ = best_span("“Step 1. **Create a sample file to be used for the transfer**:” [1]", [("c1", chunk)])
    assert span == "Step 1. Create a sample file to be used for the transfer:"


def test_the_answers_first_sentence_rests_on_the_answering_sentence():
    from core.answer.qa import answer_question
    from core.types import Chunk, RetrievalResult, ScoredChunk

    chunk = Chunk(chunk_id="c1", doc_id="d1", doc_title="Manual", text=MANUAL, embed_text=MANUAL,
                  heading_path=("Manual", "Basics"))
    result = RetrievalResult(question="What does the pr1 function return?", retriever="bm25",
                             chunks=(ScoredChunk(chunk, 1.0, {}),))
    answer = answer_question(result.question, result, None, None)
    assert "string representation" in span_text(answer)


def test_by_hand_asks_for_manually_not_for_a_hand():
    """ "by hand" is "manually": "drbdadm adjust then hands off to drbdsetup …" shares only the
    word "hand" with the question and must not outrank the sentence that enables it manually."""
    passage = ("drbdadm adjust then hands off to drbdsetup to make the necessary adjustments to a DRBD resource. "
               "If you need to enable DRBD resources manually, issue the command drbdadm up.")
    first = _first_line("How do I enable a DRBD resource by hand?", passage)
    assert first.startswith("“If you need to enable DRBD resources manually")
    assert "manually" in analyse_question("How do I enable it by hand?").terms
