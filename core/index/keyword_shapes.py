"""The `shapes` keyword mode: what spaCy's entities add to the capitalised spans, by shape.

On MuSiQue most of the entity recogniser's names that the capitalised spans miss are pieces
of longer spans or dates (benchmarks/INGEST_RESULTS.md, "The `shapes` mode"). This mode
finds those by regular expressions over the text and the span words, no model:

* a span broken at a bracket, quote, slash or spaced dash: "Tennessee (42)" gives
  "Tennessee", "Franjo Krežma (2 September 1862 – 15 June 1881)" gives "Franjo Krežma";
* the name after "of the" in a span: "the Representative of the Falkland Islands" gives
  "Falkland Islands" (not after a bare "of": "Hall of Fame", "House of Representatives");
* the capitalised head of a hyphenated word with a lower-case tail: "German-speaking";
* full dates, one form for both orders ("16 January 2013", "January 16, 2013": "16 january
  2013"), month and year ("March 1999"), and the years and decades outside them ("1949",
  "1920s");

and never a lone word of one or two letters (units and call signs: "°F", "1450 AM").

Example:
    >>> sorted(shape_phrases("Snow moved to Nashville in 1949, the Representative of the Falkland Islands."))
    ['1949', 'falkland islands', 'nashville', 'representative of the falkland islands', 'snow']
"""
from __future__ import annotations

import re
from typing import Callable

from core.index.keyword_spans import CONNECTORS, capitalised_spans, normalise as _normalise

_MONTH = r"(January|February|March|April|May|June|July|August|September|October|November|December)"
_DAY_MONTH_YEAR = re.compile(rf"\b(\d{{1,2}}) {_MONTH},? (\d{{4}})\b")
_MONTH_DAY_YEAR = re.compile(rf"\b{_MONTH} (\d{{1,2}}),? (\d{{4}})\b")
_MONTH_YEAR = re.compile(rf"(?<!\d )\b{_MONTH},? (\d{{4}})\b")
_YEAR = re.compile(r"(?<![\d,.$£€])\b(1\d{3}|20\d{2})(s?)\b(?![,.]\d)")
_BREAK = re.compile(r"\s*(?:[()\[\]{}/\"“”]|``|''|\s[–—]\s)\s*")
_HYPHEN_HEAD = re.compile(r"^([A-Z][\w'’]{2,})-[a-z]{3}")

Normalise = Callable[[str], str]


def shape_phrases(text: str, normalise: Normalise = _normalise) -> set[str]:
    """The normalised phrases the `shapes` mode adds to `text`'s capitalised spans."""
    masked = _BREAK.sub(", ", _mask_dates(text))
    out = {m.group(1) + m.group(2) for m in _YEAR.finditer(masked)} | _dates(text)
    for span in capitalised_spans(masked):
        for part in span_parts(span):
            if len(part) > 1 or len(part[0]) > 2:  # "F" of "32 °F", "AM" of "1450 AM": units
                out.add(normalise(" ".join(part)))
    return out - {""}


def span_parts(span: list[str]) -> list[list[str]]:
    """The span and its pieces: the capitalised head of each hyphenated word with a lower-case
    tail ("German-speaking"), and what follows the last "of the", without connectors at
    either end."""
    parts, current, words = [span], [], [w.lower() for w in span]
    after_of_the = "of" not in words  # no "of": the words after a hyphenated head are a piece
    for i, word in enumerate(span):
        head = _HYPHEN_HEAD.match(word)
        if head:
            parts += [current, [head.group(1)]]
            current = []
        elif words[i] == "of":
            current, after_of_the = [], i + 1 < len(span) and words[i + 1] == "the"
        elif current or words[i] != "the":
            current.append(word)
    if after_of_the:
        parts.append(current)
    return [p for p in map(_trim, parts[1:]) if p and p != span] + [span]


def _trim(words: list[str]) -> list[str]:
    start, end = 0, len(words)
    while start < end and words[start].lower() in CONNECTORS:
        start += 1
    while end > start and words[end - 1].lower() in CONNECTORS:
        end -= 1
    return words[start:end]


def _mask_dates(text: str) -> str:
    """`text` with its dates cut out, so that no span runs into one ("Krežma 2 September")."""
    for pattern in (_DAY_MONTH_YEAR, _MONTH_DAY_YEAR, _MONTH_YEAR):
        text = pattern.sub(", ", text)
    return text


def _dates(text: str) -> set[str]:
    """Full dates as "day month year" whatever their order, and "month year"."""
    found = {f"{int(d)} {m.lower()} {y}" for d, m, y in _DAY_MONTH_YEAR.findall(text)}
    found |= {f"{int(d)} {m.lower()} {y}" for m, d, y in _MONTH_DAY_YEAR.findall(text)}
    found |= {f"{m.lower()} {y}" for m, y in _MONTH_YEAR.findall(text)}
    return found
