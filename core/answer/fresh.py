"""Questions that look like follow-ups but ask in full: they start fresh.

A pronoun whose noun comes before it in the question itself ("How do I compile a program
and run it?") points at nothing earlier (`resolved_inside`).

"What about the glpsol --cuts option, what does it do?" opens like a follow-up ("what
about …") but names its own subject and then asks a whole question whose pronoun points
at that subject: nothing of an earlier question is needed.

Example:
    >>> asks_in_full("What about the glpsol --cuts option, what does it do?")
    True
    >>> asks_in_full("what about the client, which port does it use?")
    False
"""
from __future__ import annotations

import re

from core.answer.decline import question_names
from core.answer.leaning import is_name, leans_on_context, parse
from core.answer.phrases import expletive_its

_ABOUT_THEN_ASK = re.compile(r"^\s*(?:and\s+|so\s+|but\s+)?(?:what|how)\s+about\s+([^,?]+?)\s*[,;:]\s*"
                             r"((?:what|which|how|why|when|where|who|is|are|does|do|can|could|should)\b.+)$",
                             re.IGNORECASE)


def asks_in_full(question: str) -> bool:
    """True for "what about <named thing>, <whole question>?" (see the module docstring)."""
    m = _ABOUT_THEN_ASK.match(question)
    if not m:
        return False
    thing, asked = m.group(1), m.group(2)
    doc = parse(thing)
    named = (doc is not None and any(is_name(t) for t in doc)) or bool(question_names(thing))
    clause = parse(asked)
    has_verb = clause is not None and any(t.pos_ in ("VERB", "AUX") for t in clause)
    return named and has_verb


_OWN_ANTECEDENT_DEPS = frozenset("dobj nsubj nsubjpass pobj attr".split())


def resolved_inside(question: str) -> bool:
    """True when each "it"/"them" of `question` has a noun before it in the question itself
    ("How do I compile a program and run it?") and, with those nouns in place, the question
    no longer leans on the conversation."""
    doc = parse(question)
    if doc is None:
        return False
    out, changed = [], False
    for tok in doc:
        if tok.lower_ in ("it", "them") and tok.tag_ == "PRP" and tok.idx not in expletive_its(question):
            asked = _asked_words(doc)
            nouns = [t for t in doc[: tok.i] if t.pos_ in ("NOUN", "PROPN") and t.dep_ in _OWN_ANTECEDENT_DEPS
                     and t.i not in asked and _clause(t) != _clause(tok)]
            if not nouns:
                return False
            out.append(nouns[-1].text + tok.whitespace_)
            changed = True
        else:
            out.append(tok.text_with_ws)
    return changed and not leans_on_context("".join(out))


def _asked_words(doc) -> set[int]:
    """Indices of the words of a wh-phrase ("which RFCs", "how much memory"): what is asked
    for is no antecedent. Read from the words up to the first verb (the small parser often
    misreads short questions)."""
    out: set[int] = set()
    for tok in doc:
        if tok.lower_ in ("which", "what", "whose", "many", "much"):
            for t in doc[tok.i + 1:]:
                if t.pos_ in ("VERB", "AUX", "PUNCT"):
                    break
                out.add(t.i)
            break
    return out


def _clause(tok) -> int:
    """The index of the verb whose clause holds `tok`: a pronoun never stands for a noun of
    its own clause ("measure a resistor with it": 'it' is something else)."""
    while tok.pos_ not in ("VERB", "AUX") and tok.head.i != tok.i:
        tok = tok.head
    return tok.i
