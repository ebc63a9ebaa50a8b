"""Follow-up rewrite on fixed cases of the shapes found on the HMMER tuning set (a made-up
program, "gribble", so that nothing of a tuning or test manual is copied): chains of openers,
"that mode" said earlier in the question, specific definite phrases, "a different number",
"that option" after a how-question, another action in the same frame, "support it" after "SSL
support", a definite fragment for a whole phrase, a word grown from an earlier one."""
from __future__ import annotations

import pytest

from core.answer.beyond import asks_beyond, continues_action, count_of
from core.answer.ellipsis import swap
from core.answer.followup import standalone
from core.answer.phrases import means_to, verb_frame
from core.answer.topic import specific_phrases
from core.types import Turn


@pytest.mark.parametrize("earlier, fresh", [
    ("How do I start gribble?", "OK so which program converts between archive formats?"),
    ("How do I start gribble?", "Now, how do I compress a folder with zark?"),
    ("How do I start gribble?", "Is the incremental backup mode on by default, and how do I turn that mode off?"),
    ("How do I start gribble?", "Is the incremental backup mode on by default?"),
    ("What does the server log?", "What does a zark upload print at the end to show that it finished?"),
    ("How do I start gribble?", "What is the difference between zark and gribble?"),
])
def test_self_contained_shapes_start_fresh(earlier, fresh):
    out = standalone(fresh, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


@pytest.mark.parametrize("earlier, follow_up, rewritten", [
    ("How many retries does gribble make by default?", "How do I set a different number?",
     "How do I set a different number of retries?"),
    ("How do I make gribble output reproducible?", "which commands accept that option?",
     "Which commands accept the option to make gribble output reproducible?"),
    ("How do I remove the cache from gribble output?", "and keep the timestamps instead?",
     "How do I keep the timestamps in gribble?"),
    ("How do I build gribble with SSL support?", "which platforms don't support it?", "Which platforms don't support SSL?"),
    ("What is the default upload chunk size of gribble?", "and the download chunk size?",
     "What is the download chunk size of gribble?"),
    ("What is the space used for compression with the gribble level 9?", "what about decompression?",
     "What is the space used for decompression with the gribble level 9?"),
    ("What does pack_tree do in gribble?", "which formats can it write?", "Which formats can pack_tree write?"),
    ("Which config file must be created to use gribble?", "what does it hold?",
     "What does the config file that must be created to use gribble hold?"),
])
def test_follow_ups_are_rewritten_with_the_right_subject(earlier, follow_up, rewritten):
    out = standalone(follow_up, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten, out.readable) == (rewritten, True, True)


def test_the_helpers_on_their_own():
    assert specific_phrases("Is the incremental backup mode on by default?") == ["the incremental backup mode"]
    assert specific_phrases("What is the default file name?") == []  # an attribute head: said earlier
    assert specific_phrases("how is the phase shift given?") == []  # one describing word is not enough
    assert asks_beyond("How do I set a different number?") and not asks_beyond("Can zark use a different port?")
    assert continues_action("and keep the timestamps?") and not continues_action("and show the syntax of the plot command")
    assert not continues_action("keep the timestamps?")
    assert count_of("How do I set a different number?", "How many retries does gribble make?") == \
        "How do I set a different number of retries?"
    assert count_of("How do I set it?", "How many retries does gribble make?") == ""
    assert means_to("How do I make gribble quiet?", "option") == "the option to make gribble quiet"
    assert means_to("What does gribble do?", "option") == ""
    assert verb_frame("How do I start gribble?", "and stop it") == ""  # the connector is no verb
    assert swap("What is the default E-value reporting threshold of gribble?", "the inclusion threshold") == \
        "What is the inclusion threshold of gribble?"


@pytest.mark.parametrize("fresh", [
    "What does it mean when zark warns about a missing key?",  # an expletive "it"
    "What is this manual about?",  # the document itself
    "Which sections does this guide have?",
    "What are the common traps when using this package?",  # what the manual documents
])
def test_wording_that_points_at_nothing_earlier_starts_fresh(fresh):
    out = standalone(fresh, [Turn("How do I install the package?")], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


def test_a_pronoun_beside_an_expletive_is_still_rewritten():
    out = standalone("Is it possible to run it in parallel?", [Turn("How do I start Gribble?")], llm=None)
    assert (out.text, out.rewritten) == ("Is it possible to run Gribble in parallel?", True)


@pytest.mark.parametrize("earlier, follow_up, rewritten", [
    ("What does the fcall statement do in Zark?", "what about fret?", "What does the fret statement do in Zark?"),
    ("Where must a package install its shared libraries?", "and its header files?",
     "Where must a package install its header files?"),
    ("What is a Zark state chart?", "how do I write one?", "How do I write a Zark state chart?"),
    ("How do I convert a LaTeX file to RTF with zark?", "what about equations?",
     "How do I convert LaTeX equations to RTF with zark?"),
])
def test_the_new_thing_takes_the_right_place(earlier, follow_up, rewritten):
    out = standalone(follow_up, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten, out.readable) == (rewritten, True, True)


def test_one_with_its_own_noun_in_the_question_starts_fresh():
    fresh = "What is a virtual package and when should I use one?"
    out = standalone(fresh, [Turn("What is a Zark state chart?")], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


@pytest.mark.parametrize("fresh", [
    "When two packages conflict, what must they declare?",  # 'conflict' read as a noun: still its own clause
    "Which macros does zark ship, and where are they installed?",  # the asked noun, in another clause
    "Do shared libraries need a symbols file, and where do they go?",
])
def test_they_with_its_noun_in_the_question_starts_fresh(fresh):
    out = standalone(fresh, [Turn("How do I install the package?")], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)
