"""Read a structural reference out of a question: a page, a section, a table or a figure.

Pure and fast (regular expressions only): every question of every retriever passes here,
and a question without such a reference returns None at once.

    page by printed label   "What is on page 17 of R Data Import/Export?", "page iv", "p. 12"
    page by physical number "PDF page 21", "physical page 21"
    section by number       "Open section 21.7 of the chemmacros manual", "chapter 3"
    section by title        "Show me the 'Grid graphics' section", "the section titled Colours"
    table / figure          "Table 3", "Figure 2 of the chemnum manual", "the table 'Colour names'"

Example:
    >>> parse_reference("What is on page iv of the chemnum manual?")
    Reference(kind='page', value='iv', physical=False, title='', span=(11, 18))
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

RefKind = Literal["page", "section", "table", "figure"]

_Q_OPEN, _Q_CLOSE = "\"'\u2018\u201c", "\"'\u2019\u201d"
# an apostrophe inside a quoted title ("the server's") is followed by a letter; a closing quote is not
_QUOTED = rf"(?:(?<![\w])[{_Q_OPEN}](?P<title>(?:[^{_Q_CLOSE}\n]|['\u2019](?=\w)){{2,80}}?)[{_Q_CLOSE}](?![\w]))"
_NUMBER = r"(?P<value>\d+(?:\.\d+)*|[A-Z](?:\.\d+)+)"
_ROMAN = r"[ivxlcdm]{1,7}|[IVXLCDM]{1,7}"
_NAMED = r"(?:called|titled|entitled|named|captioned|on|about)"
_UNQUOTED_TITLE = r"(?P<title>[A-Z][^?.,;:!]{1,60}?)(?=\s+(?:of|in|from)\s|[?.,;:!]|$)"

_PATTERNS: tuple[tuple[RefKind, bool, re.Pattern], ...] = (
    ("page", True, re.compile(r"\b(?:pdf|physical)\s+page\s+(?:no\.?\s*|number\s+)?(?P<value>\d{1,5})\b", re.I)),
    ("page", False, re.compile(rf"\b(?:page|p\.)\s*(?:no\.?\s*|number\s+)?"
                               rf"(?P<value>\d{{1,5}}|(?:{_ROMAN})|[A-Z]-\d{{1,4}})\b(?!\.\d)", re.I)),
    ("section", False, re.compile(rf"\b(?:section|chapter|sect\.|sec\.|\u00a7)\s*{_NUMBER}\b(?!\.\d)"
                                  rf"(?:\s*\((?P<title>[^)]{{2,80}})\))?", re.I)),
    ("section", False, re.compile(rf"\b(?:section|chapter)\s+(?:{_NAMED}\s+)?{_QUOTED}", re.I)),
    ("section", False, re.compile(rf"{_QUOTED}\s+(?:section|chapter)\b", re.I)),
    ("section", False, re.compile(rf"\b(?:section|chapter)\s+{_NAMED}\s+{_UNQUOTED_TITLE}", re.I)),
    ("table", False, re.compile(rf"\b(?:table|tab\.)\s*{_NUMBER}\b(?!\.\d)", re.I)),
    ("figure", False, re.compile(rf"\b(?:figure|fig\.)\s*{_NUMBER}\b(?!\.\d)", re.I)),
    ("table", False, re.compile(rf"\btable\s+(?:{_NAMED}\s+)?{_QUOTED}", re.I)),
    ("figure", False, re.compile(rf"\b(?:figure|picture|diagram)\s+(?:{_NAMED}\s+)?{_QUOTED}", re.I)),
    ("table", False, re.compile(rf"{_QUOTED}\s+table\b", re.I)),
    ("figure", False, re.compile(rf"{_QUOTED}\s+(?:figure|picture|diagram)\b", re.I)),
)
_VALID_ROMAN = re.compile(r"^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")


@dataclass(frozen=True)
class Reference:
    """A structural reference: what kind, its number or label (`value`), a title or caption
    (`title`), whether a page number is physical, and where it sits in the question."""

    kind: RefKind
    value: str = ""
    physical: bool = False
    title: str = ""
    span: tuple[int, int] = (0, 0)


def parse_reference(question: str) -> Reference | None:
    """The first structural reference in the question, or None."""
    best: Reference | None = None
    for kind, physical, pattern in _PATTERNS:
        for found in pattern.finditer(question):
            ref = _reference(kind, physical, found)
            if ref is None:
                continue
            if best is None or ref.span[0] < best.span[0]:
                best = ref
            break
    return best


def _reference(kind: RefKind, physical: bool, found: re.Match) -> Reference | None:
    """A Reference from a match, or None when the 'number' is not one (e.g. 'page dim')."""
    groups = found.groupdict()
    value = (groups.get("value") or "").strip()
    title = " ".join((groups.get("title") or "").split())
    if kind == "page" and not physical and value.isalpha() and not _VALID_ROMAN.match(value.lower()):
        return None
    if kind == "page" and not physical and value.isalpha() and value[0].isupper() and not value.isupper():
        return None  # 'page Mix': a word, not a numeral
    return Reference(kind, value, physical, title, found.span())


def without_reference(question: str, ref: Reference) -> str:
    """The question with the reference cut out (the rest may name the document)."""
    return question[:ref.span[0]] + " " + question[ref.span[1]:]
