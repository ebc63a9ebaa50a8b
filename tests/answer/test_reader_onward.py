"""A sentence that sets up an answer is read on into the next sentence of its passage when that
one goes on from it ("… then you can pipe it." / "In that case the character '-' stands for the
standard input."): fixed cases in the shape the PDF parser gives; a next sentence that starts
something new, one in another passage, a table row, or a pair past the word cap is not read."""
from __future__ import annotations

from core.answer.reader import ExtractiveReader
from core.answer.read_on import read_onward
from core.answer.reading import Reading
from core.answer.units import Unit, split_units

PIPE = ("If you wish to run the assembler directly on the output of another program, without the cost of "
        "creating and reading a new sequence file, then you can pipe it. In that case the character '-' "
        "stands for the standard input within the command line. The output directory must exist.")


def _units(text: str) -> list[Unit]:
    return split_units(text, 1)


def test_a_sentence_is_read_on_into_one_that_goes_on_from_it() -> None:
    setup, onward, _ = _units(PIPE)
    out = read_onward(Reading("", setup.text, 1), setup, onward, 50)
    assert out.sentence == f"{setup.text} {onward.text}"


def test_a_next_sentence_that_starts_something_new_is_not_read() -> None:
    _, onward, new = _units(PIPE)
    reading = Reading("", onward.text, 1)
    assert read_onward(reading, onward, new, 50) is reading


def test_the_word_cap_and_the_passage_hold() -> None:
    setup, onward, _ = _units(PIPE)
    reading = Reading("", setup.text, 1)
    assert read_onward(reading, setup, onward, 30) is reading  # 29 + 14 words
    assert read_onward(reading, setup, Unit(onward.text, 2, "prose"), 50) is reading
    assert read_onward(reading, setup, onward, 0) is reading


def test_a_verdict_is_not_read_on() -> None:
    setup, onward, _ = _units(PIPE)
    reading = Reading("Yes", setup.text, 1)
    assert read_onward(reading, setup, onward, 50) is reading


def test_the_broad_openers_only_when_asked() -> None:
    first = Unit("The option --no-ret-without-call inserts an extra call before a return.", 1, "prose", index=0)
    nxt = Unit("This option is needed with the XC800 series.", 1, "prose", index=1)
    reading = Reading("", first.text, 1)
    assert read_onward(reading, first, nxt, 50) is reading
    assert read_onward(reading, first, nxt, 50, broad=True).sentence.endswith("XC800 series.")


def test_the_reader_quotes_the_sentence_that_goes_on() -> None:
    question = "How do I feed the assembler reads from another program through a pipe?"
    on = ExtractiveReader(embedder=None, tagger=None).read(question, [(1, PIPE)]).render().splitlines()[0]
    off_reader = ExtractiveReader(embedder=None, tagger=None, onward_words=0, shape_read_on=0)  # the shape's read-on too
    off = off_reader.read(question, [(1, PIPE)]).render()
    assert "then you can pipe it. In that case the character '-' stands for the standard input" in on
    assert "In that case" not in off.splitlines()[0]


def test_to_do_this_goes_on_from_the_sentence_before_it() -> None:
    """Ghostscript: "You can tell Ghostscript to put each page … To do this place a template '%d' …"."""
    setup, how = _units("You can tell Ghostscript to put each page of output in a series of similarly named files. "
                        "To do this place a template '%d' in the filename.")
    assert read_onward(Reading("", setup.text, 1), setup, how, 50).sentence == f"{setup.text} {how.text}"

