"""The citations an answer quotes, first: what the Chat page and `ask` list under an answer.

An answer cites some of its retrieved chunks ("[2]"); the others were retrieved but not quoted.
Both are shown, the quoted ones first, so a number the answer never uses is not read as its
evidence.

Example:
    >>> from core.types import Answer, Chunk, Citation, RetrievalResult
    >>> cites = tuple(Citation(n, Chunk.create(doc_id="d", doc_title="T", text=str(n), position=n)) for n in (1, 2))
    >>> got = quoted_first(Answer("q", "“b” [2]", "extractive", cites, RetrievalResult("q", "dense", ())))
    >>> [c.number for c in got.citations], got.first_unquoted
    ([2, 1], 1)
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from core.types import Answer, Citation

ALSO_RETRIEVED = "Also retrieved, not quoted in the answer:"


@dataclass(frozen=True)
class QuotedFirst:
    """An answer's citations, those its text cites first (in number order), then the rest;
    `first_unquoted` is the number of the first of the rest (0 when every one is cited, or
    none is: then there is nothing to tell apart)."""

    citations: tuple[Citation, ...]
    first_unquoted: int = 0


def quoted_first(answer: Answer) -> QuotedFirst:
    """The answer's citations with the ones its text cites ("[2]") first (see QuotedFirst)."""
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", answer.text)}
    used = [c for c in answer.citations if c.number in cited]
    rest = [c for c in answer.citations if c.number not in cited]
    return QuotedFirst(tuple(used + rest), rest[0].number if used and rest else 0)
