"""Follow-ups from a walk over the flex and gnuplot manuals (PDF) and GNU m4's HTML pages
(stop 50): a name the tagger reads as a verb ("What does incr expand to?") is the subject; a
name called with brackets glued to it ("yywrap()", "decr(`7')") takes another call's place
whole; "one" described by a name with symbols ("a C++ one") stands for the earlier noun, also
the noun after "Is there a …"; a fragment that repeats the words before the replaced phrase does
not say them twice; an unknown name tagged plural keeps a singular verb."""
from __future__ import annotations

import pytest

from core.answer.fillers import agreeing
from core.answer.followup import standalone
from core.answer.readable import reads_as_question
from core.answer.referent import name_before_verb
from core.types import Turn


@pytest.mark.parametrize("earlier, follow_up, standalone_form", [
    ("What does incr expand to?", "and decr?", "What does decr expand to?"),
    ("What does incr(`4') expand to?", "and decr(`7')?", "What does decr(`7') expand to?"),
    ("What does len(`abc') expand to in m4?", "and substr(`abc', 1)?", "What does substr(`abc', 1) expand to in m4?"),
    ("What does strlen() return?", "and strnlen()?", "What does strnlen() return?"),
    ("How do I call yywrap() in flex?", "and yylex()?", "How do I call yylex() in flex?"),
    ("How do I make flex generate a reentrant scanner?", "and a C++ one?",
     "How do I make flex generate a C++ scanner?"),
    ("Is there a Python binding for cairo?", "what about a Rust one?", "Is there a Rust binding for cairo?"),
    ("Does bzip2 compress files?", "and directories?", "Does bzip2 compress directories?"),
    ("What does --cache-force do?", "and --cache-show?", "What does --cache-show do?"),  # not "--cache-show -force"
    ("How many old temporary directories does pytest keep?", "Can I change that number?",
     "Can I change the number of the old temporary directories that pytest keeps?"),  # not "that does pytest keep"
    ("Is the script font available in the CGM terminal?", "under what name?",
     "Under what name is the script font available in the CGM terminal?"),  # not "… terminal under what name?"
    ("Does SDCC support the Z80?", "in which version?", "In which version does SDCC support the Z80?"),
    ("Is IPv6 supported?", "since when?", "Since when is IPv6 supported?"),  # not "Is since when supported?"
    ("Which routine marks an angle AOB?", "Which module provides it?",
     "Which module provides the routine that marks an angle AOB?"),  # not "… provides an angle AOB?"
])
def test_the_follow_up_is_rewritten_and_shown(earlier, follow_up, standalone_form):
    out = standalone(follow_up, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten, out.readable) == (standalone_form, True, True)


def test_the_words_before_a_replaced_phrase_are_not_said_twice():
    from core.answer.ellipsis import swap
    assert swap("What does git stash pop do?", "git stash apply") == "What does git stash apply do?"


def test_a_clause_of_a_question_in_the_order_of_a_statement():
    from core.answer.referent import declarative
    assert declarative("does pytest keep") == "pytest keeps"
    assert declarative("does the daemon listen on") == "the daemon listens on"
    assert declarative("do the tools read") == "the tools read"
    assert declarative("makes X reuse Y") == "makes X reuse Y"


def test_a_name_between_the_auxiliary_and_the_verb():
    assert name_before_verb("What does incr expand to?") == "incr"
    assert name_before_verb("What does it return?") == ""  # no name
    assert name_before_verb("How do I start R?") == ""


def test_a_bracket_of_a_call_may_be_shown_but_not_an_aside():
    assert reads_as_question("What does yywrap() return?", "and it?")
    assert not reads_as_question("How do I quit R (the program)?", "and quit?")


def test_an_unknown_name_tagged_plural_keeps_a_singular_verb():
    assert agreeing("Does decr expand to 6?") == "Does decr expand to 6?"
    assert agreeing("Does the files have a header?") == "Do the files have a header?"
    assert agreeing("Does the children have a header?") == "Do the children have a header?"
