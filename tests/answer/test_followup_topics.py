"""Self-contained second questions found on the set-4 follow-up tuning set (dot, neato,
Ecasound, CFITSIO, feynmf): a definite phrase that names its own topic is not a pointer back
("the whole drawing", "the image filtering syntax", a term asked to be defined, "the edges of
a graph", "the page attribute"), so the question starts fresh; a follow-up that leans on the
earlier question is still rewritten."""
from __future__ import annotations

import pytest

from core.answer.followup import standalone
from core.answer.topic import specific_phrases
from core.types import Turn


@pytest.mark.parametrize("earlier, fresh", [
    ("How do I set the color of an edge in dot?", "How do I set the background color of the whole drawing?"),
    ("How do I get a random layout in neato?", "What is the termination threshold and how do I lower it?"),
    ("How do I write a FITS image with CFITSIO?", "What does the image filtering syntax look like?"),
    ("What is a chain in Ecasound?", "What is the difference between a chain operator and a controller?"),
    ("What is a cluster in dot?", "Can the edges of a graph have labels?"),
    ("What does the tred tool do?", "How do I count the nodes and edges of a graph?"),
    ("What does the ratio attribute of dot do?", "What does the page attribute do?"),
    # a relative "that", "one" counting a noun, a pronoun inside a phrase describing another noun, a "Then" opener
    ("What is feynmf?", "How do I draw fermion lines that cross each other?"),
    ("What is a chain in Ecasound?", "How do I make one chain louder than the others?"),
    ("What is a cluster in dot?", "Can I draw an edge to a cluster rather than to a node inside it?"),
    ("How do I draw a record node in dot?", "Then how do I point an edge at one field of a record?"),
    # an "of" tail naming a kind of its own; "what about" a thing named in full, with its owner
    ("What is an HDU in CFITSIO?", "How do I read the header of the primary array?"),
    ("How do I set the number of generations?", "What about the Burninss option of the ss command?"),
])
def test_questions_naming_their_own_topic_start_fresh(earlier, fresh):
    out = standalone(fresh, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten) == (fresh, False)


@pytest.mark.parametrize("question, phrase", [
    ("How do I set the background color of the whole drawing?", "the whole drawing"),
    ("What is the termination threshold?", "the termination threshold"),
    ("What does the image filtering syntax look like?", "the image filtering syntax"),
    ("Can the edges of a graph have labels?", "the edges"),
    ("What does the page attribute do?", "the page attribute"),
    ("How do I read the header of the primary array?", "the header"),
])
def test_specific_phrases(question, phrase):
    assert phrase in specific_phrases(question)


@pytest.mark.parametrize("question", ["What is the default port?", "how is the phase shift given?",
                                      "What is the default file name?", "What does the option do?",
                                      "Can the edges of the graph have labels?", "What is the size of the output file?",
                                      "What is the size of the same buffer?"])
def test_phrases_said_earlier_stay_pointers(question):
    assert specific_phrases(question) == []


def test_a_follow_up_on_a_generic_phrase_is_still_rewritten():
    out = standalone("how is the phase shift given?", [Turn("How do I set the square waves with set_sqrs in expEYES?")],
                     llm=None)
    assert out.rewritten


@pytest.mark.parametrize("earlier, question", [
    ("What does the MSV filter do?", "what about the Viterbi filter?"),  # the earlier verb is needed
    ("What is the default sample frequency of mcmc?", "what about the print frequency?"),
    ("What is the default of the nsteps option of mcmc?", "what about the default of ss?"),
])
def test_what_about_a_thing_not_named_in_full_is_still_rewritten(earlier, question):
    assert standalone(question, [Turn(earlier)], llm=None).rewritten
