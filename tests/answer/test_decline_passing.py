"""A tool the library's manual mentions only in passing: the sentence that names it is no answer.
A LilyPond manual writes "Docker" once; asked "Which Docker command lists the running
containers?", Folio declines and says the documents mention Docker only in passing. The same
sentence still answers a question about the manual's own program; code names written once on
the page that answers about them, and a product the question does not ask a thing of ("Which
option selects the Sharp SM83 processor?"), do not decline."""
from __future__ import annotations

from core.answer.decline_document import SUBJECT_DENSITY, subject_test
from core.answer.decline_owner import documents_writing
from core.answer.decline_passing import passing_names
from core.answer.reader import ExtractiveReader

FILLER = "Scores are engraved from the input file and written to the output file in order. "  # 83 characters
MANUAL = ("LilyPond engraves music. " + FILLER * 40 + "Another way is running LilyPond in a Docker container. "
          + FILLER * 40 + "LilyPond writes PDF files. " + "The convert-ly command updates old files. ")
PASSAGES = [(1, "Another way is running LilyPond in a Docker container. It keeps the fonts in one place.",
             "LilyPond Usage", "Running LilyPond > Other ways"),
            (2, "The convert-ly command updates old input files to the current syntax.",
             "LilyPond Usage", "Updating files")]


def _written():
    return documents_writing({"ly": MANUAL}.get, ["ly"], {"ly": "LilyPond Usage"})


def test_a_product_the_manual_names_once_is_named_in_the_decline():
    written = _written()
    density = written.density
    assert density("Docker", "LilyPond Usage") < SUBJECT_DENSITY <= density("LilyPond", "LilyPond Usage")
    question = "Which Docker command lists the running containers?"
    assert passing_names(question, subject_test(written, "LilyPond Usage")) == ["Docker"]
    result = ExtractiveReader(None).read(question, PASSAGES, written)
    assert not result.supported
    assert result.render().splitlines()[0] == ("The documents do not say what this question asks: "
                                               "they mention Docker only in passing.")


def test_the_same_sentence_answers_a_question_about_the_manuals_own_program():
    written = _written()
    question = "How do I run LilyPond in a Docker container?"
    assert passing_names(question, subject_test(written, "LilyPond Usage")) == []
    result = ExtractiveReader(None).read(question, PASSAGES, written)
    assert result.supported and "Docker container" in result.render().splitlines()[0]


def test_code_names_and_acronyms_alone_do_not_decline():
    subject = subject_test(_written(), "LilyPond Usage")  # none of these is written often in the manual
    assert passing_names("Which Lua function returns the length of a table?", subject) == ["Lua"]
    assert passing_names("What does raw1394_errcode_to_errno return for an illegal code?", subject) == []
    assert passing_names("On UNIX systems, what is RASMOLPATH set to?", subject) == []
    assert passing_names("Which Docker command lists containers?", None) == []  # no document to count in


def test_a_product_that_is_not_the_owner_of_what_is_asked_does_not_decline():
    subject = subject_test(_written(), "LilyPond Usage")  # a compiler manual names its targets once each
    assert passing_names("Which option selects the Sharp SM83 processor?", subject) == []
    assert passing_names("On Windows, which option sets the font folder?", subject) == []
    assert passing_names("Which packages does the Cygwin build need?", subject) == []
    assert passing_names("Which is the Sharp processor's option?", subject) == []  # not right after "Which"
    assert passing_names("what Lua function returns the length?", subject) == ["Lua"]


def test_the_reader_can_be_told_not_to():
    question = "Which Docker command lists the running containers?"
    assert ExtractiveReader(None, passing=False).read(question, PASSAGES, _written()).supported


def test_a_product_the_question_ends_on_declines_too():
    written = _written()
    subject = subject_test(written, "LilyPond Usage")
    assert passing_names("What is the default cipher list of OpenSSL 3.0?", subject, tail=True) == ["OpenSSL"]
    assert passing_names("How do I convert a file to PDF with LibreOffice on the command line?", subject,
                         tail=True)[-1] == "LibreOffice"
    assert passing_names("What is the default cipher list of OpenSSL 3.0?", subject, tail=False) == []
    assert passing_names("How do I run LilyPond in Docker?", subject, tail=True) == []  # the manual's own program
    assert passing_names("How do I add a user to the sudo group on Debian?", subject, tail=True) == []  # a platform
    assert passing_names("How do I print the score in colour?", subject, tail=True) == []  # no product
    question = "How do I list the running containers with Docker?"
    assert ExtractiveReader(None, passing_tail=False).read(question, PASSAGES, written).supported
    result = ExtractiveReader(None, passing_tail=True).read(question, PASSAGES, written)
    assert not result.supported and "Docker only in passing" in result.render().splitlines()[0]
