"""Follow-ups from a walk over zsh's, GNU Aspell's and Ghostscript's manuals (stop 48): a yes/no
question whose verb the small tagger reads as a noun ("Does the tex filter skip TeX comments?")
still has a subject that acts and an object that "them" stands for; "the primary one" after "the
secondary prompt PS2" is a prompt, not PS2; "select one" after listing the available devices is
one of them."""
from __future__ import annotations

import pytest

from core.answer.followup import standalone
from core.answer.referent import misread_yes_no
from core.answer.nlp import parse
from core.types import Turn

TEX = "Does the tex filter skip TeX comments?"


@pytest.mark.parametrize("earlier, follow_up, standalone_form", [
    (TEX, "Which commands does it skip?", "Which commands does the tex filter skip?"),
    (TEX, "How do I check them?", "How do I check TeX comments?"),
    ("What is the default of the secondary prompt PS2?", "what about the primary one?",
     "What is the default of the primary prompt?"),
    ("How do I list the available devices at the interactive prompt?", "How do I select one?",
     "How do I select one of the available devices?"),
    ("How do I list installed packages?", "How do I remove one?", "How do I remove one of the installed packages?"),
])
def test_the_follow_up_reads_what_the_earlier_question_named(earlier, follow_up, standalone_form):
    out = standalone(follow_up, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten) == (standalone_form, True)


def test_a_verb_read_as_a_noun_splits_the_question_and_a_right_parse_is_left_alone():
    assert misread_yes_no(parse(TEX)) == ("the tex filter", "TeX comments")
    assert misread_yes_no(parse("Does pandoc read docx files?")) is None  # the tagger reads "read" as the verb


@pytest.mark.parametrize("earlier, fresh", [
    ("How do I list running processes?", "How does the kernel decide which process it should kill first?"),
    ("How do I schedule a job with cron?", "What time zone does the cron daemon use for the entries it runs?"),
    ("How do I clone a repository with git?", "If I want to undo a commit in git, how do I do that?"),
    ("How do I sign a commit in git?",
     "Why does git ask for my passphrase every time I sign, and how can I stop it doing that?"),
])
def test_a_pronoun_whose_antecedent_the_question_says_first_starts_fresh(earlier, fresh):
    """'it' in a clause of its own after the main clause's subject, and 'do that' after a clause that
    names the action, point inside the question (probe batches 19 and 21)."""
    out = standalone(fresh, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


@pytest.mark.parametrize("earlier, follow_up", [
    ("What do the --fast and --best options of bzip2 do?", "does --fast make it faster?"),  # a small clause
    ("How do I start the ssh agent?", "How do I make it load my key when it starts?"),
    ("How do I tag a release in git?", "and how do I do that?"),
])
def test_a_pronoun_with_nothing_before_it_in_the_question_still_leans(earlier, follow_up):
    assert standalone(follow_up, [Turn(earlier)], llm=None).rewritten


def test_an_attribute_with_a_place_of_its_own_takes_no_owner_from_the_earlier_question():
    """Seen in the browser: "the default action at the spelling correction prompt" is that prompt's, not
    the earlier option's ("… of the option that at the spelling correction prompt?" was shown)."""
    earlier = "Which option makes sessions append to the history file instead of replacing it?"
    out = standalone("What is the default action at the spelling correction prompt?", [Turn(earlier)], llm=None)
    assert not (out.rewritten and out.readable)  # never shown as "understood as"
    assert "in append" not in out.text  # an English verb of the earlier question is no name to add
    nginx = standalone("What is the default port for the server?", [Turn("How do I install nginx?")], llm=None)
    assert nginx.text == "What is the default port for the server in nginx?"


def test_a_pronoun_the_earlier_question_wrote_itself_does_not_hide_the_rewrite():
    earlier = "Which option makes sessions append to the history file instead of replacing it?"
    out = standalone("Is it set by default?", [Turn(earlier)], llm=None)
    assert out.rewritten and out.readable
    assert out.text.startswith("Is the option that makes sessions append")


def test_a_subject_that_opens_with_its_article_gets_no_second_one():
    from core.answer.rewrite import subject_of
    earlier = "Is the option that makes sessions append to the history file instead of replacing it set by default?"
    assert not subject_of(earlier).startswith("the the ")  # the hidden glue for retrieval read "the the option …"
