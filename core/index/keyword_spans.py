"""Capitalised spans and phrase normalisation: the model-free part of every keyword mode.

`capitalised_spans` finds runs of capitalised words (connectors such as "of" allowed
inside); `normalise` is the one form every keyword and mention key is stored in. Both are
used by core/index/keywords.py (every mode) and core/index/keyword_shapes.py.

Example:
    >>> [" ".join(s) for s in capitalised_spans("He joined the Royal Society of London in 1660.")]
    ['Royal Society of London']
    >>> normalise("The Beatles's album (disambiguation)")
    'beatles album'
"""
from __future__ import annotations

import re

CONNECTORS = frozenset({"of", "the", "de", "del", "la", "le", "von", "van", "du", "des",
                        "da", "di", "&", "y", "el"})  # allowed inside a span, never at its ends
_LEADING = frozenset({"the", "a", "an", "this", "that", "these", "those", "his", "her", "its",
                      "their", "our", "my", "in", "on", "at", "by", "for", "from", "with", "as",
                      "after", "before", "during", "when", "while", "since", "until", "if",
                      "it", "he", "she", "they", "we", "i", "there", "what", "which", "who",
                      "how", "where", "why", "is", "was", "are", "were", "did", "does", "do"})
_TOKEN = re.compile(r"[A-Za-z0-9À-ÖØ-öø-ÿ][\w'’.\-À-ÖØ-öø-ÿ]*|&")
_PAREN = re.compile(r"\s*\([^)]*\)\s*$")


def normalise(text: str) -> str:
    """Lower-case a phrase, drop a trailing '(disambiguation)', articles and possessives."""
    text = _PAREN.sub("", text).replace("’", "'")
    words = [w.strip(".,;:'\"") for w in text.lower().split()]
    words = [w[:-2] if w.endswith("'s") else w for w in words if w]
    while words and words[0] in ("the", "a", "an"):
        words = words[1:]
    return " ".join(words)


def capitalised_spans(text: str) -> list[list[str]]:
    """Runs of capitalised words (connectors such as 'of' allowed inside), as word lists."""
    spans: list[list[str]] = []
    current: list[str] = []
    for match in _TOKEN.finditer(text):
        raw = match.group(0)
        word = raw.rstrip(".'’")
        if word and (word[0].isupper() or word[0].isdigit() and current):
            current.append(word)
        elif current and word.lower() in CONNECTORS:
            current.append(word)
        else:
            spans.append(current)
            current = []
        sentence_end = raw.endswith(".") and len(word) > 2
        if sentence_end or match.end() < len(text) and text[match.end()] in ",;:()\"!?":
            spans.append(current)
            current = []
    spans.append(current)
    out = []
    for span in spans:
        while span and (span[-1].lower() in CONNECTORS):
            span = span[:-1]
        while span and span[0].lower() in _LEADING:
            span = span[1:]
        if span:
            out.append(span)
    return out
