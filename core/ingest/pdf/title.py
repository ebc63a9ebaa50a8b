"""The document's title: the PDF's own title when it names the document, else page 1's title block.

Every citation carries the title, and the heading path that is embedded with each chunk
opens with it, so a wrong one ("quick.dvi", "NAME", a cover's tagline) is seen everywhere.
The title is, in order:

- the metadata title, unless it is a file name ("quick.dvi", "Binder1.pdf"), an
  application's default ("Untitled", "Book1", "Microsoft Word - x.doc") or empty;
- the largest type on page 1, the lines of one block (a version line set in the same size
  further down the cover, or a "Contents" or "Introduction" heading, is not part of it). Where that type
  names nothing the outline's first entry or the file name names, and a slightly smaller
  one on the page does, the smaller one is the title: "The Leading Open Source Backup
  Solution" (28.8 pt, a tagline) above "Bacula Console and Operators Guide" (24.8 pt);
- a manual page's NAME line ("bash − GNU Bourne-Again SHell"), where the first heading is
  NAME;
- else the first chapter heading, else the file name (parse.py).

Letters spaced apart as single characters ("P h y M L – M a n u a l") are put back together
and a footnote mark after the title ("… with LaTeX and METAFONT ∗") is dropped.

Example:
    >>> usable_metadata("quick.dvi"), usable_metadata("Book1"), usable_metadata("R Data Import/Export")
    (False, False, True)
    >>> tidy("P h y M L – M a n u a l"), tidy("Drawing Feynman Diagrams ∗")
    ('PhyML – Manual', 'Drawing Feynman Diagrams')
"""
from __future__ import annotations

import re
from typing import Iterable, Sequence

from core.ingest.pdf.headings import key, numbered_depth
from core.ingest.pdf.layout import Line

_FILE_NAME = re.compile(r"\.(?:dvi|tex|pdf|ps|eps|txt|rtf|docx?|odt|xlsx?|ods|pptx?|odp|html?|md|indd|qxp)$", re.I)
_DEFAULT = re.compile(r"(?:untitled|title|(?:book|document|presentation|workbook|sheet|binder)\s*\d+)", re.I)
_SPACED = re.compile(r"(?<!\S)(?:\w ){2,}\w(?!\S)")  # three or more one-letter words: "P h y M L"
_MARK = re.compile(r"\s*[∗†‡§¶]+$|\s+\*+$")  # a footnote mark after the title ("A*" keeps its star)
_WORD = re.compile(r"[a-z][a-z0-9]{2,}")
# words every manual's file name or outline uses: they do not tell one title from a tagline
_GENERIC = frozenset("the and for with manual guide user users userguide doc docs documentation reference introduction "
                     "intro contents preface chapter part version release notes overview about".split())
# a section's heading set in the title's type under it ("The FASTA program package" / "Introduction")
_HEADINGS = frozenset("contents tableofcontents introduction preface foreword abstract overview summary".split())
NEXT_SIZE = 0.8  # a smaller title line is taken over the largest type from this share of its size
BLOCK_GAP = 2.0  # lines of the title block are at most this many times their size apart
MAX_WORDS = 20  # a longer line is prose, not a title line


def usable_metadata(title: str) -> bool:
    """The metadata title names the document: not empty, not a file name or an application's
    default ("untitled", "Book1", "Microsoft Word - x.doc")."""
    low = title.strip().lower()
    return bool(low) and not low.startswith("microsoft word") and not _DEFAULT.fullmatch(low) \
        and not _FILE_NAME.search(low)


def tidy(title: str) -> str:
    """`title` with letters spaced apart joined ("P h y M L" -> "PhyML") and a footnote mark
    at its end dropped."""
    joined = _SPACED.sub(lambda m: m.group(0).replace(" ", ""), " ".join(title.split()))
    return _MARK.sub("", joined).strip()


def hint_words(texts: Iterable[str]) -> set[str]:
    """The telling words of the outline's first entry and the file name ("bacula-console" ->
    bacula, console): a title names its document, a tagline above it seldom does."""
    return {w for t in texts for w in _WORD.findall(tidy(t).lower().replace("_", " ")) if w not in _GENERIC}


def title_lines(pages: Sequence[Sequence[Line]], body: float, unique: bool = True,
                hints: set[str] = frozenset()) -> tuple[Line, ...]:
    """Lines of the document title: the block of the largest type on page 1 (by default: a size
    used nowhere else; with `unique=False` it may recur later, a cover page whose title shares
    the chapter heading size), or of the next size where only that one names a `hints` word
    (module docstring; that size may recur, but a numbered line is a chapter's). Lines with
    fewer than 4 letters (labels in a figure) are ignored."""
    first = [ln for ln in pages[0] if sum(c.isalpha() for c in ln.text) >= 4
             and key(ln.text) not in _HEADINGS] if pages else []
    sizes = sorted({ln.size for ln in first if ln.size >= body + 2}, reverse=True)
    if not sizes:
        return ()
    found = _block(first, sizes[0])
    if (unique and _recurs(pages, sizes[0])) or not found:
        return ()
    if hints and not _names(found, hints):
        for size in sizes[1:]:
            if size < NEXT_SIZE * sizes[0]:
                break
            other = _block(first, size)  # its size may recur: a book's title is often set as its chapters are
            if other and _names(other, hints) and not any(numbered_depth(ln.text) for ln in other):
                return other
    return found


def _block(lines: Sequence[Line], size: float) -> tuple[Line, ...]:
    """The first line set in `size` and the ones of that size right below it (at most three)."""
    same = sorted((ln for ln in lines if ln.size == size and len(ln.text.split()) <= MAX_WORDS),
                  key=lambda ln: (ln.bbox[1], ln.bbox[0]))
    block = same[:1]
    for ln in same[1:]:
        if len(block) == 3 or ln.bbox[1] - block[-1].bbox[3] > BLOCK_GAP * size:
            break
        block.append(ln)
    return tuple(block)


def _recurs(pages: Sequence[Sequence[Line]], size: float) -> bool:
    return any(ln.size >= size for lines in pages[1:] for ln in lines)


def _names(lines: Sequence[Line], hints: set[str]) -> bool:
    return bool(hint_words(ln.text for ln in lines) & hints)


def manual_page_name(pages: Sequence[Sequence[Line]], first_heading: str) -> str:
    """A manual page's title: the line under its NAME heading ("bash − GNU Bourne-Again SHell"),
    up to its first comma; '' for any other document."""
    if key(first_heading) != "name":
        return ""
    for lines in pages[:1]:
        for ln, after in zip(lines, lines[1:]):
            if key(ln.text) == "name" and after.bbox[1] >= ln.bbox[1]:
                return after.text.split(",")[0].strip()
    return ""
