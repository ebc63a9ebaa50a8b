""""Understood as" reads as a question a person would write: rewrites found ungrammatical on
the follow-up tuning sets (set 4: dot, neato, CFITSIO; bzip2), fixed on their generic causes."""
from __future__ import annotations

import pytest

from core.answer.followup import standalone
from core.types import Turn


@pytest.mark.parametrize("earlier, follow_up, rewritten", [
    # a verb fragment whose pronoun is the earlier verb's object
    ("How do I open a FITS file with CFITSIO?", "and close it?", "How do I close a FITS file?"),
    # a made-up word in the place of its sibling, not of the verb
    ("What does the nodesep attribute of dot set?", "what about ranksep?", "What does the ranksep attribute of dot set?"),
    ("What is the default hello_timeout of an Erlang SSH daemon?", "and the negotiation_timeout?",
     "What is the default negotiation_timeout of an Erlang SSH daemon?"),
    # a fragment opened by a preposition replaces the phrase that preposition opens
    ("Which attribute sets the minimum distance between nodes on the same rank in dot?", "and between ranks?",
     "Which attribute sets the minimum distance between ranks in dot?"),
    # a pronoun never stands for a phrase holding the code word the question says itself
    ("What do the --fast and --best options of bzip2 do?", "does --fast make it faster?", "Does --fast make bzip2 faster?"),
    # the auxiliary agrees with the plural subject put in the pronoun's place
    ("How do I set the trigger source for expEYES captures?", "does it have to be the captured channel?",
     "Do expEYES captures have to be the captured channel?"),
    # two names read as a word of one and the other; "measures" is the verb (the tagger reads a plural noun)
    ("Which pin of expEYES measures capacitance?", "over what range?",
     "What is the range of the pin of expEYES that measures capacitance?"),
])
def test_rewrites_read_as_questions(earlier, follow_up, rewritten):
    out = standalone(follow_up, [Turn(earlier)], llm=None)
    assert (out.text, out.rewritten, out.readable) == (rewritten, True, True)


def test_a_manner_word_takes_no_nouns_place():
    """"and upward?" after "How do I make edges point from left to right?" is not "make upward point …"."""
    out = standalone("and upward?", [Turn("How do I make edges point from left to right in dot?")], llm=None)
    assert "upward point" not in out.text and not (out.rewritten and out.readable)
