"""The word support a decline is read from: how much of the question the best evidence unit holds.

The offline reader declines when no unit holds enough of the question's words (`min_support`).
Users ask in other forms of the manual's words: "try a random *starting* layout" of a guide
that writes "the graph attribute *start*", "at what threshold does the solver stop *iterating*"
of one that writes "on every *iteration*", "pull only the *references* my paper cites" of one
that writes "*referencing*". Counted by their exact forms, those words were missing from the very
sentence that answers, and the support fell just under the floor (debian-docs-4 and -6: 3 of 113
answerable questions declined by support alone).

A word of the asking sentence counts as held by a unit when the unit holds it or a word of its
family, as the unheard-words test reads it (`decline_heard`): the same Snowball stem
("starting" / "start") or a long shared beginning ("statisticians" / "statistical"). The story
told before the question (`question.last_sentence`) keeps its exact forms: "I moved my engraving
from LilyPond to Dorico. How do I add a drum map there?" is held by a LilyPond manual's "moving"
and "engraver", which say nothing of the drum map asked about (an unanswerable tuning question
that the family of every word answered).

Only the support is read this way; the units' ranking still compares exact forms.

Example:
    >>> weights = {"start": 1.0, "layout": 1.0}
    >>> round(word_support({"starting", "layout"}, [{"start", "layout"}], [set()], weights, 1.0), 2)
    1.0
    >>> round(word_support({"starting", "layout"}, [{"start", "layout"}], [set()], weights, 1.0, {"layout"}), 2)
    0.25
"""
from __future__ import annotations

from typing import Collection, Sequence

import numpy as np

from core.answer.decline_heard import shared_beginning, snowball
from core.answer.terms import weighted_overlap


def held_terms(asked: set[str], terms: set[str], inflected: Collection[str] | None = None) -> set[str]:
    """The `asked` terms that `terms` hold, as they are or (those of `inflected`, all when None)
    in another form of the word: the same Snowball stem or a long shared beginning."""
    stems = {snowball(w) for w in terms}
    return {t for t in asked if t in terms or ((inflected is None or t in inflected) and (
        snowball(t) in stems or any(shared_beginning(t, w) for w in terms)))}


def word_support(asked: set[str], text_terms: Sequence[set[str]], context_terms: Sequence[set[str]],
                 weights: dict[str, float], floor: float, inflected: Collection[str] | None = None) -> float:
    """The best unit's weighted share of the `asked` terms (its text counts in full, its
    context half), the `inflected` ones (the asking sentence's; all when None) held in any form
    of the word (`held_terms`); halved when the unit holds a single one (one shared word,
    "point" or "capital", is no evidence of an answer)."""
    terms = sorted(asked)
    best = 0.0
    for text, context in zip(text_terms, context_terms):
        in_text = held_terms(asked, text, inflected)
        in_context = held_terms(asked - in_text, context, inflected)  # a word the text holds counts once
        lexical = weighted_overlap(terms, in_text, weights, floor) + 0.5 * weighted_overlap(terms, in_context, weights, floor)
        best = max(best, float(np.clip(lexical, 0.0, 1.0)) * (1.0 if len(in_text | in_context) >= 2 else 0.5))
    return best
