"""Chapter openers set over two or three lines: "CHAPTER" / "ONE" / "GETTING STARTED".

Sphinx's LaTeX output (and many book classes) open a chapter with the word "Chapter" and its
number in words or digits on lines of their own, then the title (a number word alone at the
top of a page counts too: the "CHAPTER" above it, repeated on every chapter's first page,
was removed as a running head). Those label lines are not
headings; the title line after them is a chapter heading (depth 1), numbered or not.
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

from core.ingest.pdf.layout import Line

_UNITS = "one two three four five six seven eight nine".split()
_WORDS = _UNITS + "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = rf"(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)([ -]?({'|'.join(_UNITS)}))?"  # "TWENTYONE"
_INDEX = rf"(\d+|[A-Z]|[IVXL]+|{'|'.join(_WORDS)}|{_TENS})"
_LABEL = re.compile(r"^(chapter|appendix|part)$", re.I)
_LABEL_AND_INDEX = re.compile(rf"^(chapter|appendix|part)(\s+{_INDEX}|\s*\d+)$", re.I)  # "CHAPTER1" too
_INDEX_ONLY = re.compile(rf"^{_INDEX}$", re.I)
_NUMBER_WORD = re.compile(rf"^({'|'.join(_WORDS)}|{_TENS})$", re.I)


def chapter_openers(pages: Sequence[Sequence[Line]]) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """(label lines to leave out, chapter title lines) as (page, index) keys."""
    labels: set[tuple[int, int]] = set()
    titles: set[tuple[int, int]] = set()
    for lines in pages:
        for i, ln in enumerate(lines):
            text = ln.text.strip()
            if _LABEL_AND_INDEX.match(text):
                used = [ln]
            elif _LABEL.match(text) and i + 1 < len(lines) and _INDEX_ONLY.match(lines[i + 1].text.strip()):
                used = [ln, lines[i + 1]]
            elif i == 0 and _NUMBER_WORD.match(text):  # "CHAPTER" above it went as a running head
                used = [ln]
            else:
                continue
            nxt = i + len(used)
            if nxt < len(lines) and any(c.isalpha() for c in lines[nxt].text):
                labels.update((u.page, u.index) for u in used)
                titles.add((lines[nxt].page, lines[nxt].index))
    return labels, titles


def unlabelled_chapters(pages: Sequence[Sequence[Line]], chapters: set[tuple[int, int]],
                        candidates: Sequence[tuple[Line, str, tuple[int, ...]]], skip: set[tuple[int, int]],
                        numbered: Callable[[str], int], styles: set[tuple[float, bool]] = frozenset()
                        ) -> set[tuple[int, int]]:
    """Unnumbered chapters without a "CHAPTER" label (Bibliography, Index, License): a candidate
    that opens its page, unnumbered, in the type of the labelled chapter titles or in one of
    `styles` (the numbered chapters' type, headings_pages.chapter_styles)."""
    at = {(ln.page, ln.index): ln for lines in pages for ln in lines}
    styles = set(styles) | {(at[p].size, at[p].bold) for p in chapters if p in at}
    tops = {lines[0].page: min(ln.index for ln in lines if (ln.page, ln.index) not in skip)
            for lines in pages if any((ln.page, ln.index) not in skip for ln in lines)}
    return {(ln.page, ln.index) for ln, text, _ in candidates
            if (ln.size, ln.bold) in styles and tops.get(ln.page) == ln.index and not numbered(text)}
