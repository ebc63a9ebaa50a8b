"""Follow-ups of probe batch 11 (written before the rules were changed): a bare gerund asks the
earlier action's opposite of the same thing ("and decrypting?"), a name with its own preposition
takes the place of the earlier question's only name ("and for Apache?" after "… in nginx?"),
words after the shared one stay ("the last 10" for "the first 10 lines"), and "what about
<gerund> <object> with <program>?" naming a program of its own starts fresh. Batch 12: "this"
points ahead at a code name closing the question, and "those databases" after "a new database"
is that database. Batch 13: "the ip command" names the program ip. Batch 14: "it" acting
("how often does it run?") is the tool the earlier question works with, not what the tool works on."""
from __future__ import annotations

import pytest

from core.answer.followup import standalone
from core.answer.lexicon import gerund_verb
from core.types import Turn


@pytest.mark.parametrize("earlier, follow_up, rewritten", [
    ("How do I encrypt a file with gpg?", "What about decrypting?", "How do I go about decrypting a file with gpg?"),
    ("How do I enable compression in nginx?", "and for Apache?", "How do I enable compression for Apache?"),
    ("How do I print the first 10 lines of a file with head?", "what about the last 10?",
     "How do I print the last 10 lines of a file with head?"),
])
def test_follow_ups_swap_the_right_words(earlier, follow_up, rewritten):
    out = standalone(follow_up, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten, out.readable) == (rewritten, True, True)


def test_a_place_after_two_names_is_added_not_swapped():
    out = standalone("what about on Windows?", [Turn("How do I override PROJECT_NUMBER from the command line in doxygen?")],
                     llm=None)
    assert out.text == "How do I override PROJECT_NUMBER from the command line in doxygen on Windows?"


@pytest.mark.parametrize("earlier, fresh", [
    ("How do I search a man page?", "What about searching all man pages for a keyword with apropos?"),
    ("How do I start R?", "what about installing JAGS on macOS?"),
])
def test_what_about_an_action_of_its_own_starts_fresh(earlier, fresh):
    out = standalone(fresh, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


def test_gerund_verbs_come_from_the_lemma_index():
    assert [gerund_verb(w) for w in ("decrypting", "quitting", "uninstalling", "string", "thing", "spring")] == \
        ["decrypt", "quit", "", "", "", ""]
    assert gerund_verb("uninstalling", kin="install") == "uninstall"


def test_a_code_name_closing_the_question_is_what_this_points_at():
    fresh = "What is the zsh equivalent of this bash variable, PROMPT_COMMAND?"
    out = standalone(fresh, [Turn("How do I change the prompt in zsh?")], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


def test_those_with_the_earlier_noun_is_that_thing_itself():
    out = standalone("Where does MySQL store those databases on disk?", [Turn("How do I create a new database in MySQL?")],
                     llm=None)
    assert (out.text, out.readable) == ("Where does MySQL store a new database on disk?", True)


def test_a_word_naming_a_command_by_the_noun_after_it_is_a_name():
    fresh = "How do I see the default gateway with the ip command too?"
    out = standalone(fresh, [Turn("How do I check my IP address?")], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


def test_it_acting_is_the_tool_the_earlier_question_works_with():
    out = standalone("How often does it run by default?", [Turn("How do I rotate logs with logrotate?")], llm=None)
    assert (out.text, out.readable) == ("How often does logrotate run by default?", True)
