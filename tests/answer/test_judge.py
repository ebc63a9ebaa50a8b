"""Yes/no verdicts: a state the question names is read where a unit states it outright."""
from __future__ import annotations

import pytest

from core.answer import judge
from core.answer.reader import ExtractiveReader
from core.answer.units import Unit

DGRID = ("Dgrid3d. When enabled, 3D data read from a file are always treated as a scattered data set. "
         "By default dgrid3d is disabled.")


def _units(*texts: str) -> list[Unit]:
    return [Unit(t, 1, "prose") for t in texts]


def test_the_opposite_state_stated_outright_is_a_no_read_past_a_condition() -> None:
    result = ExtractiveReader(None).read("Is dgrid3d enabled by default?", [(1, DGRID, "gnuplot", "Dgrid3d")])
    first = result.render().splitlines()[0]
    assert result.answer == "No"
    assert first.startswith("No: “By default dgrid3d is") and "disabled" in first


@pytest.mark.parametrize("question, texts, said", [
    ("Is the search case sensitive?", ("When set, the search can be made case-insensitive.", "The search is case-insensitive."),
     "No"),
    ("Is dgrid3d disabled by default?", ("By default dgrid3d is disabled.",), "Yes"),
    ("Is the cache enabled?", ("The cache is not enabled unless you ask for it.",), "No"),
    ("Is the cache enabled?", ("The cache is enabled at start-up.",), "Yes"),
    ("Is quilt integration enabled by default?",  # zsh's vcs_info: "off" is the opposite of "enabled"
     ("Quilt integration is off by default; to enable it, set the use-quilt style.",), "No"),
    ("Is quilt integration off by default?", ("Quilt integration is off by default.",), "Yes"),
])
def test_stated_reads_the_asked_state_or_its_opposite(question, texts, said) -> None:
    verdict, unit = judge.stated(question, _units(*texts))
    assert verdict == said
    assert unit.text == texts[-1]


@pytest.mark.parametrize("question", [
    "Does the client use active or passive mode?",  # one of two, not a yes/no
    "Is the cache large?",  # no state the table knows
])
def test_stated_leaves_other_questions_to_the_general_rule(question) -> None:
    assert judge.stated(question, _units("The client is active and the cache is enabled.")) is None


def test_a_curly_apostrophe_negation_is_a_no() -> None:
    assert judge.yes_no(_units("In particular, --fast doesn’t make things significantly faster.")) == "No"
    assert judge.yes_no(_units("In particular, --fast makes things significantly faster.")) == "Yes"


def test_a_state_of_something_else_is_not_read() -> None:
    assert judge.stated("Is dgrid3d enabled by default?", _units("The mouse is disabled in batch mode.")) is None


@pytest.mark.parametrize("question", [
    "Are diversions appended or overwritten when I divert to the same number twice?",
    "Is char signed or unsigned by default?",
    "Do column numbers start counting at zero or at one?"])
def test_a_question_offering_two_alternatives_gets_no_verdict(question) -> None:
    from core.answer.question import analyse_question
    assert analyse_question(question).kind != "yesno"
    passages = [(1, "Calls of divert with the same number do not overwrite the diverted text, but append to it.")]
    line = ExtractiveReader(None).read(question, passages).render().splitlines()[0]
    assert not line.startswith(("Yes", "No"))


@pytest.mark.parametrize("question", ["Is the file compressed or not?", "Does it keep the rules, or do I save them?",
                                      "Is it enabled by default?"])
def test_or_not_and_a_second_clause_stay_yes_no(question) -> None:
    from core.answer.question import analyse_question
    assert analyse_question(question).kind == "yesno"


def test_a_denial_of_the_asked_verb_is_a_no() -> None:
    question = "Can I change how many temporary directories are kept?"  # "changed" near "cannot", "kept" far away
    passages = [(1, "The number of entries currently cannot be changed, but using the --basetemp option will "
                    "remove the directory before every run, effectively meaning the temporary directories of only "
                    "the most recent run will be kept.")]
    assert ExtractiveReader(None).read(question, passages).render().startswith("No:")


def test_a_question_about_a_default_reads_the_sentence_that_states_it() -> None:
    question = "Do XPASS results fail the test suite by default?"
    passages = [(1, "You can change this by setting the strict parameter to True. This will make XPASS results "
                    "from this test to fail the test suite. "
                    "Both XFAIL and XPASS don't fail the test suite by default.")]
    assert ExtractiveReader(None).read(question, passages).render().startswith("No:")


ENTRIES = ("With both trim_blocks and lstrip_blocks enabled, you can put block tags on their own lines.\n"
           "trim_blocks\nIf this is set to True the first newline after a block is removed. Defaults to False.\n"
           "lstrip_blocks\nIf this is set to True leading spaces are stripped. Defaults to False.\n"
           "auto_reload\nIf this is set, every time a template is requested the loader checks it. Defaults to True.")


@pytest.mark.parametrize("question, said, entry", [
    ("Is trim_blocks enabled by default?", "No", "trim_blocks"),  # not "Yes" from "… trim_blocks … enabled, …"
    ("Is lstrip_blocks disabled by default?", "Yes", "lstrip_blocks"),
    ("Is auto_reload on by default?", "Yes", "auto_reload"),
])
def test_a_default_of_on_or_off_under_the_asked_names_entry_decides(question, said, entry) -> None:
    result = ExtractiveReader(None).read(question, [(1, ENTRIES, "Jinja API", "High Level API")])
    first = result.render().splitlines()[0]
    assert result.answer == said
    assert first.startswith(f"{said}: “{entry} … Defaults to **")  # the entry's name, then its default marked


def test_an_entry_default_needs_the_name_the_question_asks_about() -> None:
    units = [Unit("Defaults to False.", 1, "prose", context="lstrip_blocks | High Level API")]
    assert judge.entry_default("Is trim_blocks enabled by default?", units) is None
    assert judge.entry_default("Is lstrip_blocks enabled by default?", units) == ("No", units[0])
    dashed = [Unit("(default: on)", 1, "prose", context="auto-reload | Options")]
    assert judge.entry_default("Is auto-reload off by default?", dashed) == ("No", dashed[0])
    assert judge.entry_default("Is reload off by default?", dashed) is None
    prose = [Unit("Defaults to False.", 1, "prose", context="Whitespace Control | Jinja")]  # a heading, not a name
    assert judge.entry_default("Is whitespace control enabled by default?", prose) is None
