"""Asked about a property of a name that has an entry of its own ("What is the default
work_mem?"), the reader answers from that entry, not from the next entry that names it in
passing; a value's mark keeps the bracket or quote it opens or closes; "non-default" states no
default. Fixed cases in the shape PostgreSQL's configuration reference takes (a term line
"name (type)", then its description)."""
from __future__ import annotations

from core.answer.candidates import Candidate
from core.answer.entry import entry_ranked, entry_weights
from core.answer.reading import closed
from core.answer.units import split_units
from core.answer.values import says_default
from tests.answer.reader_cases import first_line as _first_line

MEMORY = (
    "work_mem (integer)\n"
    "Sets the base maximum amount of memory to be used by a query operation before writing to temporary disk files. "
    "The default value is four megabytes (4MB).\n"
    "hash_mem_multiplier (floating point)\n"
    "Used to compute the maximum amount of memory that hash-based operations can use. "
    "The default value is 2.0, which makes hash-based operations use twice the usual work_mem base amount.\n"
)
SLOTS = (
    "superuser_reserved_connections (integer)\n"
    "Determines the number of connection slots that are reserved for connections by superusers. "
    "The default value is three connections.\n"
    "tcp_keepalives_idle (integer)\n"
    "Specifies the amount of time after which a keepalive message is sent. "
    "A value of 0 (the default) selects the operating system's default.\n"
    "tcp_keepalives_count (integer)\n"
    "Specifies the number of keepalive messages that can be lost. A value of 0 (the default) selects the system's.\n"
)


def test_a_property_of_a_name_is_read_from_the_names_own_entry() -> None:
    assert "four megabytes (4MB)" in _first_line("What is the default work_mem?", MEMORY)
    assert "2.0" in _first_line("What is the default hash_mem_multiplier?", MEMORY)  # its own entry, not work_mem's


def test_a_count_of_the_asked_entry_outranks_a_count_of_the_next_entries() -> None:
    units = split_units(SLOTS, 1)
    at = {u.text: u for u in units}
    zero, three = at["A value of 0 (the default) selects the operating system's default."], \
        at["The default value is three connections."]
    ranked = [Candidate("0", zero, 1.23, 8), Candidate("three connections", three, 1.20, 21)]
    question = "How many connections does superuser_reserved_connections reserve by default?"
    assert [c.text for c in entry_ranked(question, ranked, units)] == ["three connections", "0"]
    assert entry_ranked("How many connections are reserved by default?", ranked, units) == ranked  # no name asked


def test_only_identifiers_with_an_entry_of_their_own_reweigh_the_units() -> None:
    units = split_units(MEMORY, 1)
    weights = entry_weights("What is the default work_mem?", units)
    assert weights is not None
    assert {u.text: w for u, w in zip(units, weights)}["The default value is four megabytes (4MB)."] == 1.0
    assert min(weights) < 1.0  # hash_mem_multiplier's sentences
    assert entry_weights("What is the default memory limit?", units) is None  # no identifier asked
    assert entry_weights("What is the default of shared_buffers?", units) is None  # no entry of its own here
    command_lines = split_units("dblatex -s style.sty file.xml\nUse a style.\n-m xslt, --xslt=xslt\n"
                                "xsltproc (default).\n", 1)
    assert entry_weights("Which XSLT processor does dblatex use by default?", command_lines) is None  # a program


def test_a_mark_keeps_the_bracket_or_quote_it_opens_or_closes() -> None:
    text = "The default value is four megabytes (4MB). It defaults to ‘--’ (two hyphens)."
    start = text.index("four")
    assert text[slice(*closed(text, start, text.index("4MB") + 3))] == "four megabytes (4MB)"
    start = text.index("--")
    assert text[slice(*closed(text, start, text.index("hyphens") + 7))] == "‘--’ (two hyphens)"
    assert closed(text, 0, 3) == (0, 3)


def test_non_default_states_no_default() -> None:
    unit = split_units("(Non-default values of BLCKSZ change the minimum value.\n", 1)[0]
    assert not says_default(unit)
    assert says_default(split_units("The default is typically 128 megabytes (128MB).\n", 1)[0])


DATETIME = (
    "| Name | Storage Size | Description | Low Value | High Value | Resolution |\n|---|---|---|---|---|---|\n"
    "| timestamp [ (p) ] [ without time zone ] | 8 bytes | both date and time (no time zone) | 4713 BC | 294276 AD "
    "| 1 microsecond |\n"
    "| date | 4 bytes | date (no time of day) | 4713 BC | 5874897 AD | 1 day |\n"
    "| time [ (p) ] [ without time zone ] | 8 bytes | time of day (no date) | 00:00:00 | 24:00:00 | 1 microsecond |\n"
)


def test_the_row_named_by_the_question_answers_and_a_count_marks_the_counted_unit() -> None:
    line = _first_line("How many bytes does the date type take?", DATETIME)
    assert line.startswith("“Name: date |") and "**4 bytes**" in line
    units = split_units(DATETIME, 1)
    from core.answer.question import analyse_question
    from core.answer.unit_terms import NAMED_ROW, named_rows
    bonus = named_rows(analyse_question("How many bytes does the date type take?"), units)
    assert [round(float(b), 2) for b in bonus] == [0.0, NAMED_ROW, 0.0]  # "timestamp" and "time" are other rows
