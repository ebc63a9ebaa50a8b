"""The answering sentence is read with a neighbour of its passage when the two are short:
after the sentence before it when it opens by pointing back ("This …"), into the sentence
after it when it is short (the answer often follows the sentence that names what is asked)."""
from __future__ import annotations

from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader
from core.answer.read_on import read_around
from core.answer.reading import Reading
from core.answer.sentences import best_span, split_answer
from core.answer.units import Unit
from core.answer.values import confident

TRACES = (
    "The options of the Traces command are listed below.\n"
    "S=# Specify a strategy for Traces. Only 0 is supported in this version.\n"
    "Other values are reserved for later versions of the program, which are planned but not written."
)


def _unit(text: str, index: int, number: int = 1) -> Unit:
    return Unit(text, number, "prose", index=index)


def test_a_short_sentence_is_read_on_into_the_next_one() -> None:
    unit, nxt = _unit("S=# Specify a strategy for Traces.", 1), _unit("Only 0 is supported in this version.", 2)
    out = read_around(Reading("", unit.text, 1), unit, None, nxt, short=16, total=25)
    assert out.sentence == "S=# Specify a strategy for Traces. Only 0 is supported in this version."


def test_a_sentence_that_points_back_is_read_after_the_one_before_it() -> None:
    prev, unit = _unit("-mmcs51 Generate code for the Intel MCS51 family.", 4), _unit("This is the default target.", 5)
    out = read_around(Reading("default", unit.text, 1, (12, 19)), unit, prev, None, short=16, total=25)
    assert out.sentence.startswith("-mmcs51 Generate code") and out.sentence.endswith("This is the default target.")
    assert out.sentence[out.mark[0]:out.mark[1]] == "default"  # the mark moves with the sentence


def test_long_sentences_and_other_passages_are_left_alone() -> None:
    long = _unit("A sentence " + "with many words " * 8 + "ends here.", 1)
    nxt = _unit("Only 0 is supported.", 2)
    reading = Reading("", long.text, 1)
    assert read_around(reading, long, None, nxt, short=16, total=25) is reading
    short = _unit("Specify a strategy.", 1)
    other = Reading("", short.text, 1)
    assert read_around(other, short, None, _unit("Only 0 is supported.", 0, number=2), 16, 25) is other
    assert read_around(other, short, None, nxt, short=16, total=0) is other  # 0: never


def test_a_yes_no_verdict_is_not_read_on() -> None:
    unit, nxt = _unit("Traces is supported.", 1), _unit("It is fast.", 2)
    verdict = Reading("Yes", unit.text, 1)
    assert read_around(verdict, unit, None, nxt, 16, 25) is verdict


def test_the_reader_quotes_the_answer_after_the_sentence_that_names_the_option() -> None:
    reader = ExtractiveReader(embedder=None, tagger=None)
    line = reader.read("Which strategy is supported for Traces?", [(1, TRACES)]).render().splitlines()[0]
    assert "Only 0 is supported in this version." in line
    off = ExtractiveReader(embedder=None, tagger=None, read_words=0)
    assert "Only 0" not in off.read("Which strategy is supported for Traces?", [(1, TRACES)]).render().splitlines()[0]


def test_a_default_is_marked_only_when_its_span_looks_like_a_value() -> None:
    default = analyse_question("What is the default search strategy of the program?")
    assert confident(default, "HKY85") and confident(default, "0.001")
    assert confident(default, "--log")
    assert not confident(default, "optimised") and not confident(default, "the program")
    assert confident(analyse_question("How many times does it retry?"), "five times")  # a count


def test_a_quoted_first_line_is_one_answer_sentence_whose_span_holds_both_sentences() -> None:
    line = "“S=# Specify a strategy for Traces. Only 0 is supported in this version.” [1]"
    assert split_answer(line + "\n“Other values are reserved.” [2]")[0] == (line, (1,))
    span, chunk, _ = best_span(line, [("c1", TRACES)], "Which strategy is supported for Traces?")
    assert chunk == "c1" and "Specify a strategy" in span and "Only 0 is supported" in span
    assert split_answer("“A is 1.” [1] “B is 2.” [2]") == [("“A is 1.” [1]", (1,)), ("“B is 2.” [2]", (2,))]


def test_a_table_row_is_never_glued_to_the_next_row() -> None:
    """A row is short, but the row after it answers nothing of the question: seen with a
    spreadsheet's rows ("Mirror: ftp.de.debian.org | Country: Germany … Mirror: mirror.aarnet…")."""
    table = ("| Mirror | Country | Protocol |\n|---|---|---|\n| ftp.fr.debian.org | France | http |\n"
             "| ftp.de.debian.org | Germany | rsync |\n| mirror.aarnet.edu.au | Australia | https |")
    reader = ExtractiveReader(embedder=None, tagger=None)
    first = reader.read("Which mirror is in Germany?", [(1, table)]).render().splitlines()[0]
    assert "ftp.de.debian.org" in first and "Germany" in first
    assert "aarnet" not in first and "France" not in first
    row, nxt = Unit("Mirror: a | Country: b", 1, "row", index=1), Unit("Mirror: c | Country: d", 1, "row", index=2)
    reading = Reading("", row.text, 1)
    assert read_around(reading, row, None, nxt, short=16, total=25) is reading


BIBTOOL = ("Extracting entries is a common task.\n"
           "As a simple case of extraction we might want to extract all books from a bibliography. "
           "This can be done with the following command:\n"
           "bibtool -- select{@book} all.bib -o some.bib\n"
           "A similar method can also be applied for other entry types.")


def test_a_sentence_read_on_into_one_that_announces_a_command_brings_the_command():
    """The answering sentence is read on into a short one ending in ':' (`read_around`); that
    one announces the command, which the quote then shows, as it would for the announcing
    sentence itself (`completed`)."""
    reader = ExtractiveReader(embedder=None, tagger=None)
    line = reader.read("How do I extract all the books from a bibliography?", [(1, BIBTOOL)]).render().splitlines()[0]
    assert "This can be done with the following command:" in line and "select{@book}" in line


def test_a_short_sentence_is_not_read_on_into_the_description_of_another_entry() -> None:
    text = ("Examples:\ngnuplot -background coral\nto change the background color.\n"
            "gnuplot -xrm ’gnuplot*line1Color:blue’\nto override the first linetype color.")
    result = ExtractiveReader(None).read("How do I change the background color of the x11 window?",
                                         [(1, text, "gnuplot", "X11 resources")])
    first = result.render().splitlines()[0]
    assert first == "“gnuplot -background coral to change the background color.” [1]"  # not "… to override …"
