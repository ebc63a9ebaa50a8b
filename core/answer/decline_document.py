"""Which document the decline rule's names test reads: the answering passage, and the words its
document repeats.

`decline.names_absent` declines an answer whose passage names none of the question's strong
names ("Which port does the CUPS daemon listen on?" answered from an SSH manual's port line).
Read on the answering passage alone, it declined answers from the manual about the very
program asked of: the vsearch manual's option lines do not write "vsearch", and its title
reads "NAME" (set 5: 4 of 13 vsearch questions, and 4 PhyML ones, whose title is letter-spaced,
"P h y M L"). Its subject's name is still written by several of its passages.

When the evidence holds too few of them, the whole document says it (`subject_test`): a
manual writes the name of the program it is about throughout (the Ghostscript colour guide
"gsicc" 2.0 times per 1,000 characters, the vsearch manual "vsearch" 0.6, the PhyML manual
"PhyML" 1.2), while a name a manual mentions in passing is rare in it ("axodraw" 0.05 in the
feynMF manual, "USB" 0.05 in the expEYES one, "HTTP" at most 0.07 and "vsftpd" 0.05 in the
pdfqa-dev manuals). `SUBJECT_DENSITY`, 0.2, lies between (chosen leaving one tuning set out:
every choice falls in 0.07 to 0.6 and gives the same declines).

Example:
    >>> from core.answer.units import Unit
    >>> units = [Unit("vsearch clusters reads.", 1, "prose", title="NAME"),
    ...          Unit("vsearch sorts reads.", 2, "prose", title="NAME"),
    ...          Unit("Use --quiet to silence it.", 3, "prose", title="NAME")]
    >>> "vsearch" in answering_document(units[2], units)
    True
"""
from __future__ import annotations

from typing import Callable, Sequence

from core.answer.decline import _forms

SUBJECT_DENSITY = 0.2  # times per 1,000 characters a document writes the name of its subject, at least


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


def subject_test(written, title: str) -> Callable[[str], bool] | None:
    """For `decline.names_absent`: whether the answering document (the evidence's documents
    titled `title`) writes a name at least `SUBJECT_DENSITY` times per 1,000 characters,
    i.e. is about it; None when `written` (`decline_owner.documents_writing`) cannot count:
    no counts, or no evidence document titled `title`."""
    density = getattr(written, "density", None)
    if density is None or not title or not written.titled(title):
        return None
    return lambda name: density(name, title) >= SUBJECT_DENSITY
