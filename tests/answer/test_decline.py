"""The decline rule on fixed cases: which names are strong, when missing names decline, and
what the reader shows then."""
from __future__ import annotations

import pytest

from core.answer.decline import missing_names, names_absent, strong_name, unheard_terms
from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader

BUILD = ("You can compile the library with debugging symbols by passing -g to the compiler. "
         "The tutorial shows how to start the interpreter with gp.")


@pytest.mark.parametrize("name, strong", [
    ("gcc", True), ("vsftpd", True), ("DOCX", True), ("LilyPond", True), ("worker_processes", True),
    ("Ghostscript", True), ("Open", False), ("Python", False), ("compile", False), ("debugging", False),
    ("shortcut", False), ("typeface", False), ("stutter", False), ("optimiser", False),
])
def test_strong_names(name, strong):
    assert strong_name(name) is strong


def test_a_missing_strong_name_declines_beside_everyday_words():
    question = "How do I compile a C program with debugging symbols using gcc?"
    assert missing_names(question, [BUILD]) == ["gcc", "C"]  # 'compile' and 'debugging' are no names to miss
    result = ExtractiveReader(None).read(question, [(1, BUILD)])
    assert not result.supported
    assert result.render().splitlines()[0] == "The documents do not say anything about gcc or C."


def test_one_strong_name_of_three_is_retrievals_miss():
    assert missing_names("Does Erlang's TLS support OTP tickets?", ["TLS tickets since OTP 22"]) == []
    assert missing_names("How do I convert DOCX to PDF with LibreOffice?", ["LibreOffice writes PDF files."]) == []


def test_a_weak_name_counts_only_by_half():
    assert missing_names("What does Open MPI's mpirun start?", ["mpirun starts MPI processes."]) == []
    assert missing_names("What does Open Visual start?", ["It starts."]) == ["Open", "Visual"]


def test_the_answerable_question_is_still_answered():
    result = ExtractiveReader(None).read("How do I compile the library with debugging symbols?", [(1, BUILD)])
    assert result.supported and "-g" in result.render().splitlines()[0]


def test_an_english_word_the_vocabulary_lacks_is_no_missing_name():
    # "configure" has its family in the vocabulary ("configuration"); "gnuplot" has none
    assert missing_names("How do I configure the daemon?", ["The daemon reads its settings at start."]) == []
    assert missing_names("How do I plot a sine wave with gnuplot?", ["Plot the sine wave with the plot function."]) \
        == ["gnuplot"]


def test_an_acronym_is_seen_as_the_initials_of_its_words():
    assert missing_names("Which AMC command fills the boxes?", ["Auto Multiple Choice fills the boxes."]) == []
    assert names_absent("Which AMC command fills the boxes?", "Auto Multiple Choice > Commands: meptex") == []


def test_an_answer_from_a_passage_about_something_else_is_declined():
    cups = "Which port does the CUPS printing daemon listen on?"
    ssh = (1, "The daemon listens on port 22 unless the port option is set.", "SSH User's Guide", "daemon/3")
    cups_page = (2, "CUPS is the printing system of most Unix systems.", "Printing", "Overview")
    # CUPS is mentioned by one passage, so no name is missing; but the port sentence's passage is about SSH
    assert missing_names(cups, [" ".join(ssh[1:]), " ".join(cups_page[1:])]) == []
    assert names_absent(cups, " ".join(ssh[1:])) == ["CUPS"]
    assert not ExtractiveReader(None).read(cups, [ssh, cups_page]).supported
    own = (1, "The CUPS daemon listens on port 631 unless the port option is set.", "Printing", "cupsd")
    assert ExtractiveReader(None).read(cups, [own]).supported


def test_evidence_that_lacks_most_of_the_key_words_declines():
    manual = [(1, "Solder the resistor to the base. The resistor limits the current.", "Kit", "Assembly")]
    question = "How do I measure blood pressure?"
    assert unheard_terms(analyse_question(question), [manual[0][1]]) == ["blood", "measure", "pressure"]
    assert not ExtractiveReader(None).read(question, manual).supported
    # one key word the evidence lacks ("circuit" of four) is a paraphrase, not another topic
    asked = "What limits the current of the resistor circuit?"
    assert unheard_terms(analyse_question(asked), [manual[0][1]]) == []
    assert ExtractiveReader(None).read(asked, manual).supported


def test_a_compound_and_the_asked_kind_count_once_or_not_at_all():
    # "black-preservation" is heard through "preservation"; "mode" is what "which mode" asks for
    text = "The code 2 of -dKPreserve corresponds to the PRESERVE_K_PLANE approach of black preservation."
    assert unheard_terms(analyse_question("Which black-preservation mode does -dKPreserve=2 select?"), [text]) == []
    assert unheard_terms(analyse_question("How do I solder a surface-mount resistor?"), ["Solder the resistor."]) == []


def test_a_name_in_pieces_is_seen_in_the_plural_too():
    question = "Whose older Feynman-diagram package relies only on LaTeX's standard picture environment?"
    evidence = ["feynMF draws Feynman diagrams with METAFONT.", "Michael Levine's feynman package uses the picture "
                "environment of LaTeX."]
    assert missing_names(question, evidence) == []
    assert missing_names("Which HC-05 command sets the baud rate?", ["The HC-06 module answers AT commands; set its baud rate with AT+BAUD."]) \
        == ["HC-05"]  # a piece in another number is no other number
