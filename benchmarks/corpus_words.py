"""Word recall of a parsed PDF against PyMuPDF's plain text layer (for corpus_check.py).

A reference word is a run of letters (with their combining marks) of one script, at least
three letters long, from PyMuPDF's plain `get_text()` of every page after NFKC (TeX's Cork ligature
codes read as their letters, as the parser reads them: core.ingest.pdf.cork); a word
hyphenated at a line end is joined first ("exam-\\nple" -> "example"). Words compare
case-folded. Recall is the share of distinct reference words that occur among the words
of the document's chunks (text, heading path and title), split the same way.

Example:
    >>> sorted(words("Setting up habibi\u062d\u064e\u0628\u064a\u0628\u064a, ex-\\nample"))
    ['example', 'habibi', 'setting', '\u062d\u064e\u0628\u064a\u0628\u064a']
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Iterable

from core.ingest.pdf.cork import cork_ligatures

_LINE_END_HYPHEN = re.compile(r"(\w)-\s*\n\s*(\w)")
MIN_LETTERS = 3


@lru_cache(maxsize=4096)
def script(ch: str) -> str:
    """The script of a letter as the first word of its Unicode name ('LATIN', 'ARABIC')."""
    name = unicodedata.name(ch, "")
    first = name.split(" ", 1)[0]
    return "CJK" if first in {"CJK", "HIRAGANA", "KATAKANA"} else first


def words(text: str) -> set[str]:
    """Distinct case-folded words of `text` (see the module doc for what a word is)."""
    text = _LINE_END_HYPHEN.sub(r"\1\2", unicodedata.normalize("NFKC", cork_ligatures(text)))
    found: set[str] = set()
    current: list[str] = []
    current_script = ""
    for ch in text + " ":
        if ch.isalpha():
            s = script(ch)
            if current and s != current_script:
                _keep(current, found)
                current = []
            current_script = s
            current.append(ch)
        elif current and unicodedata.category(ch).startswith("M"):
            current.append(ch)  # a combining mark belongs to its letter
        else:
            _keep(current, found)
            current = []
    return found


def _keep(letters: list[str], found: set[str]) -> None:
    if sum(1 for c in letters if c.isalpha()) >= MIN_LETTERS:
        found.add("".join(letters).casefold())


def recall(reference: set[str], texts: Iterable[str]) -> tuple[float, list[str]]:
    """Share of `reference` words found among the words of `texts`, and the missing ones."""
    if not reference:
        return 1.0, []
    have: set[str] = set()
    for text in texts:
        have |= words(text)
    missing = sorted(reference - have)
    return 1 - len(missing) / len(reference), missing
