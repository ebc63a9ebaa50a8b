"""Whether the evidence "heard" a question's word: the same word, another of its family, or
the same compound written in one piece or two.

A manual rarely repeats the question's exact form: "replaced" / "Replacement", "decide" /
"decides", "band width" / "bandwidth", "filename" / "file name". The unheard-words rule
(`decline.unheard_terms`) counts a key word as heard when:

- the evidence holds it, or a word with the same Snowball (Porter 2) stem ("configuring" /
  "configuration": "configur");
- the evidence holds a word sharing a long beginning with it (≥ 5 letters and ≥ 80% of
  the shorter word: "replaced" / "replacement");
- two neighbouring question words make one evidence word ("band width" / "bandwidth"), or
  the word splits into two evidence words of three letters or more ("filename" / "file",
  "name");
- the evidence writes it inside code or across a hyphen (`written_forms`): "line" and
  "width" in "setLineWidth", "timeout" in "time-out" or in "time-" broken at a line's end.

An unheard word does not count in full (`term_weights`): a noun, name, number or code word
says what the question is about and counts 1; a lower-case verb, adjective or adverb says
how it is asked ("decide", "expect", "leave out", "inside") and a manual answers it in its
own words, so it counts `FRAMING_WEIGHT`.

Example:
    >>> heard = Heard(["Set the bandwidth. Replacement parts are listed by file name."])
    >>> [heard.holds(t) for t in ("replaced", "filenames", "parts")]
    [True, True, True]
    >>> heard.joined("band", "width"), heard.holds("oscilloscope")
    (True, False)
"""
from __future__ import annotations

import functools
import os
import re
from typing import Iterable

from core.answer import nlp
from core.answer.terms import content_terms, tokens

_CAMEL = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_LETTERS = re.compile(r"[A-Za-z]{4,}")
_HYPHENATED = re.compile(r"[A-Za-z]+(?:-\s*[A-Za-z]+)+")

FRAMING_WEIGHT = 0.5
_TOPICAL = frozenset({"NOUN", "PROPN", "NUM", "X", "SYM"})


@functools.cache
def _stemmer():
    """The English Snowball stemmer (PyStemmer, a dependency the keyword index already uses)."""
    import Stemmer

    return Stemmer.Stemmer("english")


@functools.lru_cache(maxsize=65536)  # asked again for the same evidence words, unit after unit (`decline_support`)
def snowball(word: str) -> str:
    """The Snowball stem of a lower-cased word ("configuring" -> "configur")."""
    return _stemmer().stemWord(word.lower())


def shared_beginning(term: str, word: str) -> bool:
    """Whether two words share a beginning of at least 5 letters that is most (80%) of the
    shorter one ("replaced" / "replacement", "statistician" / "statistical")."""
    if len(term) < 5:
        return False
    n = len(os.path.commonprefix((term, word)))
    return n >= 5 and n >= 0.8 * min(len(term), len(word))


class Heard:
    """The words of the evidence texts, their stems and their plain lower-cased forms."""

    def __init__(self, texts: Iterable[str]) -> None:
        self.terms: set[str] = set()
        self.plain: set[str] = set()
        texts = list(texts)
        for text in texts:
            self.terms |= content_terms(text)
            self.plain.update(w.lower() for w in tokens(text))
        self.plain |= written_forms("\n".join(texts))
        self.stems = {snowball(w) for w in self.terms | self.plain}

    def holds(self, term: str) -> bool:
        """Whether the evidence holds the term, a word of its family, or its two halves."""
        if term in self.terms or snowball(term) in self.stems or self._family(term):
            return True
        return any(self._has(term[:i]) and self._has(term[i:]) for i in range(4, len(term) - 3))

    def joined(self, first: str, second: str) -> bool:
        """Whether two neighbouring question words are one evidence word ("band width")."""
        return self._has(first + second)

    def _has(self, word: str) -> bool:
        return word in self.terms or word in self.plain or snowball(word) in self.stems

    def _family(self, term: str) -> bool:
        """A shared beginning of at least 5 letters that is most of the shorter word."""
        return any(shared_beginning(term, word) for word in self.terms)


def joined_pairs(question: str, heard: Heard) -> set[str]:
    """The question's lower-cased words that, with a neighbour, make one evidence word."""
    words = [w.lower() for w in tokens(question)]
    out: set[str] = set()
    for a, b in zip(words, words[1:]):
        if heard.joined(a, b):
            out.update((a, b))
    return out


def term_weights(question: str) -> dict[str, float]:
    """How much each content term of `question` counts when no evidence holds it: 1 for a
    word tagged noun, name, number or symbol, or written with a capital, digit or code
    sign; `FRAMING_WEIGHT` for a lower-case verb, adjective or adverb. A term of two
    words takes the larger weight; {} without the spaCy model (every term then counts 1)."""
    return dict(_term_weights(question))


@functools.lru_cache(maxsize=1024)  # asked again for each part of a question and each turn
def _term_weights(question: str) -> tuple[tuple[str, float], ...]:
    out: dict[str, float] = {}
    for tok in _tagged(question):
        plain = tok.text.isalpha() and tok.text.islower()
        weight = 1.0 if tok.pos_ in _TOPICAL or not plain else FRAMING_WEIGHT
        for term in content_terms(tok.text):
            out[term] = max(out.get(term, 0.0), weight)
    return tuple(sorted(out.items()))


def _tagged(text: str) -> list:
    """The tokens of `text` with their part of speech from the tagger alone (the parser
    and entity recogniser, most of the pipeline's time, are not run; they leave the tags
    as they are); [] without the model."""
    pipe = nlp.pipeline()
    if pipe is None:
        return []
    doc = pipe.make_doc(text)
    for name in ("tok2vec", "tagger", "attribute_ruler"):
        if name in pipe.pipe_names:
            doc = pipe.get_pipe(name)(doc)
    return list(doc)


def written_forms(text: str) -> set[str]:
    """Lower-cased words the text writes in another shape: the pieces (three letters or
    more) of camelCase words ("setLineWidth": "set", "line", "width"; "HTTPServer": "http",
    "server") and hyphenated words joined, also across a line break ("time-out",
    "time-\\nout": "timeout")."""
    out: set[str] = set()
    for word in set(_LETTERS.findall(text)):
        if not (word.islower() or word.isupper() or word.istitle()):  # mixed case: camelCase
            out.update(p.lower() for p in _CAMEL.findall(word) if len(p) >= 3)  # not "La", "Te" of "LaTeX"
    if "-" in text:
        out.update(re.sub(r"-\s*", "", w).lower() for w in _HYPHENATED.findall(text))
    return out
