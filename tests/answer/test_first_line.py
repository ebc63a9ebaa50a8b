"""The offline answer's first line is the evidence, and a question the evidence does not
answer is declined: fixed cases in the shapes real manuals give (definition lists, prose,
a sentence cut across two chunks), plus the decline rule's parts on their own."""
from __future__ import annotations

import re

import pytest

from core.answer.decline import missing_names, question_names
from core.answer.quote import quote_line
from core.answer.reader import ExtractiveReader
from core.ui.text import md_escape_answer

R_INTRO = ("In R, the prompt is >. It can be started by typing R at the shell prompt, and it opens a session "
           "in the current working directory. To quit R, type q() at the > prompt; R then asks whether to save "
           "the workspace image.")
LONG = ("-dKPreserve = 0 / 1 / 2\nWhen using littleCMS as the CMM, which is the default colour engine of this "
        "release and of the two releases before it on every platform, the code 0 corresponds to no preservation, "
        "1 corresponds to the PRESERVE_K_ONLY approach described in the littleCMS documentation and 2 corresponds "
        "to the PRESERVE_K_PLANE approach.")
TFTP = ("{port, Port}\nPort = int()\nThe TFTP port where the daemon listens. Defaults is the standardized "
        "number 69.\n{max_retries, MaxRetries}\nMaxRetries = int()\nBy default the server resends a message "
        "up to five times when the time-out expires.")
CITED = re.compile(r"\[\d+\]$")


def _read(question: str, *texts: str):
    return ExtractiveReader(None).read(question, [(i + 1, t, "Manual", "Section") for i, t in enumerate(texts)])


def test_first_line_quotes_the_sentence_that_answers():
    result = _read("How do I quit R?", R_INTRO)
    first = result.render().splitlines()[0]
    assert first == "“To quit R, type q() at the > prompt; R then asks whether to save the workspace image.” [1]"


def test_confident_answers_are_marked_inside_the_sentence():
    first = _read("How many times does the server resend a message by default?", TFTP).render().splitlines()[0]
    assert first == "“By default the server resends a message up to **five times** when the time-out expires.” [1]"


def test_a_long_sentence_is_cut_around_its_answer():
    first = _read("Which black-preservation mode does -dKPreserve=2 select?", LONG).render().splitlines()[0]
    assert len(LONG.split()) > 50  # longer than the first quote's window (`first_words`, 40)
    assert "PRESERVE_K_PLANE" in first and first.startswith("“… ") and len(first.split()) <= 45


def test_every_sentence_of_the_answer_ends_with_its_citation():
    text = _read("Which port does the TFTP daemon listen on by default?", R_INTRO, TFTP).render()
    lines = text.splitlines()
    assert 2 <= len(lines) <= 3 and all(CITED.search(line) for line in lines)
    assert lines[0] == "“Defaults is the standardized number **69**.” [2]"


@pytest.mark.parametrize("question", [
    "Which nginx directive sets the number of worker processes?",   # a name no passage mentions
    "What is the default port of the PostgreSQL server?",
    "How do I enable systemctl units at boot?",                     # an uncommon lower-case name
    "What is the boiling point of mercury?",                        # shares no words
])
def test_absent_topics_are_declined_with_closest_evidence(question):
    result = _read(question, R_INTRO, TFTP)
    text = result.render()
    assert not result.supported and text.startswith("The documents do not say")
    assert "Closest evidence (not an answer):" in text
    assert all(CITED.search(line) for line in text.splitlines()[2:])


def test_a_decline_names_what_the_documents_lack():
    text = _read("What is the default port of the PostgreSQL server?", TFTP).render()
    assert text.splitlines()[0] == "The documents do not say anything about PostgreSQL."


def test_coverage_decides_when_no_name_is_missing():
    question = "How many seconds does the daemon wait?"  # shares "daemon" only
    assert _read(question, TFTP).supported is False
    assert ExtractiveReader(None, min_coverage=0.0, min_support=0.0, unheard_share=2.0).read(question, [(1, TFTP)]).supported


def test_names_of_a_question():
    assert question_names("Since which OTP release has Erlang's ssl dropped SSL 3.0, e.g. for clients?") == \
        ["OTP", "Erlang", "ssl", "SSL", "3.0"]  # "ssl": no everyday word
    texts = ["SSL-3.0 is no longer supported (OTP-23).", "The ly:applyOutput function"]
    assert missing_names("Since which OTP release was SSL 3.0 dropped?", texts) == []
    assert missing_names("What does \\applyOutput do?", texts) == []
    assert missing_names("In the TFTP application (not the FTP client), which port?", ["TFTP port 69"]) == []
    # one name of three absent is retrieval's miss, not a missing manual
    assert missing_names("Does Erlang's TLS support OTP tickets?", ["TLS tickets since OTP 22"]) == []
    assert missing_names("Which PostgreSQL setting?", texts) == ["PostgreSQL"]


def test_quote_line_marks_and_cuts():
    assert quote_line("a b c d e f g h", 3, (6, 7), 4) == "“… c **d** e f …” [3]"
    assert quote_line("Use **x** here", 1) == "“Use * *x* * here” [1]"  # document '**' cannot open a mark


def test_the_app_keeps_the_marks_and_escapes_the_rest():
    shown = md_escape_answer("“Use <b>**69**</b> [x](y)” [1]")
    assert "**69**" in shown and "<b>" not in shown and "\\[x\\]" in shown
    assert md_escape_answer("odd ** mark") == "odd \\*\\* mark"
