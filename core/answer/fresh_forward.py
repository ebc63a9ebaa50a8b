"""Questions whose pronoun points forward, at a name later in the same question.

"Before I trust its output, what should the PSRF of each parameter in sump be close to?" and
"When I run it on a cluster, does MrBayes need the MPI version?" open with a clause whose
"it"/"its" stands for the thing the main clause names ("sump", "MrBayes"): read with that
clause after the main clause ("what should the PSRF … in sump be close to before I trust its
output?"), the pronoun has its noun before it (a name, or a noun of another clause: "where does
the ss command save its estimates once it finishes?") and the question needs nothing earlier
(`fronted_clause`). "If I set it to 0, what happens?" still leans: its main clause names nothing.

Example:
    >>> fronted_clause("When I run it on a cluster, does MrBayes need the MPI version?")   # doctest: +SKIP
    True
"""
from __future__ import annotations

import re

from core.answer.decline import question_names
from core.answer.fresh import resolved_inside
from core.answer.leaning import dangling, is_name, leans_on_context, parse
from core.answer.phrases import expletive_its

_FRONTED = re.compile(r"^\s*(?P<clause>(?:when|whenever|before|after|if|once|while|since|until|unless)\b[^,?]+?)\s*,\s*"
                      r"(?P<main>(?:what|which|who|when|where|why|how|is|are|was|were|do|does|did|can|could|should|would"
                      r"|will|must|may)\b[^?]*)\??\s*$", re.IGNORECASE)
_POINTER = re.compile(r"\b(?:it|its|they|them|their)\b", re.IGNORECASE)


def fronted_clause(question: str) -> bool:
    """True for "<when/before/if … it …>, <whole question naming a thing>?" whose pronouns,
    read with the clause after the main one, all have a noun before them (module docstring)."""
    m = _FRONTED.match(question)
    if not m or not _POINTER.search(m.group("clause")):
        return False
    main = m.group("main").strip()
    doc = parse(main)
    named = any(is_name(t) for t in doc) or bool(question_names(main))  # "the ss command": a lower-case name
    if doc is None or not named or leans_on_context(main + "?"):
        return False
    clause = m.group("clause").strip()
    moved = f"{main[:1].upper()}{main[1:]} {clause[:1].lower()}{clause[1:]}?"
    moved_doc = parse(moved)
    return moved_doc is not None and (resolved_inside(moved) or not any(
        t.idx not in expletive_its(moved) for t in dangling(moved_doc, moved)))
