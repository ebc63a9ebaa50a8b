"""How much of the question the answering sentence holds, read with the sentences around it.

The decline rule's last test (`decline.coverage`): the answering sentence, read with its
context (definition term, caption), the two sentences before it in its passage and the one
after, must hold enough of the question's key words, the rarer a word in the evidence the
more it counts. The one after: a step's sentence names what it does to, next ("the first
step is to break any cycles …" / "The next step assigns nodes to … levels": "What does dot
do first, before putting nodes on levels?"). Split from `reader`.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from core.answer.decline import coverage
from core.answer.question import QuestionInfo
from core.answer.same_words import asked_as
from core.answer.terms import content_terms, idf_weights
from core.answer.units import Unit


def sentence_coverage(q: QuestionInfo, unit: Unit, units: Sequence[Unit], same_words: bool = True) -> float:
    """Weighted key-word coverage of `unit` read with its neighbours among the evidence `units`;
    with `same_words`, a written "maximum" holds the asked "longest" here too, as in the ranking."""
    near = [u.text for u in units if u.number == unit.number and -1 <= unit.index - u.index <= 2
            and u.index != unit.index]
    weights = idf_weights([content_terms(u.text) | content_terms(u.context) for u in units])
    floor = float(np.median(list(weights.values()))) if weights else 1.0
    texts = [unit.text, unit.context, *near]
    if same_words:
        held = set().union(*(content_terms(t) for t in texts))
        texts.append(" ".join(sorted(asked_as(q.terms, held) - held)))
    return coverage(q, texts, weights, floor)
