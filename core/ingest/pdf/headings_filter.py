"""Candidate headings that are not headings: repeated labels and title-page lines.

The font detector (core.ingest.pdf.headings) finds every short line set larger or bolder
than the body. Two kinds of such lines are not part of a document's structure:

- running heads and feet the margin filter missed ("4 Chapter 1. About this manual"): the
  top or bottom line of a page whose text, digits folded, is on three pages or more;
- labels that recur under many sections ("Synopsis", "See also", "Exports", "Known issues"):
  the same unnumbered text three or more times in one document is a run-in label of a
  reference page, not a section of its own (numbered headings are always kept);
- the title page's author, affiliation and address lines: on page 1 of a document of
  several pages, an unnumbered line in a type style that no later page's heading uses;
- numbered lines out of sequence: `9.1 Mandatory ...` in a table that cites another
  standard's sections inside chapter 1, where no heading `9` (or `Chapter 9`) came before
  (a section of the current or the next chapter is kept even when the chapter line itself
  carries no number, such as "CHAPTER ONE"; a document whose headings never use the
  parent's depth is not checked);
- paragraph labels of a numbered document: where most candidates carry a section number, an
  unnumbered bold line in body-size type is a run-in paragraph heading (LaTeX's \\paragraph,
  a Sphinx rubric), below the sections a table of contents lists;
- dates ("Dec 17, 2022", "19 October 2022"): a title page's date line, never a section.
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


_MONTH = (r"(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?"
          r"|oct(ober)?|nov(ember)?|dec(ember)?)\.?")
_DATE = re.compile(rf"^({_MONTH}\s+\d{{1,2}}(st|nd|rd|th)?,?\s+\d{{4}}|\d{{1,2}}\.?\s+{_MONTH},?\s+\d{{4}}"
                   rf"|{_MONTH},?\s+\d{{4}}|\d{{4}}-\d{{2}}-\d{{2}})$", re.I)


def is_numbered(text: str) -> bool:
    """Whether the text starts with a section number ("2.3 ", "A.1 ")."""
    return bool(_NUMBER.match(text))



def drop_labels(candidates: Sequence[Candidate]) -> list[Candidate]:
    """Leave out unnumbered candidates whose text recurs `_REPEATS` times or more."""
    counts = Counter(_key(text) for _, text, _ in candidates if not is_numbered(text))
    return [c for c in candidates if is_numbered(c[1]) or counts[_key(c[1])] < _REPEATS]


def drop_front_matter(candidates: Sequence[Candidate], n_pages: int) -> list[Candidate]:
    """Leave out page-1 unnumbered candidates in a style no later page's candidate has."""
    if n_pages < _FRONT_MATTER_PAGES:
        return list(candidates)
    later = {(ln.size, ln.bold) for ln, _, _ in candidates if ln.page > 1}
    return [c for c in candidates
            if c[0].page > 1 or is_numbered(c[1]) or (c[0].size, c[0].bold) in later]


def _number(text: str) -> tuple[str, ...]:
    """The heading number as parts: '2.3 x' -> ('2', '3'); 'Chapter 4 x' -> ('4',)."""
    m = _NUMBER.match(text) or _CHAPTER.match(text)
    if not m:
        return ()
    return tuple(m.group(1 if m.re is _NUMBER else 2).upper().split("."))


def drop_out_of_sequence(candidates: Sequence[Candidate], openers: set[tuple[int, int]] = frozenset()
                         ) -> list[Candidate]:
    """Leave out numbered candidates whose parent number no earlier heading carried and
    whose first number neither continues the current chapter nor starts the next one. A
    chapter title without a number (`openers`, "CHAPTER TWELVE" above it) starts a chapter
    whose number is unknown: the sections after it are kept (else one chapter without
    numbered sections would drop every later one)."""
    depths = {len(_number(text)) for _, text, _ in candidates}
    seen: set[tuple[str, ...]] = set()
    chapter: str | None = None  # first number of the last numbered heading kept
    kept: list[Candidate] = []
    for cand in candidates:
        number = _number(cand[1])
        if not number and _pos(cand[0]) in openers:
            chapter = None
        if (len(number) >= 2 and len(number) - 1 in depths and number[:-1] not in seen
                and not _continues(number[0], chapter)):
            continue
        if number:
            seen.add(number)
            chapter = number[0]
        kept.append(cand)
    return kept


def _continues(first: str, chapter: str | None) -> bool:
    """True when a heading numbered `first.x` can follow one numbered `chapter...`."""
    if chapter is None or first == chapter:
        return True
    if first.isdigit() and chapter.isdigit():
        return int(first) == int(chapter) + 1
    if first.isalpha() and chapter.isalpha():
        return ord(first) == ord(chapter) + 1
    return first == "A"  # the first appendix after numbered chapters


def drop_running(candidates: Sequence[Candidate], pages: Sequence[Sequence[Line]], body: float
                 ) -> list[Candidate]:
    """Leave out page-edge candidates in body-size type that carry the page number ("4
    Chapter 1. About this manual", "2.3. Copyright considerations 9"): a leading or trailing
    number at the same distance from the physical page number on `_REPEATS` pages or more.
    (Larger type is a chapter heading, even when short chapters start on successive pages.)"""
    edges = set()
    for lines in pages:
        if lines:
            edges.add(_pos(min(lines, key=lambda ln: ln.bbox[1])))
            edges.add(_pos(max(lines, key=lambda ln: ln.bbox[3])))
    shift = {_pos(ln): ln.page - n for ln, text, _ in candidates
             if _pos(ln) in edges and ln.size < body + 1 and (n := _page_number(text)) is not None}
    common = Counter(shift.values())
    return [c for c in candidates if common[shift.get(_pos(c[0]), None)] < _REPEATS]


def _pos(line: Line) -> tuple[int, int]:
    return line.page, line.index


def _page_number(text: str) -> int | None:
    """A line's leading or trailing whole number ('4 Chapter 1' -> 4, 'Priorities 11' -> 11)."""
    m = re.match(r"^(\d+)\s", text) or re.search(r"\s(\d+)$", text)
    return int(m.group(1)) if m else None


def drop_paragraph_labels(candidates: Sequence[Candidate], body: float) -> list[Candidate]:
    """Leave out dates, and, when most candidates are numbered, unnumbered body-size bold lines."""
    kept = [c for c in candidates if not _DATE.match(" ".join(c[1].split()))]
    if 2 * sum(is_numbered(text) for _, text, _ in kept) <= len(kept):
        return kept
    return [c for c in kept if is_numbered(c[1]) or _CHAPTER.match(c[1]) or c[0].size >= body + 1]
