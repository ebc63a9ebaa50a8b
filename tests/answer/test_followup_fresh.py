"""Follow-up rewrite on fixed cases found on the bzip2 tuning set and probes: a fragment asks the earlier
frame of another thing, attributes are asked of the whole noun phrase, an expletive "it" stays,
"what about <named thing>, <whole question>?" starts fresh, and so does a question whose
pronoun has its noun in the question itself."""
from __future__ import annotations

import pytest

from core.answer.followup import standalone
from core.answer.fresh import asks_in_full
from core.answer.phrases import attach_of, expletive_its
from core.types import Turn


@pytest.mark.parametrize("earlier, follow_up, rewritten", [
    ("What does bzcat do?", "and bzip2recover?", "What does bzip2recover do?"),
    ("How do I start R?", "What is the default block size?", "What is the default block size in R?"),
    ("How do I start R?", "What is the maximum number of iterations?", "What is the maximum number of iterations in R?"),
    ("How do I start R?", "Is it possible to run it in parallel?", "Is it possible to run R in parallel?"),
    ("How do I start R?", "what about quitting?", "How do I go about quitting R?"),
])
def test_offline_rewrites_read_as_questions(earlier, follow_up, rewritten):
    out = standalone(follow_up, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten, out.readable) == (rewritten, True, True)


@pytest.mark.parametrize("earlier, fresh", [
    ("How do I start R?", "What about the glpsol --cuts option, what does it do?"),
    ("Which option makes bzip2 keep the input files?", "Which bzip2 option suppresses non-essential warning messages?"),
    ("What does the -s option of bzip2 do?", "What does the -z option of bzip2 do?"),
    ("What does the workFactor parameter of BZ2_bzCompressInit control?",
     "What does the small parameter of BZ2_bzDecompressInit do?"),
    ("How do I start R?", "And where does JAGS look for modules?"),
])
def test_self_contained_questions_are_never_rewritten(earlier, fresh):
    out = standalone(fresh, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


def test_about_then_a_whole_question_needs_a_named_thing():
    assert asks_in_full("What about the glpsol --cuts option, what does it do?")
    assert not asks_in_full("what about the client, which port does it use?")
    assert not asks_in_full("what about the client?")


def test_attach_of_keeps_the_noun_phrase_whole_and_matches_whole_words():
    assert attach_of("What is the default block size?", "bzip2") == "What is the default block size of bzip2?"
    assert attach_of("What is the maximum number of iterations?", "R") == "What is the maximum number of iterations of R?"
    assert attach_of("What is the default block size of bzip2?", "bzip2") == "What is the default block size of bzip2?"
    assert attach_of("How do I start?", "R") == "How do I start?"
    assert attach_of("What does the value 2 mean?", "the -dKPreserve option") == \
        "What does the value 2 of the -dKPreserve option mean?"


def test_expletive_it_is_found_and_a_real_pronoun_is_not():
    question = "Is it possible to run it in parallel?"
    assert expletive_its(question) == {question.index("it ")}
    assert expletive_its("How do I quit it?") == set()


@pytest.mark.parametrize("fresh", [
    "How do I compile a program and run it?",
    "If a file is damaged, how can I recover it?",
    "What is a monitor and how do I set it?",
])
def test_a_pronoun_with_its_noun_in_the_question_starts_fresh(fresh):
    out = standalone(fresh, [Turn("How do I start R?")], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


@pytest.mark.parametrize("follow_up, rewritten", [
    ("which RFCs does it implement?", "Which RFCs does R implement?"),
    ("how much memory does it need to decompress a file?", "How much memory does R need to decompress a file?"),
    ("how do I measure a resistor with it?", "How do I measure a resistor with R?"),
])
def test_the_asked_noun_is_no_antecedent(follow_up, rewritten):
    out = standalone(follow_up, [Turn("How do I start R?")], llm=None)
    assert (out.text, out.rewritten) == (rewritten, True)
