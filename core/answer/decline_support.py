"""The word support a decline is read from: how much of the question the best evidence unit holds.

The offline reader declines when no unit holds enough of the question's words (`min_support`).
Users ask in other forms of the manual's words: "try a random *starting* layout" of a guide
that writes "the graph attribute *start*", "at what threshold does the solver stop *iterating*"
of one that writes "on every *iteration*", "what do *statisticians* call …" of one that writes
"*statistic*". Counted by their exact forms, those words were missing from the very sentence
that answers, and the support fell just under the floor (debian-docs-4 and -6: 4 of 113
answerable questions declined by support alone).

A question word counts as held by a unit when the unit holds it, or an English word of its
family, as the unheard-words test reads a family (`decline_heard`): the same Snowball stem
("starting" / "start") or a long shared beginning ("statistician" / "statistic"). English:
a word of the embedding vocabulary or the lemma index (`decline.common_words`,
`lexicon.english_word`); another language's spelling of the word shares its stem and says
nothing of the question ("bibliography" / the BibTool manual's foreign "bibliographie" answered
"How do I set the page margins of the printed bibliography?"). Without the vocabulary and the
lemma index, words are held by their exact form only.

Only the support is read this way; the units' ranking still compares exact forms.

Example (with the packaged embedding model, whose vocabulary says which words are English):
    >>> sorted(held_terms({"starting", "iterating", "bibliography", "margin"}, {"start", "iteration", "bibliographie"}))
    ['iterating', 'starting']
"""
from __future__ import annotations

import functools
from typing import Sequence

import numpy as np

from core.answer.decline import common_words
from core.answer.decline_heard import shared_beginning, snowball
from core.answer.lexicon import english_word
from core.answer.terms import weighted_overlap


@functools.lru_cache(maxsize=65536)  # the same evidence words, unit after unit
def _english(word: str) -> bool:
    """A lower-case word of the embedding vocabulary or the spaCy lemma index."""
    return word in common_words() or english_word(word)


class Families:
    """Each asked term's English family words among a vocabulary (the evidence's terms), found
    once per question: a unit's held terms are then set operations (`held`), not a stem and
    prefix test of every word of every unit."""

    def __init__(self, asked: set[str], vocabulary: set[str]) -> None:
        self.asked = frozenset(asked)
        by_stem: dict[str, set[str]] = {}
        by_start: dict[str, set[str]] = {}  # a shared beginning is at least 5 letters long
        for w in vocabulary | self.asked:
            by_stem.setdefault(snowball(w), set()).add(w)
        for w in vocabulary:
            by_start.setdefault(w[:5], set()).add(w)
        self.same_stem = {t: {w for w in by_stem[snowball(t)] if w != t and _english(w)} for t in self.asked}
        self.beginning = {t: {w for w in by_start.get(t[:5], ()) if w != t and shared_beginning(t, w) and _english(w)}
                          for t in self.asked}

    def held(self, asked: set[str], terms: set[str]) -> set[str]:
        """The `asked` terms (a subset of the question's) that `terms` hold, as they are or in
        another English form: a word of the same Snowball stem that is not itself asked, or of a
        long shared beginning."""
        out = asked & terms
        other = terms - asked
        return out | {t for t in asked - out if self.same_stem[t] & other or self.beginning[t] & terms}


def held_terms(asked: set[str], terms: set[str]) -> set[str]:
    """The `asked` terms that `terms` hold, as they are or in another English form of the word
    (the same Snowball stem or a long shared beginning)."""
    return Families(asked, terms).held(asked, terms)


def word_support(asked: set[str], text_terms: Sequence[set[str]], context_terms: Sequence[set[str]],
                 weights: dict[str, float], floor: float) -> float:
    """The best unit's weighted share of the `asked` terms (its text counts in full, its
    context half), each held in any English form of the word (`held_terms`, with the families
    found once for all units); halved when the unit holds a single one (one shared word,
    "point" or "capital", is no evidence of an answer)."""
    terms = sorted(asked)
    families = Families(asked, set().union(*text_terms, *context_terms))
    best = 0.0
    for text, context in zip(text_terms, context_terms):
        in_text = families.held(asked, text)
        in_context = families.held(asked - in_text, context)  # a word the text holds counts once
        lexical = weighted_overlap(terms, in_text, weights, floor) + 0.5 * weighted_overlap(terms, in_context, weights, floor)
        best = max(best, float(np.clip(lexical, 0.0, 1.0)) * (1.0 if len(in_text | in_context) >= 2 else 0.5))
    return best
