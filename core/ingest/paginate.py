"""Page markers for Markdown read from a source without pages, found on its rendition.

A reader writes Markdown from the source's structure; the rendition (LibreOffice's PDF, or
the Story layout) holds the same text on pages. Each Markdown block (heading, paragraph,
table) is looked for on the rendition's word stream after the previous block, by its first
word trigrams, and a `<!-- page N -->` marker is written where the page changes. Chunks and
sections then carry true pages, and the chunk boxes are found on those pages as for a PDF.

Example:
    >>> stream = Words(("intro", "text", "here", "next", "part", "goes"), (1, 1, 1, 2, 2, 2))
    >>> paginate("# Intro text here\\n\\nNext part goes\\n", stream)
    '<!-- page 1 -->\\n\\n# Intro text here\\n\\n<!-- page 2 -->\\n\\nNext part goes\\n'
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from pathlib import Path

import pymupdf

from core.evidence.geometry import read_page, tokens

_MARKER = re.compile(r"^<!-- page \d+ -->$")
_IMAGE = re.compile(r"^!\[.*\]\(.*\)$")
SHORT_WINDOW = 3_000  # tokens scanned for a one- or two-word block
WINDOW = 20_000  # tokens ahead of the cursor a block may be found (text the rendition dropped)


@dataclass(frozen=True)
class Words:
    """A rendition's words as one stream: normalised tokens and the 1-based page of each."""

    tokens: tuple[str, ...]
    pages: tuple[int, ...]

    @property
    def page_count(self) -> int:
        return max(self.pages, default=0)


def rendition_words(pdf: Path) -> tuple[Words, int]:
    """The word stream of a PDF and its page count."""
    toks: list[str] = []
    pages: list[int] = []
    with pymupdf.open(pdf) as doc:
        count = doc.page_count
        for page in doc:
            words = read_page(page).tokens
            toks += words
            pages += [page.number + 1] * len(words)
    return Words(tuple(toks), tuple(pages)), count


def _blocks(markdown: str) -> list[list[str]]:
    """Groups of non-blank lines (a heading is its own group), markers dropped."""
    groups: list[list[str]] = [[]]
    for line in markdown.splitlines():
        s = line.strip()
        if not s or _MARKER.match(s):
            groups.append([])
        elif s.startswith("#") and not s.startswith("#" * 7) and re.match(r"^#{1,6}\s", s):
            groups += [[line], []]
        else:
            groups[-1].append(line)
    return [g for g in groups if g]


class _Finder:
    """Finds a block's first trigrams in the word stream, never before the cursor."""

    def __init__(self, words: Words):
        self.words = words
        self.index: dict[tuple[str, ...], list[int]] = {}
        t = words.tokens
        for i in range(len(t) - 2):
            self.index.setdefault((t[i], t[i + 1], t[i + 2]), []).append(i)
        self.cursor = 0

    def _page_start(self, at: int) -> int:
        """Stream position of the first word on the page of position `at`. A block found by a
        later trigram starts no earlier than that page: its first words were not found as they
        are ("codename version" read "codenameversion"), so counting back over them could land
        on the page before."""
        return bisect.bisect_left(self.words.pages, self.words.pages[at])

    def _scan(self, toks: list[str]) -> int | None:
        """A block of one or two words (a short heading): the next place it occurs."""
        t, n = self.words.tokens, len(toks)
        for i in range(self.cursor, min(len(t) - n + 1, self.cursor + SHORT_WINDOW)):
            if list(t[i:i + n]) == toks:
                return i
        return None

    def find(self, toks: list[str]) -> int | None:
        """Stream position of the block's start (its first trigram, else one of the next
        few), at or after the cursor and within WINDOW; the cursor moves past it."""
        if len(toks) < 3:
            best = self._scan(toks)
            if best is not None:
                self.cursor = best + len(toks)
            return best
        n = 3
        best = None
        for k in range(0, min(6, len(toks) - n + 1)):
            hits = self.index.get(tuple(toks[k:k + n]), [])
            at = bisect.bisect_left(hits, self.cursor + k)
            if at < len(hits) and hits[at] - k - self.cursor <= WINDOW:
                pos = max(self.cursor, hits[at] - k, self._page_start(hits[at]) if k else 0)
                best = pos if best is None else min(best, pos)
        if best is not None:
            self.cursor = best + max(1, int(len(toks) * 0.7))
        return best


def paginate(markdown: str, words: Words) -> str:
    """The Markdown with a page marker before each block that starts a new page."""
    finder = _Finder(words)
    out: list[str] = []
    page = 0
    for block in _blocks(markdown):
        text = " ".join(l.lstrip("#") if l.startswith("#") else l for l in block)
        toks = tokens(text) if not _IMAGE.match(block[0].strip()) else []
        pos = finder.find(toks) if toks else None
        found = words.pages[pos] if pos is not None and pos < len(words.pages) else page or 1
        if found != page:
            page = found
            out += [f"<!-- page {page} -->", ""]
        out += block + [""]
    return "\n".join(out).rstrip() + "\n"
