"""Headings: from the PDF outline, or detected from font statistics and numbering.

Both sources return the same thing, a `{(page, line index): Heading}` map, so the
heading-fidelity benchmark can compare them. The detector works without any outline:
the body size is the most common font size; heading lines are short lines set larger
than the body, or bold; numbering such as `2.3.1` gives the depth directly, and each font
style takes the depth its numbered headings have (else the rank of its size).
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Sequence

from core.ingest.pdf.headings_api import api_entries
from core.ingest.pdf.headings_chapters import chapter_openers, unlabelled_chapters
from core.ingest.pdf.headings_merge import MAX_WORDS, merge_heading
from core.ingest.pdf.headings_pages import back_index_title, chapter_styles, drop_figure_labels, drop_title_page
from core.ingest.pdf.headings_filter import (drop_front_matter, drop_labels, drop_out_of_sequence,
                                              drop_paragraph_labels, drop_running)
from core.ingest.pdf.layout import Line

# a section number ends at a space, or runs straight into a capitalised word ("1Introduction" from
# text without the space); "3D plots" and "64-bit integers" are titles that start with a number
# (and "8.1.1 1D vs 2D" a numbered one); appendix letters run from A: "X.509", "X.25" are
# standards' names, not section numbers
_NUMBERED = re.compile(r"^(\d+(?:\.\d+)*|[A-W](?:\.\d+)+)\.?(?:\s+(?=[^\d\s.]|\d+[A-Za-z])|(?=[A-Z][a-z]))")
_CHAPTER = re.compile(r"^(chapter|appendix|part)\s+[\w.]+\s*", re.I)
_LETTER = re.compile(r"^[A-Z]\s+(?=[A-Z])")  # "A Upgrading ...": Texinfo's outline entry for "Appendix A Upgrading ..."
_CHAPTER_NUMBER = re.compile(r"^(chapter|appendix)\s+(\d+|[A-Z])\b\.?\s*\S", re.I)
_PAGE_REF = r"(\d+|[ivxlc]+)"
_LEADERS = re.compile(rf"(\.\s*){{3,}}{_PAGE_REF}(\s*[,–-]\s*{_PAGE_REF})*$", re.I)  # ". . . 12" or ". . . 8, 11–13"
_TOC_ENTRY = re.compile(r"(\.\s*){3,}\d+$|^\d+(\.\d+)*\.?\s*\D.*\s\d+$")
_PAGE_END = re.compile(r"\D\s+\d+$")
_LABELS = {"note", "notes", "warning", "tip", "important", "caution", "contents", "tableofcontents"}
_CAPTION = re.compile(r"^(figure|fig\.|table|tab\.)\s*\d", re.I)
_COPYRIGHT = re.compile(r"^(copyright\b.*\d{4}|©|\(c\)\s*\d{4})", re.I)  # a legal notice, never a heading


@dataclass(frozen=True)
class Heading:
    """A heading found on a page: depth, text, and the line indexes it consumes."""

    level: int
    text: str
    lines: tuple[int, ...]  # empty: inserted before the anchor line instead of replacing it


def key(text: str) -> str:
    """Comparison key: lower-case letters/digits only, leading numbering removed."""
    text = _CHAPTER.sub("", text.strip())
    text = _LETTER.sub("", _NUMBERED.sub("", text.strip()))
    return re.sub(r"[^0-9a-z]+", "", text.lower())


def body_size(pages: Sequence[Sequence[Line]]) -> float:
    """The most common font size of the prose, weighted by characters (code lines count only
    in a document without prose: a reference appendix of small-type listings is not the body)."""
    sizes: Counter[float] = Counter()
    code: Counter[float] = Counter()
    for lines in pages:
        for ln in lines:
            (code if ln.mono else sizes)[ln.size] += len(ln.text)
    sizes = sizes or code
    return sizes.most_common(1)[0][0] if sizes else 10.0


def contents_lines(lines: Sequence[Line]) -> set[tuple[int, int]]:
    """Keys of a page's table-of-contents and book-index lines, to leave out of the text
    (they only point at pages): entries with dot leaders ending in page numbers, and the
    'Contents' title and the one-character dividers ('A', '!') of a page holding 3 or more."""
    entries = {(ln.page, ln.index) for ln in lines if _LEADERS.search(ln.text.strip())}
    if len(entries) >= 3:  # a contents or index page: its title and letter dividers go too
        entries |= {(ln.page, ln.index) for ln in lines
                    if key(ln.text) in ("contents", "tableofcontents") or sum(c.isalnum() for c in ln.text) <= 1}
    return entries


def contents_pages(pages: Sequence[Sequence[Line]]) -> set[int]:
    """Indexes of table-of-contents pages: 4 or more entries with a page number, or, right after
    one, a page whose lines mostly end in a page number (the contents' last page: "V Bugs 303")."""
    found: set[int] = set()
    for n, lines in enumerate(pages):
        if sum(bool(_TOC_ENTRY.search(l.text)) for l in lines) >= 4 or (
                n - 1 in found and lines and 2 * sum(bool(_PAGE_END.search(l.text)) for l in lines) > len(lines)):
            found.add(n)
    return found


def detect_headings(pages: Sequence[Sequence[Line]], skip: set[tuple[int, int]] = frozenset()
                    ) -> dict[tuple[int, int], Heading]:
    """Detect headings from type size, weight and numbering (no outline needed)."""
    body = body_size(pages)
    labels, chapters = chapter_openers(pages)
    skip = set(skip) | labels
    candidates = _candidates(pages, body, skip, chapters)
    chapters |= unlabelled_chapters(pages, chapters, candidates, skip, numbered_depth,
                                    chapter_styles(candidates, body, numbered_depth))
    style_level = _style_levels(candidates)
    numbered = _numbered_styles(candidates)
    last_depth: dict[tuple[float, bool], int] = {}  # numbered styles: depth of the last numbered one
    last_any = 0  # depth of the last numbered heading of any style
    found: dict[tuple[int, int], Heading] = {}
    consumed: set[tuple[int, int]] = set()
    for first, text, idxs in candidates:
        if (first.page, first.index) in consumed:
            continue
        depth = numbered_depth(text) or (1 if (first.page, first.index) in chapters else 0)
        style = _style(first)
        if depth and style in numbered:
            last_depth[style] = depth
        last_any = depth or last_any
        # an unnumbered heading set like the numbered ones after them is one level below
        # (Texinfo's unnumbered subsubsections share the numbered subsections' type), and never
        # more than one below the last numbered heading (a module page after chapter "2")
        level = depth or (min(last_depth[style], last_any) + 1 if style in last_depth else style_level[style])
        found[(first.page, first.index)] = Heading(min(level, 6), text, idxs)
        consumed.update((first.page, i) for i in idxs)
    sizes = {(c[0].page, c[0].index): c[0].size for c in candidates}
    return _with_entries(found, api_entries(pages, body, skip | consumed), sizes)


def _candidates(pages: Sequence[Sequence[Line]], body: float, skip: set[tuple[int, int]],
                chapters: set[tuple[int, int]]) -> list[tuple[Line, str, tuple[int, ...]]]:
    """Heading candidates in page order, the filters of headings_filter/headings_pages applied.
    Contents pages give none, but a back-matter index page keeps its chapter title."""
    toc_pages = contents_pages(pages)
    found = []
    for n, lines in enumerate(pages):
        allowed = _outside_contents(lines, n, len(pages), body, skip) if n in toc_pages else None
        found += [merge_heading(lines, i, body) for i, ln in enumerate(lines)
                  if (allowed is None or i in allowed) and (ln.page, ln.index) not in skip
                  and _is_candidate(lines, i, body)]
    candidates = drop_running([c for c in found if c is not None], pages, body)
    candidates = drop_out_of_sequence(drop_labels(candidates), chapters)
    candidates = drop_title_page(drop_front_matter(candidates, len(pages)), pages, body, numbered_depth)
    return drop_figure_labels(drop_paragraph_labels(candidates, body), pages, body, numbered_depth)


def _outside_contents(lines: Sequence[Line], n: int, n_pages: int, body: float,
                      skip: set[tuple[int, int]]) -> set[int]:
    """Indexes (in `lines`) of a contents page `n` that may still be headings: a back-matter
    index's title, and on a chapter's own opening page with a mini table of contents (DocBook),
    the numbered title above the first entry and the lines below the last one."""
    only = back_index_title(lines, n, n_pages, body, skip)
    if only is not None:
        return {only}
    entries = [i for i, ln in enumerate(lines) if _TOC_ENTRY.search(ln.text)]
    if not entries:  # the contents' last page, found by its page numbers alone: nothing kept
        return set()
    top, bottom = lines[entries[0]].bbox[1], lines[entries[-1]].bbox[3]
    return {i for i, ln in enumerate(lines) if ln.bbox[1] >= bottom
            or (ln.bbox[3] <= top and numbered_depth(ln.text) and ln.size >= body + 2)}


def _with_entries(found: dict[tuple[int, int], Heading], entries: dict[tuple[int, int], str],
                  sizes: dict[tuple[int, int], float]) -> dict[tuple[int, int], Heading]:
    """Add API entries (headings_api), each one level below its module's heading: the
    largest-type heading above it since the last numbered one (so "Exports" or "Data types"
    labels of a reference page do not nest the entries). The signature line stays in the
    text (the entry is inserted before it)."""
    merged = dict(found)
    numbered: tuple[int, int] | None = None  # the last numbered heading
    since: list[tuple[int, int]] = []  # unnumbered headings after it, nearest last
    for pos in sorted(set(found) | set(entries)):
        if pos not in entries:
            numbered, since = (pos, []) if numbered_depth(found[pos].text) else (numbered, since + [pos])
            continue
        parent = max(reversed(since), key=lambda p: sizes[p]) if since else numbered
        merged[pos] = Heading(min(found[parent].level + 1, 6) if parent else 1, entries[pos], ())
    return merged


def _is_candidate(lines: Sequence[Line], i: int, body: float) -> bool:
    """Short, capitalised lines set larger than the body or in bold."""
    ln = lines[i]
    words = ln.text.split()
    if not words or len(words) > MAX_WORDS or not any(c.isalpha() for c in ln.text):
        return False
    big = ln.size >= body + 1
    if (ln.text[0].islower() and not _module_name(ln, body)) or ln.text[-1] in ",;":
        return False
    if _CAPTION.match(ln.text) or _COPYRIGHT.match(ln.text):
        return False
    if _LEADERS.search(ln.text) or sum(c.isalpha() for c in ln.text) < 2 or key(ln.text) in _LABELS:
        return False
    strong = ln.bold and ln.size >= body - 0.5
    if not (big or strong) or (ln.mono and not big):
        return False  # body-size code lines (signatures, option lists) are not headings
    prev = lines[i - 1] if i else None
    if prev and prev.mono and ln.text.startswith("("):
        return False  # the argument list of a definition line (Texinfo's @deftypefun wraps it)
    if prev and prev.block == ln.block and _style(prev) == _style(ln):
        return False  # a continuation line, merged by merge_heading
    if prev and prev.block == ln.block and not big:
        return False  # bold words inside a paragraph
    nxt = lines[i + 1] if i + 1 < len(lines) else None
    return not (strong and not big and nxt and nxt.block == ln.block and _style(nxt) != _style(ln)
                and abs(nxt.bbox[1] - ln.bbox[1]) < 2)  # bold run-in label on the same line


def _module_name(ln: Line, body: float) -> bool:
    """A lower-case heading: one word in much larger, proportional type ("ftp", a module page's
    title); lower-case words in code type or near body size are code or list items."""
    return len(ln.text.split()) == 1 and ln.size >= 1.3 * body and not ln.mono


def _style(ln: Line) -> tuple[float, bool]:
    return (ln.size, ln.bold)


def numbered_depth(text: str) -> int:
    """Depth from a leading number: '2' -> 1, '2.3.1' -> 3, 'Appendix A' -> 1; 0 when unnumbered."""
    m = _NUMBERED.match(text)
    if m:
        return m.group(1).count(".") + 1
    return 1 if _CHAPTER_NUMBER.match(text) else 0  # "Appendix A ...", "Chapter 3 ..."


def _numbered_styles(candidates: list[tuple[Line, str, tuple[int, ...]]]) -> set[tuple[float, bool]]:
    """Styles whose headings are mostly numbered (an unnumbered one among them is nested)."""
    counts: dict[tuple[float, bool], list[int]] = defaultdict(lambda: [0, 0])
    for first, text, _ in candidates:
        counts[_style(first)][bool(numbered_depth(text))] += 1
    return {s for s, (plain, num) in counts.items() if num >= 3 and 2 * num >= plain}


def _style_levels(candidates: list[tuple[Line, str, tuple[int, ...]]]) -> dict[tuple[float, bool], int]:
    """Depth per font style: from its numbered headings, else by prominence rank."""
    depths: dict[tuple[float, bool], Counter[int]] = defaultdict(Counter)
    for first, text, _ in candidates:
        depth = numbered_depth(text)
        depths[_style(first)][depth] += 1
    levels: dict[tuple[float, bool], int] = {}
    last = 0
    for style in sorted(depths, key=lambda s: (-s[0], not s[1])):
        numbered = Counter({d: n for d, n in depths[style].items() if d})
        level = numbered.most_common(1)[0][0] if numbered else last + 1
        levels[style] = level
        last = max(last, level)
    return levels

