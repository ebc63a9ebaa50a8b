"""Words that look like pointers back but point inside the question.

- a relative "that" ("fermion lines that cross each other") opens a clause about the noun
  before it: read as "which", the question may need nothing earlier (`relative_only`);
- "one" before a noun is a number ("make one chain louder than the others"), not a stand-in
  for the earlier question's thing (`numeral_one`);
- "what about the Burninss option of the ss command?" names its thing in full, a name before
  its head and its owner's name in an "of" tail: nothing earlier need be borrowed, where "what
  about the Viterbi filter?" may need the earlier question's verb (`owned_about`).

Example:
    >>> relative_only("How do I draw fermion lines that cross each other?")
    True
    >>> numeral_one("How do I make one chain louder than the others?")
    True
    >>> numeral_one("how do I write one?")
    False
    >>> owned_about("What about the Burninss option of the ss command?"), owned_about("what about the Viterbi filter?")
    (True, False)
"""
from __future__ import annotations

import re

from core.answer.decline import question_names
from core.answer.leaning import ABOUT, ATTRIBUTES, is_name, leans_on_context, parse

_CODE = re.compile(r"^-{1,2}\w")  # "-x", "--cov_cutoff": the tagger reads them as punctuation


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


def owned_about(question: str) -> bool:
    """True for "what about <phrase>?" whose phrase names its thing in full (module docstring):
    a head noun that is no attribute word, a name before it, and an "of" tail holding a name."""
    about = ABOUT.match(question)
    doc = parse(about.group(1)) if about else None
    heads = [t for t in doc if t.dep_ == "ROOT" and t.pos_ == "NOUN"] if doc is not None else []
    if not heads or heads[0].lower_ in ATTRIBUTES:
        return False
    head, names = heads[0], set(question_names(about.group(1)))
    named = lambda t: is_name(t) or t.text in names or bool(_CODE.match(t.text))  # noqa: E731
    tails = [c for c in head.rights if c.dep_ == "prep" and c.lower_ == "of"]
    return any(named(t) for t in doc[:head.i]) and any(named(t) for c in tails for t in c.subtree if t is not c)
