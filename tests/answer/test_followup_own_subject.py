"""Self-contained second questions that look like follow-ups start fresh (issue 25, item 3), on
fixed cases found on the Biber tuning set and probes: a code-like name the tagger splits, a
pronoun whose noun closes the question, an opening "and"/"so"/"also" before a whole question,
a request naming its own topic; follow-ups beside them are still rewritten, and "which one"
takes the kind of thing the earlier question asked for."""
from __future__ import annotations

import pytest

from core.answer.followup import standalone
from core.answer.fresh import after_connector, asks_in_full, dislocated, names_own_subject, whole_request
from core.answer.phrases import which_one
from core.types import Turn


@pytest.mark.parametrize("earlier, fresh", [
    ("What does Biber's --validate-datamodel option do?", "What was the --validate-structure option renamed to?"),
    ("How do I make Biber sort case insensitively?", "What about the --sortupper option, what does it do?"),
    ("Which option sets Biber's input encoding?", "What about --decodecharsset, what does it set?"),
    ("How do I install the Biber binary on OSX?", "how do I install it on Linux, the Biber binary?"),
    ("How do I start gnuplot?", "How do I install it on Windows, the server?"),
    ("How do I start gnuplot?", "And what is a filter?"),
    ("How do I start gnuplot?", "So how do I plot a function?"),
    ("How do I start gnuplot?", "What about plotting data from a file, how do I do that?"),
    ("How do I start gnuplot?", "Show the syntax of the plot command."),
    ("How do I start gnuplot?", "Explain the set logscale command."),
    ("What does map_entry_null do in a Biber sourcemap?", "and what does map_entry_clone do?"),
])
def test_a_question_naming_its_own_subject_is_never_rewritten(earlier, fresh):
    out = standalone(fresh, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


@pytest.mark.parametrize("earlier, follow_up, rewritten", [
    ("How do I start R?", "and how do I quit it?", "How do I quit R?"),
    ("Which datasource drivers does Biber support?", "which one is experimental?",
     "Which datasource driver is experimental in Biber?"),
    ("Which option makes bzip2 keep the input files?", "and which one forces overwriting of output files?",
     "Which option forces overwriting of output files in bzip2?"),
])
def test_follow_ups_beside_them_are_still_rewritten(earlier, follow_up, rewritten):
    out = standalone(follow_up, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten, out.readable) == (rewritten, True, True)


def test_a_code_name_needs_a_whole_clause_and_no_pronoun_pointing_out():
    assert names_own_subject("What was the --validate-structure option renamed to?")
    assert not names_own_subject("does --fast make it faster?")  # 'it' is said earlier
    assert not names_own_subject("how do I make the output LOW with it?")  # LOW is an everyday word
    assert not names_own_subject("and -U?")  # no verb: a fragment
    assert not names_own_subject("what other options does --tool accept?")


def test_about_then_a_whole_question_with_a_code_name_or_an_action():
    assert asks_in_full("What about --decodecharsset, what does it set?")
    assert asks_in_full("What about plotting data from a file, how do I do that?")
    assert not asks_in_full("what about the client, which port does it use?")


def test_a_closing_noun_phrase_is_the_pronoun_s_noun_unless_it_is_only_an_attribute():
    assert dislocated("how do I save it to a file, the plot?")
    assert not dislocated("How do I change it, the default?")
    assert not dislocated("how do I change it?")


def test_an_opening_connector_before_a_whole_question():
    assert after_connector("And what is a filter?")
    assert after_connector("Also, how do I set the paper size of LilyPond?")
    assert not after_connector("and how do I read a file with the client?")  # whose client: said earlier
    assert not after_connector("and how do I quit it?")
    assert not after_connector("and which one forces overwriting of output files?")
    assert not after_connector("what is a filter?")
    assert not after_connector("and what does 1 select?")  # names nothing: the thing is said earlier


def test_a_request_needs_a_topic_besides_attribute_words():
    assert whole_request("List the Biblatex options which Biber uses.")
    assert not whole_request("Show the syntax.")
    assert not whole_request("give me an example")
    assert not whole_request("Explain it.")


def test_which_one_takes_the_earlier_kind_in_the_singular():
    assert which_one("which one is experimental?", "Which datasource drivers does Biber support?") == \
        "which datasource driver is experimental?"
    assert which_one("which one of the options is faster?", "Which options does R take?") == ""
    assert which_one("which one is faster?", "How do I start R?") == ""
