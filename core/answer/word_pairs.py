"""The question's word pairs in an evidence sentence: a sentence that says the question's phrases.

The reader ranks sentences by the question's words they hold, each word on its own. A sentence
that scatters those words ("For example, vertices 6 and 7 are equivalent since the
automorphism …") then often outranks the one that says the question's phrase and answers it
("The sets of equivalent vertices are called orbits"). A word pair is two content words next to
each other in the question once its stop words are dropped ("sets of equivalent vertices" →
set·equivalent, equivalent·vertice); the share of the question's pairs that a sentence also
writes next to each other, in the same order, measures how closely it follows the question's
wording (`pair_share`; a sentence sharing a single pair gets nothing: one pair such as
"relative path" is often chance). The reader adds `ExtractiveReader.pair_bonus` x that share
to a pool sentence's score (`paired_scores`), chosen leaving one of the twelve tuning sets out
(`benchmarks/answer_tuning/loso_pairs.py`): 0.2 on every fold, first-line hits 399 -> 403 of
656, no set lower by more than one. On the test sets (`benchmarks/answer_trust.py`, run once
with 0.2 and once with 0) it lost 3 first lines and gained none (new manuals 0.714 -> 0.700,
pdfqa-dev test half 0.625 -> 0.5625, second set unchanged), so the reader ships with
`pair_bonus` 0: the rule is kept, measured, to be switched on with `pair_bonus`.

Only the asking sentence of the question counts (`question.last_sentence`): a preamble's pairs
("In FEniCS I would keep the matrix …") say nothing about where the answer is.

Example:
    >>> sorted(word_pairs("What are the sets of equivalent vertices called?"))
    [('equivalent', 'vertice'), ('set', 'equivalent')]
    >>> pair_share(word_pairs("the sets of equivalent vertices"), "The sets of equivalent vertices are orbits.")
    1.0
    >>> pair_share(word_pairs("the sets of equivalent vertices"), "Vertices 6 and 7 are equivalent sets.")
    0.0
"""
from __future__ import annotations

from typing import Sequence

from core.answer.question import QuestionInfo, last_sentence
from core.answer.terms import STOP, stem, tokens
from core.answer.units import Unit

MIN_PAIRS = 2  # a sentence must write at least this many of the question's pairs (1 lost 2 yorick questions)


def _stems(text: str) -> list[str]:
    """The content words of `text` in order, stemmed (stop words and one-letter words dropped)."""
    out = []
    for word in tokens(text):
        s = stem(word)
        if word.lower() not in STOP and s not in STOP and len(s) >= 2:
            out.append(s)
    return out


def word_pairs(text: str) -> set[tuple[str, str]]:
    """Pairs of content words next to each other in `text` once its stop words are dropped."""
    words = _stems(text)
    return {(a, b) for a, b in zip(words, words[1:]) if a != b}


def pair_share(pairs: set[tuple[str, str]], text: str, least: int = MIN_PAIRS) -> float:
    """Share of `pairs` that `text` writes too; 0.0 when it writes fewer than `least` of them
    (one shared pair, "relative path", is often chance)."""
    shared = len(pairs & word_pairs(text))
    return shared / len(pairs) if pairs and shared >= least else 0.0


def paired_scores(q: QuestionInfo, pool: Sequence[Unit], scores: Sequence[float], bonus: float) -> list[float]:
    """The reader's pool scores, each plus `bonus` x the share of the asking sentence's word
    pairs its sentence writes (`bonus` 0: unchanged)."""
    pairs = word_pairs(last_sentence(q.text)) if bonus else set()
    if not pairs:
        return list(scores)
    return [s + bonus * pair_share(pairs, u.text) for u, s in zip(pool, scores)]
