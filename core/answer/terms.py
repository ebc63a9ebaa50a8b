"""Words of questions and evidence: tokens, content terms, and rarity weights.

A term is a lower-cased word without stop words, with a plural 's' trimmed. Code-like words
keep their whole form and also give their parts ("ssh:stop_listener/1" gives
"ssh:stop_listener/1", "ssh", "stop_listener", "stop", "listener"), so a question that names
"stop_listener" finds the line that writes it in full.

Example:
    >>> sorted(content_terms("Which call stops the ssh:stop_listener/1 daemons?"))
    ['call', 'daemon', 'listener', 'ssh', 'ssh:stop_listener/1', 'stop', 'stop_listener']
    >>> idf_weights([{"a", "b"}, {"a"}])["b"] > idf_weights([{"a", "b"}, {"a"}])["a"]
    True
"""
from __future__ import annotations

import functools
import math
import re
from typing import Iterable, Sequence

WORD = re.compile(r"[A-Za-z0-9]+(?:['’.-][A-Za-z0-9]+)*")
_CODEISH = re.compile(r"[\w\\#@$%-][\w\\#@$%:./=+-]*[\w)]|\w")
STOP = frozenset(
    "a an and are as at be been being but by can could did do does for from had has have how i if in "
    "into is it its itself may might more most much of on or our shall should so such than that the "
    "their them then there these they this those to was we were what when where which who whom whose "
    "why will with would you your about after before between both during each few other over same "
    "under until up very any all also not no nor only own too just per via name named called tell "
    "me give list describe explain my let lets one i'm don't doesn't unless otherwise because although though "
    "whereas while since except".split()
)


def tokens(text: str) -> list[str]:
    """Plain words (letters, digits, inner apostrophes, dots and hyphens), in order."""
    return WORD.findall(text)


@functools.lru_cache(maxsize=65536)  # a pure function called ~10,000 times per answer on few distinct words
def stem(word: str) -> str:
    """A light stemmer: lower case, a possessive or plural 's' trimmed ('options' -> 'option'),
    dots dropped between a letter and a digit ('X.509' -> 'x509')."""
    plural = word.endswith("s")  # a capital S ends an acronym ("littleCMS"), not a plural
    word = re.sub(r"(?<=[a-z])\.(?=\d)", "", re.sub(r"['’]s?$", "", word.lower()))
    return word[:-1] if plural and len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) else word


def _parts(token: str) -> list[str]:
    """A code-like token and its pieces split at punctuation and underscores."""
    whole = token.strip("-\\#:")
    pieces = [p for p in re.split(r"[^A-Za-z0-9_]+", whole) if p]
    subparts = [s for p in pieces if "_" in p for s in p.split("_") if s]
    return [whole, *pieces, *subparts]


def content_terms(text: str) -> set[str]:
    """Lower-cased content words of `text` (stop words dropped), code tokens with their parts."""
    return set(_content_terms(text))  # a copy: callers add to and subtract from their set


@functools.lru_cache(maxsize=4096)  # the reader asks again for the same units' terms, per question and per turn
def _content_terms(text: str) -> frozenset[str]:
    out: set[str] = set()
    for word in tokens(text):
        pieces = [word, *word.split("-")] if "-" in word.strip("-") else [word]
        stems = (stem(p) for p in pieces if p.lower() not in STOP and len(p) >= 2)
        out.update(s for s in stems if s not in STOP)
    for token in _CODEISH.findall(text):
        if re.search(r"[_:/=\\]|[a-z][A-Z]|^-", token):
            out.update(stem(p) for p in _parts(token) if len(p) >= 2 and p.lower() not in STOP)
    return frozenset(out)


def idf_weights(term_sets: Sequence[set[str]]) -> dict[str, float]:
    """Inverse document frequency of each term over the given sets: log(1 + N / df)."""
    df: dict[str, int] = {}
    for terms in term_sets:
        for t in terms:
            df[t] = df.get(t, 0) + 1
    n = max(1, len(term_sets))
    return {t: math.log(1.0 + n / d) for t, d in df.items()}


def weighted_overlap(query: Iterable[str], found: set[str], weights: dict[str, float], floor: float) -> float:
    """Share of the query's weight found: sum of weights of query terms in `found` / total.

    Terms absent from every candidate get the `floor` weight (they cannot tell candidates
    apart, but still count against a candidate that lacks them)."""
    query = list(query)
    if not query:
        return 0.0
    total = sum(weights.get(t, floor) for t in query)
    got = sum(weights.get(t, floor) for t in query if t in found)
    return got / total if total else 0.0


def unit_overlap(query: Sequence[str], text_terms: Sequence[set[str]], context_terms: Sequence[set[str]],
                 weights: dict[str, float], floor: float) -> list[float]:
    """Per unit: the weighted share of the query found in its text, plus half that found in its context."""
    return [weighted_overlap(query, t, weights, floor) + 0.5 * weighted_overlap(query, c, weights, floor)
            for t, c in zip(text_terms, context_terms)]
