"""A sentence that ends with ':' (or is left open before a line of code: "… the command is" /
"> q()") is read on into what it announces, and its supporting span holds both: fixed cases in
the shapes the PDF parser gives (a lead-in line, then a list item or a code line that the units
read as a definition term)."""
from __future__ import annotations

from core.answer.reader import ExtractiveReader
from core.answer.read_on import completed
from core.answer.reading import Reading
from core.answer.sentences import best_span, split_answer
from core.answer.units import Unit
from tests.answer.reader_cases import first_line as _read

ORDER = (
    "You can give a complete path name for the file in an include directive.\n"
    "More usually, you will use a relative path name.\n"
    "In that case, the interpreter tries to find the file relative to these directories, in this order:\n"
    "1. Your current working directory.\n"
    "2. The lib subdirectory of your home directory."
)
PACKAGE = (
    "Encapsulated Postscript files may be included in a document with the figure environment.\n"
    "The start of the document must also include the statement:\n"
    "\\usepackage{epsfig}\n"
    "to tell the typesetter to load the macros that process eps documents."
)


def test_a_lead_in_is_read_on_into_the_first_list_item() -> None:
    line = _read("In which directory does the interpreter look first for a file given by a relative path?", ORDER)
    assert "in this order: 1. Your current working directory." in line


def test_a_code_line_after_a_lead_in_is_quoted_with_it() -> None:
    line = _read("Which statement must the start of the document include for eps documents?", PACKAGE)
    assert "\\usepackage{epsfig}" in line and line.startswith("“The start of the document")


def test_completed_leaves_a_sentence_without_a_colon_alone() -> None:
    unit = Unit("The port is 69.", 1, "prose", index=0)
    nxt = Unit("It can be changed.", 1, "prose", index=1)
    reading = Reading("69", unit.text, 1, (12, 14))
    assert completed(reading, unit, nxt) is reading


def test_completed_does_not_cross_into_another_passage() -> None:
    unit = Unit("Use this command:", 1, "prose", index=3)
    reading = Reading("", unit.text, 1)
    assert completed(reading, unit, Unit("make install", 2, "code")) is reading


def test_completed_keeps_the_answer_mark_and_shows_the_continuation_unmarked() -> None:
    unit = Unit("Run it with this command line:", 1, "prose", index=0)
    nxt = Unit("$ tool --all", 1, "code", index=1)
    marked = completed(Reading("this", unit.text, 1, (12, 16)), unit, nxt)
    assert marked.mark == (12, 16) and marked.sentence.endswith("$ tool --all")
    plain = completed(Reading("", unit.text, 1), unit, nxt)
    assert plain.window is not None and plain.sentence[plain.window[0]:plain.window[1]] == "$ tool --all"
    assert "**" not in plain.line(True, 25) and "$ tool --all" in plain.line(True, 25)


def test_a_list_number_after_a_colon_does_not_end_the_answer_sentence() -> None:
    found = split_answer("“… in this order: 1. Your current working directory.” [1]")
    assert len(found) == 1 and found[0][1] == (1,)
    assert len(split_answer("It opened in 1932 [1]. It is red [2].")) == 2


def test_the_span_takes_a_neighbour_the_sentence_quotes() -> None:
    sentence = "“… relative to these directories, in this order: 1. Your current working directory.” [1]"
    span, chunk_id, _ = best_span(sentence, [("c1", ORDER)])
    assert chunk_id == "c1" and span.endswith("in this order: 1. Your current working directory.")


SESSIONS = (
    "Further R sessions are simple.\n"
    "Make work the working directory and start the program as before:\n"
    "$ cd work\n"
    "$ R\n"
    "Use the R program, terminating with the q() command at the end of the session."
)


def test_a_lead_in_reads_its_whole_short_code_block() -> None:
    line = _read("How do I start the program again in later sessions?", SESSIONS)
    assert "as before: $ cd work $ R”" in line, line


def test_a_code_block_is_read_only_while_the_quote_stays_short() -> None:
    unit = Unit("Build it with these commands:", 1, "prose", index=0)
    block = [Unit(f"$ make step{i} --with-a-long option list here", 1, "code", index=i) for i in range(1, 5)]
    following = dict(zip([unit, *block], block))
    reading = completed(Reading("", unit.text, 1), unit, block[0], following, 25)
    assert reading.sentence.count("$ make") == 2  # 5 + 7 + 7 words; a third line would pass 25
    assert completed(Reading("", unit.text, 1), unit, block[0], following, 0).sentence.count("$ make") == 1


def test_a_prose_item_after_a_lead_in_is_not_read_on_as_a_block() -> None:
    unit = Unit("Do this:", 1, "prose", index=0)
    item, code = Unit("1. Open the file.", 1, "prose", index=1), Unit("$ vi file", 1, "code", index=2)
    reading = completed(Reading("", unit.text, 1), unit, item, {unit: item, item: code}, 25)
    assert reading.sentence == "Do this: 1. Open the file."


QUIT = (
    "3. At this point commands may be issued (see later).\n"
    "4. To quit the program the command is\n"
    "> q()\n"
    "At this point you will be asked whether you want to save the data from your session. On some systems this "
    "will bring up a dialog box, and on others you will receive a text prompt to which you can respond yes, no or "
    "cancel (a single letter abbreviation will do) to save the data before quitting, quit without saving, or "
    "return to the program. Data which is saved will be available in future sessions."
)


def test_a_sentence_left_open_before_a_code_line_announces_it() -> None:
    reader = ExtractiveReader(embedder=None)  # with the tagger: "the data" is a span of the other sentence
    line = reader.read("How do I quit the program?", [(1, QUIT)]).render().splitlines()[0]
    assert line == "“4. To quit the program the command is > q()” [1]", line


def test_an_open_sentence_is_read_on_only_into_code() -> None:
    unit = Unit("To quit the program the command is", 1, "prose", index=0)
    code = Unit("> q()", 1, "code", index=1)
    assert completed(Reading("", unit.text, 1), unit, code).sentence.endswith("is > q()")
    prose = Unit("It asks whether to save the data.", 1, "prose", index=1)
    reading = Reading("", unit.text, 1)
    assert completed(reading, unit, prose) is reading
    closed = Unit("The program stops with this command.", 1, "prose", index=0)
    reading = Reading("", closed.text, 1)
    assert completed(reading, closed, code) is reading


def test_the_span_takes_the_announced_call_and_skips_lines_the_quote_leaves_out() -> None:
    span, _, _ = best_span("“4. To quit the program the command is > q()” [1]", [("c1", QUIT)])
    assert span == "4. To quit the program the command is > q()"
    notes = "In figured bass, _ now creates an empty figure.\n> a\nFormatting of figured bass has been improved."
    span, _, _ = best_span("“In figured bass, _ now creates an empty figure. Formatting of figured bass has been "
                           "improved.” [1]", [("c1", notes)])
    assert span == "In figured bass, _ now creates an empty figure. Formatting of figured bass has been improved."


TIMEZONE = ("Times are normally displayed in the local time on the Debian system.\n"
            "The following reconfigure the timezone used by the Debian system.\n"
            "# dpkg-reconfigure tzdata\n"
            "If you wish to update system time via network, consider the NTP service.")
EDITOR = ("Debian gives access to the system default editor through /usr/bin/editor.\n"
          "You can change it by the following.\n"
          "$ sudo update-alternatives --config editor\n"
          "Many programs read the EDITOR variable.")


def test_a_sentence_pointing_ahead_at_a_command_brings_it():
    """"The following …" / "… by the following." before a command (a root shell's "# …" prompt
    included, which is no caption) announces it, as a sentence ending in ':' does: seen in the
    Debian Reference."""
    assert "dpkg-reconfigure tzdata" in _read("How do I set the timezone?", TIMEZONE)
    from core.answer.units import announces, split_units

    editor = split_units(EDITOR, 1)
    assert announces(editor[1], editor[2]) and not announces(editor[0], editor[1])

    units = split_units(TIMEZONE, 1)
    assert [u.kind for u in units] == ["prose", "prose", "code", "prose"]
    assert announces(units[1], units[2]) and not announces(units[0], units[1])
    assert split_units("# the name stem of the output files\nbar baz qux.", 1)[0].context.startswith("the name stem")


IDIOM = (
    "If output is diverted to a negative diversion, it is simply discarded.\n"
    "A common example of unwanted output is the trailing newlines after macro definitions. "
    "Here is a common programming idiom in m4 for avoiding them.\n"
    "divert(`-1')\n"
    "define(`foo', `Macro `foo'.')\n"
    "divert\n"
    "⇒"
)


def test_name_like_lines_no_description_follows_are_code_the_sentence_before_announces() -> None:
    from core.answer.units import split_units
    units = split_units(IDIOM, 1)
    code = [u for u in units if u.kind == "code"]
    assert [u.text for u in code] == ["divert(`-1')", "define(`foo', `Macro `foo'.')"]  # read as terms, they were lost
    assert code[0].lead_in and not code[1].lead_in  # "Here is …" points ahead at the first
    described = split_units("-v\nPrint the version.\n-q\nBe quiet.", 1)
    assert [u.kind for u in described] == ["prose", "prose"]  # a term with its description is context, as before


def test_an_unannounced_line_of_code_is_no_part_of_the_sentence_before_it() -> None:
    text = "In TLS 1.3 the groups are set with the supported_groups option.\nserver_verify_type() = verify_type()"
    line = _read("Which option sets the groups in TLS 1.3?", text)
    assert line == "“In TLS 1.3 the groups are set with the supported_groups option.” [1]"  # the next line was glued
    prompt = "To find out the levels of a factor the function levels() can be used.\n> levels(statef)"
    assert "> levels(statef)" in _read("How do I find out the levels of a factor?", prompt)  # a prompt still is


def test_a_line_of_python_source_is_code_and_a_decorator_before_it_is_announced() -> None:
    from core.answer.units import split_units
    text = ("If a test should not be even executed, use the run parameter as False:\n"
            "@pytest.mark.xfail(run=False)\n"
            "def test_function():\n"
            "This is specially useful for tests that crash the interpreter.")
    units = split_units(text, 1)
    assert [(u.kind, u.lead_in, u.text) for u in units[1:3]] == [
        ("code", True, "@pytest.mark.xfail(run=False)"), ("code", False, "def test_function():")]
    assert units[3].context == ""  # the decorator is no term for the sentence after the code
    assert "@pytest.mark.xfail(run=False)" in _read("How do I make an xfail test not run at all?", text)
