"""The extractive reader on real-shaped snippets: the first line is the exact answer span.

The snippets copy the shapes Folio's PDF parser produces from real manuals: definition
lists (Erlang's `{port, Port}` entries, LaTeX-style `key = … Default: …`), Markdown tables
read with their header, shell and Erlang code lines, procedure steps and plain prose.
"""
from __future__ import annotations

import pytest

from core.answer.reader import ExtractiveReader
from core.answer.terms import content_terms
from core.answer.units import split_units

TFTP_OPTIONS = (
    "Most of the options are common for both the client and the server side.\n"
    "{debug, Level}\nLevel = none | error | warning | brief | normal | verbose | all\n"
    "Controls the level of debug printouts. Default is none.\n"
    "{port, Port}\nPort = int()\n"
    "The TFTP port where the daemon listens. Defaults is the standardized number 69. On the server side, "
    "it can sometimes make sense to set it to 0, meaning that the daemon just picks a free port.\n"
    "{port_policy, Policy}\nPolicy = random | Port | {range, MinPort, MaxPort}\n"
    "Policy for the selection of the temporary port that is used by the server/client during the file "
    "transfer. Default is random, which is the standardized policy.\n"
    "{max_retries, MaxRetries}\nMaxRetries = int()\n"
    "Threshold for the maximal number of retries. By default the server/client tries to resend a message "
    "up to five times when the time-out expires."
)
SIUNITX = (
    "frequency-unit = ⟨unit⟩\nDefault: \\mega\\hertz\n"
    "The unit printed after every frequency in the table.\n"
    "round-precision = ⟨number⟩\nDefault: 2\nThe number of digits kept after rounding."
)
CAMLIDL_TABLE = (
    "3.1 Base types\n| IDL type ty | Caml type [[ty]] |\n|---|---|\n| byte, short | int |\n"
    "| int, long with [int32] attribute | int32 |\n| hyper, long long, __int64 | int64 |\n| boolean | bool |"
)
TFTP_STEPS = (
    "This is a simple example of starting the TFTP server and reading the content of a sample file.\n"
    "Step 1. Create a sample file to be used for the transfer:\n$ echo \"Erlang/OTP 21\" > file.txt\n"
    "Step 2. Start the TFTP server:\n1> {ok, Pid} = tftp:start([{port, 19999}]). {ok,<0.65.0>}"
)
GS_PROSE = (
    "Ghostscript is set up to handle four rendering intents with the nomenclature of Perceptual, "
    "Colorimetric, Saturation, and Absolute Colorimetric. By default, per the specification, the rendering "
    "intent is Relative Colorimetric for PDF and PS documents. In many cases, it may be desired to ignore "
    "the source settings for rendering intent."
)
CONFIGURE = ("The default build is optimised. To build FreeFEM with debugging information, run the "
             "configure script with --enable-debug and then make.")
TFTP_PURPOSE = ("The tftp application implements the IETF standards RFC 1350 and RFC 2347. "
                "The only feature that not is implemented is the netascii transfer mode.")


@pytest.mark.parametrize("question, passage, answer", [
    ("Which port does the TFTP daemon listen on by default?", TFTP_OPTIONS, "69"),
    ("How is the temporary port chosen if you don't set the port_policy option?", TFTP_OPTIONS, "random"),
    ("How many times does the tftp client resend a message by default?", TFTP_OPTIONS, "five times"),
    ("What is the default frequency-unit?", SIUNITX, "\\mega\\hertz"),
    ("What Caml type do hyper and long long become?", CAMLIDL_TABLE, "int64"),
    ("In the TFTP example, what do you do first, before starting the TFTP server?", TFTP_STEPS,
     "Create a sample file to be used for the transfer"),
    ("By default, which rendering intent does Ghostscript apply to PDF documents?", GS_PROSE,
     "Relative Colorimetric"),
    ("Which configure option builds FreeFEM with debugging?", CONFIGURE, "--enable-debug"),
    ("Can the tftp application transfer files in netascii mode?", TFTP_PURPOSE, "No"),
])
def test_first_line_is_the_exact_span(question, passage, answer):
    result = ExtractiveReader(None).read(question, [(1, passage, "Manual", "Section")])
    assert result.supported
    assert result.answer == answer
    first = result.render().splitlines()[0]
    verdict = "No: " if answer == "No" else ""  # a yes/no verdict comes before its evidence
    assert first.startswith(f"{verdict}“") and first.endswith("” [1]")  # the evidence sentence, quoted and cited
    marked = "not" if answer == "No" else answer  # a "No" marks the sentence's negation
    assert marked in first.replace("**", "")
    assert (f"**{marked}**" in first) == result.confident  # marked only for the shapes the reader is sure of


def test_quotes_are_short_and_cited(embedder):
    result = ExtractiveReader(embedder).read("Which port does the TFTP daemon listen on by default?",
                                             [(1, "Unrelated words about colours and inks."), (2, TFTP_OPTIONS)])
    lines = result.render().splitlines()
    assert lines[0] == "“Defaults is the standardized number **69**.” [2]" and 2 <= len(lines) <= 3
    assert all(line.endswith("[2]") for line in lines)  # every sentence carries its citation
    assert all(len(line.split()) <= 18 for line in lines[1:])  # 14 words, '…' marks and [n]


def test_units_follow_structure():
    units = split_units(TFTP_OPTIONS + "\n" + CAMLIDL_TABLE + "\n" + TFTP_STEPS, 3, "TFTP", "tftp")
    by_text = {u.text: u for u in units}
    assert by_text["Default is random, which is the standardized policy."].context.startswith("{port_policy, Policy}")
    assert by_text["IDL type ty: hyper, long long, __int64 | Caml type [[ty]]: int64"].kind == "row"
    assert by_text['$ echo "Erlang/OTP 21" > file.txt'].kind == "code"
    assert {u.number for u in units} == {3} and all(u.title == "TFTP" for u in units)
    assert "Policy = random | Port | {range, MinPort, MaxPort}" not in by_text  # a type line, not an answer


def test_content_terms():
    assert content_terms("What are the bridges of the City?") == {"bridge", "city"}
    assert {"ssh:stop_listener/1", "stop_listener", "listener"} <= content_terms("ssh:stop_listener/1")
    assert content_terms("Erlang's options") == {"erlang", "option"}


def test_unrelated_question_is_unsupported(embedder):
    reader = ExtractiveReader(embedder)
    for question in ("What is the boiling point of mercury?", "Who won the 1998 football world cup?"):
        result = reader.read(question, [(1, TFTP_OPTIONS), (2, GS_PROSE)])
        assert not result.supported and result.support < reader.min_support
        assert result.render().startswith("The documents do not say")
        assert "Closest evidence" in result.render()


def test_threshold_is_what_decides(embedder):
    question = "Which port does the TFTP daemon listen on by default?"
    score = ExtractiveReader(embedder).read(question, [(1, TFTP_OPTIONS)]).support
    assert ExtractiveReader(embedder, min_support=score).read(question, [(1, TFTP_OPTIONS)]).supported
    assert not ExtractiveReader(embedder, min_support=score + 0.01).read(question, [(1, TFTP_OPTIONS)]).supported


def test_a_definition_named_by_the_second_form_of_called_reads_its_name():
    """'… called X' matches the pattern's second group; the first is None (it crashed the reader)."""
    from core.answer.spans import definition_spans

    spans = definition_spans("The list of hosts is called a machinefile.", ["machinefile"])
    assert spans and all(s.text for s in spans)
