"""Names a question mentions only in passing: the thing it compares with, not the thing asked about.

A user asks in their own words, and often names another tool to say what they mean: "a section
break, *like in Dorico*", "*coming from SWIG*", "(*vs. nginx's* ssl_session_tickets)", "*unlike
FileZilla*". The manual that answers never mentions that other tool, so the decline rule's names
tests (`decline.missing_names`, `decline.names_absent`) must not count it: the library does hold
the manual asked about. What the question asks about stays a name ("How do I do X in Dorico,
like in LilyPond?": "Dorico" is still asked about; only "LilyPond" is in passing).

An aside opens with a comparing word (like, unlike, such as, as in, as with, e.g., similar to,
compared to, coming from, vs.) and runs to the next comma, semicolon, parenthesis or question mark, or to a
verb of its own ("like film scores *do* in LilyPond": only "film scores" is in passing), at most
`MAX_WORDS` words; "like" only when it compares (not the verb: "I'd like to …", "would like").
A relative clause that describes the other tool belongs to the aside ("coming from music21,
*where durations are quarterLength floats*: in LilyPond …"), when a comma, semicolon or colon
closes it (never the question mark: "like in Dorico, which option …?" asks), at most
`MAX_CLAUSE_WORDS` words.

Example:
    >>> sorted(aside_terms("How do I insert a section break, like in Dorico?"))
    ['dorico']
    >>> sorted(aside_terms("I would like to center bar numbers in LilyPond."))
    []
"""
from __future__ import annotations

import re

from core.answer.terms import content_terms

MAX_WORDS = 5  # an aside names a tool or two ("Acrobat's per-object settings"), not a clause
MAX_CLAUSE_WORDS = 10  # "where durations are quarterLength floats": what the other tool does
_ASIDE = re.compile(
    r"(?<!\bwould )(?<!\bI'd )(?<!\bwe'd )(?<!\bdo )(?<!\bdon't )(?<!\bknown )\b(?:just |much |more |rather )?"
    r"(?:like|unlike|such as|as in|as with|e\.g\.,?|similar to|compared (?:to|with)|coming from|vs\.?|versus)\s+"
    r"([^,;:?()]+)(?:,\s*(?:where|whose|which|who)\s+([^,;:?()]+)(?=[,;:]))?", re.IGNORECASE)
_OWN_VERB = re.compile(r"\b(?:do|does|did|can|could|is|are|was|were|has|have|had|will|would|should|may|might|must)\b.*",
                       re.IGNORECASE)


def aside_terms(question: str) -> frozenset[str]:
    """The content words of the question's asides (see the module's text) that the rest of the
    question does not use ("ssl" of "Erlang ssl (vs. nginx's ssl_session_tickets)" is asked about)."""
    found: set[str] = set()
    rest = question
    for m in _ASIDE.finditer(question):
        aside = _OWN_VERB.sub("", m.group(1))
        words = aside.split()
        if words and len(words) <= MAX_WORDS:
            found |= content_terms(aside)
            rest = rest.replace(m.group(0)[: m.start(1) - m.start(0)] + aside, " ")
            clause = m.group(2) or ""
            if aside == m.group(1) and clause and len(clause.split()) <= MAX_CLAUSE_WORDS:
                found |= content_terms(clause)  # what the other tool does: in passing too
                rest = rest.replace(clause, " ")
    return frozenset(found - content_terms(rest))
