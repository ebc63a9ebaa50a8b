"""Names a manual mentions only in passing: the library holds the word, not the tool asked about.

A user asks a manual-shaped question about another program ("Which Docker command lists the
running containers?", "Which Lua function returns the length of a table?"). The library's
LilyPond or AMC manual writes "Docker" or "Lua" once or twice ("running LilyPond in a Docker
container"), so the names tests (`decline.missing_names`, `decline.names_absent`) find the
name in the evidence, and the reader answered with the sentence that mentions it.

A manual about a program writes its name throughout; one that mentions it in passing seldom
does (`decline_document.subject_test`: at least `SUBJECT_DENSITY`, 0.2, times per 1,000
characters). `passing_names` declines when the question asks for a thing of a product
("Which Docker command …", "What Lua function …": a product-style name, a capitalised word with
lower-case letters, between the question word and what is asked for) and every name of the
asking sentence is below that density in the answering document. A manual often names other
vendors' products once, in the very line that answers about them ("Which option selects the
Sharp SM83 processor?" of the SDCC manual; "On Windows, …"): there the product is no owner
of what is asked, and the question stays answered.

Measured on the tuning sets (`benchmarks/answer_tuning/README.md`): without the owner
position, every name under the density declined 20 of 318 answerable questions of the
pdfqa-dev library and dev sets 4 and 5 (code names written once on the page that answers),
with a product-style name among them 3 of 318 and 5 of 46 of the SDCC and nauty manuals'
("the Sharp SM83 processor", "on Cygwin"); in the owner position, none of either.

The product may also close the question ("How do I convert a file to PDF with LibreOffice on
the command line?", "What is the default cipher list of OpenSSL 3.0?": `_TAIL`, after with, in,
into, using or of). Turned on, it declined 57 of the pdfqa-dev library's 64 unanswerable
questions (56 before), 20 of `unanswerable-asides-2`'s 24 (19) and 21 of the SDCC and nauty
manuals' 22 (20), the other unanswerable sets unchanged, and changed none of 593 answerable
questions' answers (the pdfqa-dev library's 255, Debian sets 2, 4, 5 and 6, dev sets 4 and 5).

Example:
    >>> density = {"Docker": 0.006, "LilyPond": 3.1}.get
    >>> passing_names("Which Docker command lists the running containers?", lambda n: density(n, 0) >= 0.2)
    ['Docker']
    >>> passing_names("How do I run LilyPond in Docker?", lambda n: density(n, 0) >= 0.2)
    []
"""
from __future__ import annotations

import re
from typing import Callable

from core.answer.decline import asked_names, strong_names
from core.answer.question import last_sentence

_PRODUCT = re.compile(r"[A-Z][A-Za-z]*[a-z][A-Za-z]*")  # Docker, OpenSSL, TeX, ImageMagick; not UNIX, AMC-TXT
# "Which TeX Live tool": one to three capitalised names between the question word and what is asked for
_OWNED = re.compile(r"(?i:which|what)\s+((?:[A-Z][\w.+/-]*\s+){1,3})[a-z]+\b")


# "… with LibreOffice on the command line?", "… of OpenSSL 3.0?": the product the question ends on
_TAIL = re.compile(r"\b(?:with|in|into|using|of)\s+(?:the\s+)?((?:[A-Z][\w.+/-]*\s+){0,2}[A-Z][\w.+/-]*)"
                   r"(?:\s+[\d.]+)?(?:\s+[a-z][\w-]*){0,4}\s*\?\s*$")


def passing_names(question: str, subject: Callable[[str], bool] | None, tail: bool = True) -> list[str]:
    """The asking sentence's names when it asks for a thing of a product (`_OWNED`; with `tail`,
    also a product the question ends on, `_TAIL`) and the answering document (`subject`, from
    `decline_document.subject_test`) is about none of them; [] otherwise, or when `subject` is
    None (no document to count in)."""
    asking = last_sentence(question)
    owned = _OWNED.match(asking) or (_TAIL.search(asking) if tail else None)
    if subject is None or not owned or not any(_PRODUCT.fullmatch(w) for w in owned.group(1).split()):
        return []
    names = list(dict.fromkeys(asked_names(question) + strong_names(question)))
    return [] if any(subject(n) for n in names) else names
