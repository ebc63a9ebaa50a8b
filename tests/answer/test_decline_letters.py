"""One-letter names ("R", "C"): asked about, they must be written in the evidence as a word of
their own, or the library does not hold the manual asked about."""
from __future__ import annotations

import pytest

from core.answer.decline import missing_names
from core.answer.decline_letters import letter_names, written_letters
from core.answer.decline_preamble import told_terms
from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader

MPICH = ("To start an MPICH job, run mpiexec -n 4 -r ssh ./a.out. "
         "The -r option names the launcher that starts the processes.")
R_INTRO = ("Start the R program with the command R at the shell prompt. "
           "To quit the R program the command is q().")


@pytest.mark.parametrize("question, names", [
    ("How do I start R?", ["R"]),
    ("What is R's default prompt?", ["R"]),
    ("How do I call a C function from R?", ["C", "R"]),
    ("Which C standard does SDCC follow by default?", ["C"]),  # after the first word, capitalised for the sentence
    ("What is in Appendix C of the manual?", []),  # a label
    ("What is the default value of the G parameter?", []),  # a parameter's letter
    ("How is it started on Mac OS X?", []),  # part of a longer name
    ("Is the answer B C or D?", []),  # letters of a list
    ("A file or I?", []),  # words, not names
    ("R starts how?", []),  # the first word may be capitalised for the sentence alone
])
def test_letter_names(question, names):
    assert letter_names(question) == names


def test_a_one_letter_name_the_evidence_lacks_declines():
    assert missing_names("How do I start R?", [MPICH]) == ["R"]  # "-r" is no mention of R
    result = ExtractiveReader(None).read("How do I start R?", [(1, MPICH)])
    assert not result.supported
    assert result.render().splitlines()[0] == "The documents do not say anything about R."


def test_a_one_letter_name_written_as_a_word_is_seen():
    assert missing_names("How do I start R?", [R_INTRO]) == []
    assert missing_names("What is R's prompt?", ["R's prompt is a greater-than sign."]) == []
    assert ExtractiveReader(None).read("How do I quit R?", [(1, R_INTRO)]).supported


def test_the_head_of_a_compound_is_a_mention_and_an_option_is_not():
    asked = "What is the name of the C function that builds the trees?"
    assert missing_names(asked, ["The C- function which builds trees is called plante."]) == []
    assert missing_names("How do I start R?", ["Install R-devel first, then start it."]) == []
    assert missing_names("How do I copy folders with C?", ["Copy folders with cp -R."]) == ["C"]


def test_a_one_letter_name_does_not_set_the_story_aside():
    asked = "I generate OCaml bindings with ctypes these days. How do I bind a C function that takes a callback?"
    evidence = ["camlidl generates the stub code that calls a C function from Caml."]
    assert told_terms(analyse_question(asked), evidence) == frozenset()  # the story is what the evidence must tell
    named = "I used ctypes before. How do I bind a function with camlidl?"
    named_evidence = ["camlidl binds a function with a stub."]
    assert "ctype" in told_terms(analyse_question(named), named_evidence)  # a named tool: the story is set aside


@pytest.mark.parametrize("asked, passage", [
    ("How do I start R?", "In the ring R = Z/nZ every element has an inverse."),  # a symbol of a formula
    ("How do I call a C function?", "The monoid M = C ∩L is the intersection of a cone and a lattice."),
    ("How do I start R?", "Profile hidden Markov models, by Sean R. Eddy and the development team."),  # an initial
    ("How do I start R?", "Codes: M A or C, R A or G, W A or T."),  # a list of letters
])
def test_a_letter_that_is_no_name_in_the_evidence_is_not_a_mention(asked, passage):
    assert missing_names(asked, [passage]) == letter_names(asked)
    assert not ExtractiveReader(None).read(asked, [(1, passage)]).supported


def test_a_letter_a_passage_makes_a_symbol_is_no_name_anywhere_in_it():
    passage = "Take the ring R = Z/nZ. The elements of R, called intmods, can be lifted."
    assert missing_names("How do I quit R?", [passage]) == ["R"]
    assert missing_names("How do I quit R?", [passage, "To quit R, type q()."]) == []  # another passage names it
    assert written_letters("Sean R. Eddy started R. Then".split()) == {"R"}  # "started R." ends a sentence
