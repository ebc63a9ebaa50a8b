"""Words that look like pointers back but point inside the question.

- a relative "that" ("fermion lines that cross each other") opens a clause about the noun
  before it: read as "which", the question may need nothing earlier (`relative_only`);
- "one" before a noun is a number ("make one chain louder than the others"), not a stand-in
  for the earlier question's thing (`numeral_one`).

Example:
    >>> relative_only("How do I draw fermion lines that cross each other?")
    True
    >>> numeral_one("How do I make one chain louder than the others?")
    True
    >>> numeral_one("how do I write one?")
    False
"""
from __future__ import annotations

from core.answer.leaning import leans_on_context, parse


def relative_only(question: str) -> bool:
    """True when each relative "that" read as "which" leaves a question that stands alone."""
    doc = parse(question)
    if doc is None:
        return False
    relative = [t for t in doc if t.lower_ == "that" and t.tag_ == "WDT" and t.head.dep_ == "relcl"]
    if not relative:
        return False
    text = "".join(("which" if t in relative else t.text) + t.whitespace_ for t in doc)
    return not leans_on_context(text)


def numeral_one(question: str) -> bool:
    """True when every "one" of the question counts a noun that follows it."""
    doc = parse(question)
    ones = [t for t in doc if t.lower_ == "one"] if doc is not None else []
    return bool(ones) and all(t.dep_ == "nummod" and t.head.i > t.i and t.head.pos_ in ("NOUN", "PROPN") for t in ones)
