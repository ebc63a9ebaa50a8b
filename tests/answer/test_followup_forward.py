"""Follow-up rules found on the MrBayes tuning set: a pronoun that points forward at a name later in the
question, an "it" that only holds the place of a clause, "what about <concept>, <whole question>?", the
kind word behind "the IGR one" and "which of them", and clauses left out ("and why would I?", "how often
by default?", "what about Windows?")."""
from __future__ import annotations

import pytest

from core.answer.ellipsis_clause import borrowed_action, name_for_place, other_adverb
from core.answer.followup import standalone
from core.answer.fresh import asks_in_full
from core.answer.fresh_forward import fronted_clause
from core.answer.phrases import asks_which_one, expletive_its, which_one
from core.types import Turn


@pytest.mark.parametrize("earlier, fresh", [
    ("What does the sump command summarize?",
     "Before I trust its output, what should the PSRF of each parameter in sump be close to?"),
    ("How do I start the analysis from a good tree?",
     "Why is it harder to detect convergence problems when all chains start from the same good tree?"),
    ("How do I estimate the marginal likelihood with the harmonic mean?",
     "What about stepping-stone sampling, is it more accurate?"),
    ("How do I start R?", "When I run it on a cluster, does MrBayes need the MPI version?"),
])
def test_self_contained_questions_are_never_rewritten(earlier, fresh):
    out = standalone(fresh, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


def test_a_fronted_clause_points_forward_only_at_a_name_of_its_main_clause():
    assert fronted_clause("Before I trust its output, what should the PSRF in sump be close to?")
    assert fronted_clause("When I run it on a cluster, does MrBayes need the MPI version?")
    assert not fronted_clause("If I set it to 0, what happens?")  # the main clause names nothing
    assert not fronted_clause("When it fails, how do I debug it?")
    assert not fronted_clause("What should the PSRF be close to?")  # no fronted clause


@pytest.mark.parametrize("question, expletive", [
    ("Why is it harder to detect convergence problems when chains start from one tree?", True),
    ("Is it a good idea to use more chains?", True),
    ("Is it worth running more chains?", True),
    ("Is it important that the runs converge?", True),
    ("How hard is it to install BEAGLE?", True),
    ("Is it easy to install?", False),  # "it" is what is installed
    ("Is it used to compile programs?", False),
    ("Why is it slower?", False),
])
def test_an_it_that_holds_the_place_of_a_clause_is_expletive(question, expletive):
    assert bool(expletive_its(question)) is expletive


def test_what_about_a_concept_then_a_whole_question_starts_fresh():
    assert asks_in_full("What about stepping-stone sampling, is it more accurate?")
    assert asks_in_full("What about relaxed clocks, how do I set them up?")
    assert not asks_in_full("what about the client, which port does it use?")  # whose client: said earlier
    assert not asks_in_full("what about version 6, is it supported?")  # an attribute word


def test_one_and_them_take_the_kind_the_earlier_question_asked_for():
    assert which_one("how do I invoke the IGR one?", "Which relaxed clock models does MrBayes offer?") == \
        "how do I invoke the IGR relaxed clock model?"
    assert which_one("which of them holds the consensus trees?", "What files does the sumt command create?") == \
        "which file holds the consensus trees?"
    assert asks_which_one("how do I invoke the IGR one?")
    assert not asks_which_one("Then how do I point an edge at one field of a record?")  # "one" counts a noun
    out = standalone("how do I invoke the IGR one?", [Turn("Which relaxed clock models does MrBayes offer?")], llm=None)
    assert (out.text, out.rewritten, out.readable) == ("How do I invoke the IGR relaxed clock model in MrBayes?", True, True)


@pytest.mark.parametrize("earlier, follow_up, rewritten", [
    ("How do I turn off heating in MrBayes?", "and why would I?", "Why would I turn off heating in MrBayes?"),
    ("How do I start R?", "can I?", "Can I start R?"),
    ("Where does MrBayes print the convergence diagnostics?", "how often by default?",
     "How often does MrBayes print the convergence diagnostics by default?"),
    ("How do I start R?", "and where?", "Where do I start R?"),
    ("Where do I put the Biber binary on Linux?", "what about Windows?", "Where do I put the Biber binary on Windows?"),
    # as people type it: "What about …" capitalised, a name with an inner capital (seen asking of a spreadsheet:
    # "What about Australia?" after "Which mirror is in Germany?" was not rewritten)
    ("Which mirror is in Germany?", "What about Australia?", "Which mirror is in Australia?"),
    ("How do I install pandoc on Linux?", "What about macOS?", "How do I install pandoc on macOS?"),
    ("How do I enable compression in nginx?", "What about for Apache?", "How do I enable compression for Apache?"),
    ("Where do I put the Biber binary on Linux?", "And iOS?", "Where do I put the Biber binary on iOS?"),
])
def test_a_left_out_clause_is_taken_from_the_earlier_question(earlier, follow_up, rewritten):
    out = standalone(follow_up, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten, out.readable) == (rewritten, True, True)


def test_left_out_clauses_need_their_shape_in_both_questions():
    assert borrowed_action("and why would I?", "What does the Temp setting control?") == ""  # no action to borrow
    assert other_adverb("how often?", "How often does MrBayes sample?") == ""  # the same wh-adverb
    assert other_adverb("which order?", "Where does MrBayes print them?") == ""  # asks for a thing
    assert name_for_place("what about Windows?", "What operating systems does HMMER run on?") == ""  # no place name
    assert name_for_place("what about Linux?", "Where do I put the Biber binary on Linux?") == ""  # said already


def test_a_request_rewrite_is_shown_as_a_request():
    out = standalone("Show me its syntax.", [Turn("What does the charset command do?")], llm=None)
    assert (out.text, out.rewritten, out.readable) == ("Show me the syntax of the charset command.", True, True)


def test_a_described_concept_after_what_about_and_a_noun_of_another_clause_count_as_own_subjects():
    assert asks_in_full("What about the harmonic mean, how is it computed?")
    assert not asks_in_full("What about the second option, what does it do?")  # the second of a list said earlier
    assert fronted_clause("Once it finishes, where does velvetg write the contigs it built?")


def test_it_takes_time_to_do_something_is_expletive():
    assert expletive_its("How long does it take to run 1,000,000 generations?")
    assert not expletive_its("How long does it take?")  # it: what was asked about
    out = standalone("How long does it take to run 1,000,000 generations?", [Turn("What does lset do?")], llm=None)
    assert not out.rewritten


@pytest.mark.parametrize("earlier, fresh", [
    ("What does lset do?", "Do they recommend two independent runs in MrBayes?"),
    ("What does lset do?", "They say MrBayes is slow; how do I speed it up with BEAGLE?"),
])
def test_a_they_with_nothing_plural_to_point_at_stands_for_people(earlier, fresh):
    out = standalone(fresh, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


def test_a_they_that_can_point_back_still_leans():
    assert standalone("where are they written?", [Turn("What files does the sumt command create?")], llm=None).rewritten
    assert standalone("how do I use them?", [Turn("How do I define a character set?")], llm=None).rewritten
    assert standalone("where are they stored?", [Turn("How do I define a character set?")], llm=None).rewritten
