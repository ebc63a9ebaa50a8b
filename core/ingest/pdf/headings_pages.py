"""Heading rules that look at a whole page: title pages, back-matter index pages, chapter type.

- A title page (page 1 of a document of several pages with hardly any prose on it: Texinfo's and
  many manuals' cover) holds the title, subtitle and authors, never a section: its
  unnumbered candidates are dropped ("Werner Koch (wk@gnupg.org) ...", "The Octave Project
  Developers" are set in the section type, so the style test of `drop_front_matter` keeps them).
- A book index or list of figures at the back (a page of dot-leader entries in the document's
  second half) is skipped as contents, but its chapter title ("Concept Index", "Function and
  Data Index") opens the page in chapter type: that one line stays a candidate.
- Labels of a drawing (the boxes of a state diagram, "Init", "Fatal-Error", "Power-On"): three
  or more unnumbered candidates in one style on a page with no line of prose between them,
  side by side or stacked, are a figure's text, not sections (sections have text between them).
- The chapter type: the style of numbered depth-1 headings set well above the body ("1
  Introduction"), so that an unnumbered chapter in the same type opening its page ("GNU General
  Public License", "Bibliography") is a chapter too (core.ingest.pdf.headings_chapters).
"""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Callable, Sequence

from core.ingest.pdf.layout import Line

Candidate = tuple[Line, str, tuple[int, ...]]
_TITLE_PAGE_MIN_PAGES = 4  # shorter documents (papers, letters) have prose on page 1
_PROSE_WORDS = 40  # this many words in body type make a page of prose (a subtitle line has about 10)
_CHAPTER_SIZE = 2.0  # points above the body: chapter type, not a bold section


def is_title_page(lines: Sequence[Line], body: float, n_pages: int) -> bool:
    """Page 1 of a longer document with fewer than `_PROSE_WORDS` words in body type."""
    if n_pages < _TITLE_PAGE_MIN_PAGES or not lines or lines[0].page != 1:
        return False
    return sum(len(ln.text.split()) for ln in lines if abs(ln.size - body) <= 0.5 and not ln.mono) < _PROSE_WORDS


def drop_title_page(candidates: Sequence[Candidate], pages: Sequence[Sequence[Line]], body: float,
                    numbered: Callable[[str], int]) -> list[Candidate]:
    """Leave out the unnumbered candidates of a title page (`is_title_page`)."""
    if not pages or not is_title_page(pages[0], body, len(pages)):
        return list(candidates)
    return [c for c in candidates if c[0].page != 1 or numbered(c[1])]


def back_index_title(lines: Sequence[Line], n: int, n_pages: int, body: float,
                     skip: set[tuple[int, int]]) -> int | None:
    """Index (in `lines`) of the chapter-type line opening a contents-like page `n` (0-based)
    in the document's second half, if any: a book index's or list of figures' title."""
    if 2 * n < n_pages:
        return None
    kept = [i for i, ln in enumerate(lines) if (ln.page, ln.index) not in skip]
    if kept and lines[kept[0]].size >= body + _CHAPTER_SIZE:
        return kept[0]
    return None


def chapter_styles(candidates: Sequence[Candidate], body: float,
                   numbered: Callable[[str], int]) -> set[tuple[float, bool]]:
    """Styles whose numbered headings are mostly depth 1 ("1 Introduction") and set at least
    `_CHAPTER_SIZE` points above the body (two or more such headings)."""
    depths: dict[tuple[float, bool], Counter[int]] = defaultdict(Counter)
    for ln, text, _ in candidates:
        if ln.size >= body + _CHAPTER_SIZE and numbered(text):
            depths[(ln.size, ln.bold)][numbered(text)] += 1
    return {s for s, c in depths.items() if c[1] >= 2 and 2 * c[1] > sum(c.values())}


_FIGURE_LABELS = 3  # this many same-style candidates with no prose between them: a drawing's labels
_PROSE_LINE_WORDS = 3


def drop_figure_labels(candidates: Sequence[Candidate], pages: Sequence[Sequence[Line]], body: float,
                       numbered: Callable[[str], int]) -> list[Candidate]:
    """Leave out runs of `_FIGURE_LABELS` or more unnumbered same-style candidates of one page
    with no prose line (body type, 3+ words) between them (top to bottom)."""
    by_page: dict[int, list[Candidate]] = defaultdict(list)
    for c in candidates:
        if not numbered(c[1]):
            by_page[c[0].page].append(c)
    drop: set[tuple[int, int]] = set()
    for page, cands in by_page.items():
        prose = sorted(ln.bbox[1] for ln in pages[page - 1]
                       if abs(ln.size - body) <= 0.5 and len(ln.text.split()) >= _PROSE_LINE_WORDS)
        groups: dict[tuple[float, bool], list[Candidate]] = defaultdict(list)
        for c in cands:
            groups[(c[0].size, c[0].bold)].append(c)
        for group in groups.values():
            drop |= _label_runs(sorted(group, key=lambda c: c[0].bbox[1]), prose)
    return [c for c in candidates if (c[0].page, c[0].index) not in drop]


def _label_runs(group: Sequence[Candidate], prose: Sequence[float]) -> set[tuple[int, int]]:
    """Keys of the candidates in runs (no prose line between neighbours) of `_FIGURE_LABELS`+."""
    runs: list[list[Candidate]] = []
    for c in group:
        if runs and not any(runs[-1][-1][0].bbox[1] < y < c[0].bbox[1] for y in prose):
            runs[-1].append(c)
        else:
            runs.append([c])
    return {(c[0].page, c[0].index) for run in runs if len(run) >= _FIGURE_LABELS for c in run}
