"""A reference of backslash meta-commands (psql's "\\q or \\quit", "\\timing [ on | off ]"): asked
how to do what one does, the quote opens with its term line, a bar inside its brackets
included; the first sentence under an option's term ("This option …") is not read with the
sentence before it, which describes the option before. Fixed cases in the shape of psql's
manual page as the HTML reader writes it."""
from __future__ import annotations

from core.answer.entry import head_line
from core.answer.read_on import read_around
from core.answer.reading import Reading
from core.answer.units import split_units
from tests.answer.reader_cases import first_line as _first_line

PSQL = (
    "\\q or \\quit\n"
    "Quits the psql program. In a script file, only execution of that script is terminated.\n"
    "\\timing [ on | off ]\n"
    "With a parameter, turns displaying of how long each SQL statement takes on or off. "
    "Without a parameter, toggles the display between on and off.\n"
)
OPTIONS = (
    "-0 --record-separator-zero\n"
    "Set the record separator for unaligned output to a zero byte. This is equivalent to \\pset recordsep_zero.\n"
    "-1 --single-transaction\n"
    "This option can only be used in combination with one or more -c and/or -f options. "
    "It causes psql to issue a BEGIN command before the first such option and a COMMIT command after the last one.\n"
)


def test_how_to_questions_quote_the_meta_commands_term_line() -> None:
    assert _first_line("How do I quit psql?", PSQL).startswith("“\\q or \\quit … Quits the psql program.")
    assert _first_line("How do I turn on timing of SQL statements in psql?", PSQL).startswith(
        "“\\timing [ on | off ] … With a parameter, turns displaying")


def test_a_term_with_a_bar_in_brackets_is_one_context_part() -> None:
    unit = next(u for u in split_units(PSQL, 1) if u.text.startswith("With a parameter"))
    assert unit.context.split(" | ")[0].split() == ["\\timing", "[", "on", "|", "off", "]"]
    assert head_line("\\timing [ on | off ]") and head_line("\\q or \\quit")
    assert not head_line("\\SetKwInOut{Input}{Input}") and not head_line("Quits the psql program.")


def test_the_first_sentence_under_an_option_is_not_read_with_the_option_before() -> None:
    units = split_units(OPTIONS, 1)
    at = next(i for i, u in enumerate(units) if u.text.startswith("This option can only"))
    unit, prev = units[at], units[at - 1]
    assert prev.text == "This is equivalent to \\pset recordsep_zero."
    read = read_around(Reading("", unit.text, 1), unit, prev, None, short=8, total=60)
    assert read.sentence == unit.text  # "This option …" is the -1 option, not what the -0 entry said
    same = split_units("-1 --single-transaction\nIt wraps the commands in one transaction. This is the default.\n", 1)
    read = read_around(Reading("", same[1].text, 1), same[1], same[0], None, short=8, total=60)
    assert read.sentence == "It wraps the commands in one transaction. This is the default."  # same entry: read back
    lead = split_units("This can be changed by using the -sOCRLanguage= switch:\n-sOCRLanguage=language\n"
                       "This sets the trained data sets to use.\n", 1)
    read = read_around(Reading("", lead[1].text, 1), lead[1], lead[0], None, short=8, total=60)
    assert read.sentence.startswith("This can be changed by using the -sOCRLanguage= switch: This sets")  # leads in
