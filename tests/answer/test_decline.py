"""The decline rule on fixed cases: which names are strong, when missing names decline, and
what the reader shows then."""
from __future__ import annotations

import pytest

from core.answer.decline import missing_names, strong_name
from core.answer.reader import ExtractiveReader

BUILD = ("You can compile the library with debugging symbols by passing -g to the compiler. "
         "The tutorial shows how to start the interpreter with gp.")


@pytest.mark.parametrize("name, strong", [
    ("clang", True), ("vsftpd", True), ("DOCX", True), ("LilyPond", True), ("worker_processes", True),
    ("Ghostscript", True), ("Open", False), ("Python", False), ("compile", False), ("debugging", False),
    ("shortcut", False),
])
def test_strong_names(name, strong):
    assert strong_name(name) is strong


def test_a_missing_strong_name_declines_beside_everyday_words():
    question = "How do I compile a C program with debugging symbols using clang?"
    assert missing_names(question, [BUILD]) == ["clang"]  # 'compile' and 'debugging' are no names to miss
    result = ExtractiveReader(None).read(question, [(1, BUILD)])
    assert not result.supported
    assert result.render().splitlines()[0] == "The documents do not say anything about clang."


def test_one_strong_name_of_three_is_retrievals_miss():
    assert missing_names("Does Erlang's TLS support OTP tickets?", ["TLS tickets since OTP 22"]) == []
    assert missing_names("How do I convert DOCX to PDF with LibreOffice?", ["LibreOffice writes PDF files."]) == []


def test_a_weak_name_counts_only_by_half():
    assert missing_names("What does Open MPI's mpirun start?", ["mpirun starts MPI processes."]) == []
    assert missing_names("What does Open Visual start?", ["It starts."]) == ["Open", "Visual"]


def test_the_answerable_question_is_still_answered():
    result = ExtractiveReader(None).read("How do I compile the library with debugging symbols?", [(1, BUILD)])
    assert result.supported and "-g" in result.render().splitlines()[0]
