"""Names a manual mentions only in passing: the library holds the word, not the tool asked about.

A user asks a manual-shaped question about another program ("Which Docker command lists the
running containers?", "Which Lua function returns the length of a table?"). The library's
LilyPond or AMC manual writes "Docker" or "Lua" once or twice ("running LilyPond in a Docker
container"), so the names tests (`decline.missing_names`, `decline.names_absent`) find the
name in the evidence, and the reader answered with the sentence that mentions it.

A manual about a program writes its name throughout; one that mentions it in passing seldom
does (`decline_document.subject_test`: at least `SUBJECT_DENSITY`, 0.2, times per 1,000
characters). `passing_names` declines when every name of the asking sentence is below that
in the answering document and one of them is a product-style name: a capitalised word with
lower-case letters ("Docker", "OpenSSL", "TeX"). Code names, options and acronyms
("raw1394_errcode_to_errno", "RASMOLPATH", "AMC-TXT") are often written once in the page
that answers about them, so alone they do not decline.

Measured on the tuning sets (pdfqa-dev library: 136 unanswerable, 223 answerable with the
pdfqa-dev even ids; development sets 4 and 5: 95), `benchmarks/answer_tuning/README.md`:
unanswerable declined 113 -> 123 of 136, answerable declined 3 -> 6 of 318.

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

_PRODUCT = re.compile(r"[A-Z][A-Za-z]*[a-z][A-Za-z]*")  # Docker, OpenSSL, TeX, ImageMagick; not UNIX, AMC-TXT


def passing_names(question: str, subject: Callable[[str], bool] | None) -> list[str]:
    """The asking sentence's names when the answering document (`subject`, from
    `decline_document.subject_test`) is about none of them and one is a product-style name;
    [] otherwise, or when `subject` is None (no document to count in)."""
    if subject is None:
        return []
    names = list(dict.fromkeys(asked_names(question) + strong_names(question)))
    if not any(_PRODUCT.fullmatch(n) for n in names) or any(subject(n) for n in names):
        return []
    return names
