"""Self-contained second questions of probe batch 19: a definite noun that says itself which
thing it is (a relative clause on it, an "of" phrase about something not yet known) and a
relative "that" left before a stranded preposition point at nothing said earlier, so the
question starts fresh; a definite noun without them ("the output file called by default", "the
size of the buffer") still leans on the earlier question."""
from __future__ import annotations

import pytest

from core.answer.followup import standalone
from core.types import Turn


@pytest.mark.parametrize("earlier, fresh", [
    ("How do I set an environment variable in bash?", "Does a child process see the variables that its parent exports?"),
    ("How do I find a file by name?", "How do I search the contents of every file in a directory for a word?"),
    ("How do I list the files in a Debian package?",
     "Which package provides the file that a command I am missing lives in?"),
])
def test_a_self_describing_definite_noun_starts_fresh(earlier, fresh):
    out = standalone(fresh, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


@pytest.mark.parametrize("earlier, follow_up", [
    ("What does the --tool option of Biber do?", "what is the output file called by default?"),
    ("What does set_sqrs generate in expEYES?", "how is the phase shift given?"),
    ("How do I make velvetg print only contigs longer than 100bp?", "what is the option called?"),
    ("How do I configure the read buffer of gzip?", "What is the size of the buffer?"),
])
def test_a_definite_noun_without_its_own_description_still_leans(earlier, follow_up):
    assert standalone(follow_up, [Turn(earlier)], llm=None).rewritten


def test_a_pronoun_deeper_in_a_relative_clause_can_be_its_noun():
    """Probe batch 20: 'it' of "while I watch it" is the log file; 'it' beside the clause's gap is not."""
    fresh = "How do I follow a log file that is rotated while I watch it?"
    assert not standalone(fresh, [Turn("How do I print the last lines of a log file?")], llm=None).rewritten
    assert standalone("What is the maximum length that it can hold?", [Turn("What is yytext in flex?")],
                      llm=None).rewritten


def test_a_program_named_by_an_adjective_before_command_is_a_name():
    """Probe batch 20: "the free command" (the tagger reads 'free' as an adjective) names a program."""
    fresh = "Why does the free command show so little free memory on a busy server?"
    assert not standalone(fresh, [Turn("How do I check memory usage?")], llm=None).rewritten
