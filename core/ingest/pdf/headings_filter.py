"""Candidate headings that are not headings: repeated labels and title-page lines.

The font detector (core.ingest.pdf.headings) finds every short line set larger or bolder
than the body. Two kinds of such lines are not part of a document's structure:

- labels that recur under many sections ("Synopsis", "See also", "Exports", "Known issues"):
  the same unnumbered text three or more times in one document is a run-in label of a
  reference page, not a section of its own (numbered headings are always kept);
- the title page's author, affiliation and address lines: on page 1 of a document of
  several pages, an unnumbered line in a type style that no later page's heading uses;
- numbered lines out of sequence: `9.1 Mandatory ...` in a table that cites another
  standard's sections, where no heading `9` (or `Chapter 9`) came before; a document whose
  headings never use the parent's depth (sections `1.1`, `1.2` without chapter lines) is
  not checked.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Sequence

from core.ingest.pdf.layout import Line

Candidate = tuple[Line, str, tuple[int, ...]]
_REPEATS = 3  # an unnumbered heading text seen this often is a label
_FRONT_MATTER_PAGES = 4  # shorter documents (papers, letters) keep their first page's lines
_NUMBER = re.compile(r"^(\d+(\.\d+)*|[A-Z](\.\d+)+)\.?\s")
_CHAPTER = re.compile(r"^(chapter|appendix|part)\s+(\d+|[A-Z])\b", re.I)


def _key(text: str) -> str:
    return re.sub(r"[^0-9a-z]+", "", text.lower())


def _numbered(text: str) -> bool:
    return bool(_NUMBER.match(text))


def drop_labels(candidates: Sequence[Candidate]) -> list[Candidate]:
    """Leave out unnumbered candidates whose text recurs `_REPEATS` times or more."""
    counts = Counter(_key(text) for _, text, _ in candidates if not _numbered(text))
    return [c for c in candidates if _numbered(c[1]) or counts[_key(c[1])] < _REPEATS]


def drop_front_matter(candidates: Sequence[Candidate], n_pages: int) -> list[Candidate]:
    """Leave out page-1 unnumbered candidates in a style no later page's candidate has."""
    if n_pages < _FRONT_MATTER_PAGES:
        return list(candidates)
    later = {(ln.size, ln.bold) for ln, _, _ in candidates if ln.page > 1}
    return [c for c in candidates
            if c[0].page > 1 or _numbered(c[1]) or (c[0].size, c[0].bold) in later]


def _number(text: str) -> tuple[str, ...]:
    """The heading number as parts: '2.3 x' -> ('2', '3'); 'Chapter 4 x' -> ('4',)."""
    m = _NUMBER.match(text) or _CHAPTER.match(text)
    if not m:
        return ()
    return tuple(m.group(1 if m.re is _NUMBER else 2).upper().split("."))


def drop_out_of_sequence(candidates: Sequence[Candidate]) -> list[Candidate]:
    """Leave out numbered candidates whose parent number no earlier heading carried."""
    depths = {len(_number(text)) for _, text, _ in candidates}
    seen: set[tuple[str, ...]] = set()
    kept: list[Candidate] = []
    for cand in candidates:
        number = _number(cand[1])
        if len(number) >= 2 and len(number) - 1 in depths and number[:-1] not in seen:
            continue
        seen.add(number)
        kept.append(cand)
    return kept
