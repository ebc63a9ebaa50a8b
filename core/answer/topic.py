"""A definite noun phrase specific enough to be its own topic.

The leaning rule reads "the …" in a question that names nothing as pointing back ("what is
the default file name?", "how is the phase shift given?": said earlier). A phrase with two
or more describing words before a head that is no attribute or role word ("the biased
composition filter", "the domain hits table") names its topic as well as a name would: a
question whose only lean is such a phrase stands alone. So does a phrase whose head is
bounded by its own words after it: an "of" tail naming a thing ("the default number of short
read categories") or a relative clause ("the reads that are not used in the assembly").

Example:
    >>> specific_phrases("Is the biased composition filter on by default?")   # doctest: +SKIP
    ['the biased composition filter']
"""
from __future__ import annotations

from core.answer.leaning import ATTRIBUTES, parse

_ROLES = frozenset("client server daemon user host application program tool package library module file "
                   "command option one thing way".split())
_GENERIC = ATTRIBUTES | _ROLES | frozenset("same other first last next new previous whole".split())
_NAMED_BY_WORD = frozenset("attribute option command parameter flag switch keyword function macro variable "
                           "field statement directive setting".split())
_WHOLE = frozenset("whole entire".split())
_MODIFIER_DEPS = frozenset("amod compound nmod npadvmod".split())


def _content(tokens) -> list:
    """The describing words of `tokens`: nouns, adjectives and verbs that are no attribute or role word."""
    return [t for t in tokens if t.is_alpha and t.pos_ in ("NOUN", "PROPN", "ADJ", "VERB") and t.lower_ not in _GENERIC]


_TAILS = frozenset("of between for in on".split())


def _indefinite(prep) -> bool:
    """True when the preposition's object is an indefinite noun phrase ("of a graph")."""
    objects = [t for t in prep.children if t.dep_ == "pobj"]
    return bool(objects) and any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in objects[0].children) \
        and bool(_content(objects[0].subtree))


def _bounded(head) -> bool:
    """True when the head noun is bounded by words after it that name a thing: an "of"
    tail of two describing words without an article of its own ("of short read categories";
    "of the file" still points back) or a relative clause of two ("that are not used in the assembly")."""
    for child in head.rights:
        if child.dep_ == "prep" and child.lower_ in _TAILS and _indefinite(child):
            return True  # "the edges of a graph", "the difference between a chain and a controller": any such thing
        if child.dep_ == "prep" and child.lower_ == "of":
            objects = [t for t in child.children if t.dep_ == "pobj"]
            dets = [c for c in objects[0].children if c.dep_ in ("det", "poss")] if objects else []
            if objects and not dets and len(_content(objects[0].subtree)) >= 2:
                return True
            if objects and any(_specific(d) for d in dets):  # "of the whole drawing": a topic itself
                return True
            if objects and [d.lower_ for d in dets] == ["the"] and _described(objects[0]):
                return True  # "the header of the primary array": the array is a kind of its own
        if child.dep_ == "relcl" and len(_content(child.subtree)) >= 2:
            return True
    return False


def _described(noun) -> bool:
    """True for a noun that is no role or attribute word with a describing word of its own
    before it ("the primary array"; not "the output file", "the same buffer")."""
    return bool(_content([noun])) and any(t.i < noun.i and t.dep_ in ("amod", "compound") for t in _content(noun.subtree))


def _defined(head) -> bool:
    """True when the phrase headed by `head` is what a "what is …?" clause asks to define
    ("What is the termination threshold …?"): a term asked about in full, not one said earlier."""
    verb, after = head.head, head.doc[head.i + 1] if head.i + 1 < len(head.doc) else None
    return (head.dep_ in ("nsubj", "attr") and verb.lemma_ == "be" and (after is None or after.dep_ in ("cc", "punct"))
            and any(c.lower_ == "what" and c.dep_ in ("attr", "nsubj") for c in verb.children))


def _specific(det) -> bool:
    """True when `det` ("the") opens a phrase of two or more describing words and a
    specific head, read from the words between it and its head noun (the small parser
    often tags a noun of a compound as a verb, "the target hits table"), or one bounded by
    the words after its head (`_bounded`)."""
    doc = det.doc
    head = det.head
    if det.lower_ != "the" or head.i <= det.i or head.pos_ not in ("NOUN", "PROPN"):
        return False
    if _bounded(head):
        return True
    between = doc[det.i + 1: head.i]
    if any(t.lower_ in _WHOLE for t in between):  # "the whole drawing": all of it, nothing said earlier
        return True
    if head.lower_ in _NAMED_BY_WORD and len(between) == 1 and _content(between):
        return True  # "the page attribute", "the verbose option": the word names it
    describing = [t for t in between if t.is_alpha and t.lower_ not in _GENERIC]
    if head.lower_ in _GENERIC and not (head.lower_ in ATTRIBUTES and len(describing) >= 2):
        return False  # "the default port" points back; "the image filtering syntax" names its own topic
    compound = (len(between) == len(describing) == 1 and describing[0].pos_ == "NOUN"
                and describing[0].dep_ == "compound" and _defined(head))
    return (len(describing) >= 2 or compound) and all(not t.is_punct or t.text == "-" for t in between)


def specific_phrases(question: str) -> list[str]:
    """The question's definite noun phrases that name a topic of their own (see the module docstring)."""
    doc = parse(question)
    if doc is None:
        return []
    return [doc[t.i: t.head.i + 1].text for t in doc if t.dep_ == "det" and _specific(t)]


def without_specific_articles(question: str) -> str:
    """`question` with the "the" of each specific phrase left out: what the leaning rule
    reads once those phrases count as topics ("Is biased composition filter on …?")."""
    doc = parse(question)
    if doc is None:
        return question
    return "".join("" if t.dep_ == "det" and _specific(t) else t.text_with_ws for t in doc)
