"""Questions that look like follow-ups but ask in full: they start fresh.

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
from core.answer.leaning import is_name, parse

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
