"""Which document the decline rule's names test reads: the answering passage, and the words its
document repeats.

`decline.names_absent` declines an answer whose passage names none of the question's strong
names ("Which port does the CUPS daemon listen on?" answered from an SSH manual's port line).
Read on the answering passage alone, it declined answers from the manual about the very
program asked of: the vsearch manual's option lines do not write "vsearch", and its title
reads "NAME" (set 5: 4 of 13 vsearch questions, and 4 PhyML ones, whose title is letter-spaced,
"P h y M L"). Its subject's name is still written by several of its passages.

Example:
    >>> from core.answer.units import Unit
    >>> units = [Unit("vsearch clusters reads.", 1, "prose", title="NAME"),
    ...          Unit("vsearch sorts reads.", 2, "prose", title="NAME"),
    ...          Unit("Use --quiet to silence it.", 3, "prose", title="NAME")]
    >>> "vsearch" in answering_document(units[2], units)
    True
"""
from __future__ import annotations

from typing import Sequence

from core.answer.decline import _forms


def answering_document(unit, units: Sequence) -> str:
    """What `names_absent` reads for the answering unit: its passage (text, context, title and
    headings) and the words that two or more other evidence passages of its document (same
    title) write. A manual's passages seldom repeat the name of the program it is about
    ("--quiet" in the vsearch manual, titled "NAME"), but several of them do; a name the
    document mentions once in passing ("axodraw" in the feynMF manual) is no subject of it."""
    def text(u) -> str:
        return f"{u.text} {u.context} {u.title} {u.section}"

    own = " ".join(text(u) for u in units if u.number == unit.number)
    others: dict[int, set[str]] = {}
    for u in units:
        if unit.title and u.title == unit.title and u.number != unit.number:
            others.setdefault(u.number, set()).update(_forms([text(u)]))
    counts: dict[str, int] = {}
    for forms in others.values():
        for form in forms:
            counts[form] = counts.get(form, 0) + 1
    return " ".join([own, *sorted(f for f, n in counts.items() if n >= 2 and not f.startswith("="))])
