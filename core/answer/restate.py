"""A sentence that restates the question, and the name line the reader quotes before it.

The sentence that shares most of the question's words often only restates it: a reference
manual's description ("Reads from an open file, without waiting for the result.") says in
other words what the user asked ("How do I read from a file without blocking?"), while the
answer, the name it describes, is the short line just before it ("aread(ChannelPid, Handle,
Len) -> {async, N} | Error"). Such a sentence holds few content words the question does not
already write (`restates`); the reader can quote it after that line (`read_back`, the
reader's `restate_back`, 0 by default).

Measured leaving one tuning set out (`benchmarks/answer_tuning/loso_restate.py`): 6 more
first lines of 592 with no tuning set lower, but on the test sets (answer_trust.py, once) one
question fewer on new-manuals and none more elsewhere, so it is off. Two rules for the answer
in a LATER sentence were measured there too and not kept: reading on from a restating
sentence into the next one, and scoring a restating sentence lower.

Example:
    >>> from core.answer.question import analyse_question
    >>> q = analyse_question("Which colour marks invalid answers on the scan?")
    >>> sorted(new_terms(q, "Invalid answers are marked on the scan by a colour."))
    ['marked']
    >>> restates(q, "Invalid answers are marked on the scan by a colour.", 3)
    True
"""
from __future__ import annotations

from dataclasses import replace

from core.answer.question import QuestionInfo
from core.answer.reading import Reading
from core.answer.terms import content_terms
from core.answer.units import Unit


def new_terms(q: QuestionInfo, text: str) -> set[str]:
    """The content words of `text` that the question does not write."""
    return content_terms(text) - set(q.terms)


def restates(q: QuestionInfo, text: str, most_new: int) -> bool:
    """Whether the sentence shares a word with the question and says at most `most_new`
    content words beyond it (< 0: never)."""
    return most_new >= 0 and bool(content_terms(text) & set(q.terms)) and len(new_terms(q, text)) <= most_new


def read_back(q: QuestionInfo, reading: Reading, unit: Unit, prev: Unit | None, most_new: int,
              words: int) -> Reading:
    """The answering sentence, when it restates the question (`restates`, at most `most_new`
    new words), read after the unit before it in its passage when that one has at most
    `words` words (0: never); the answer's mark moves with the sentence. Any other reading
    (one already read with a neighbour, a yes/no verdict) as it is."""
    if words <= 0 or prev is None or prev.number != unit.number or reading.sentence != unit.text \
            or reading.answer in ("Yes", "No") or len(prev.text.split()) > words \
            or not restates(q, unit.text, most_new):
        return reading
    head = prev.text.strip()
    shift = len(head) + 1
    mark = (reading.mark[0] + shift, reading.mark[1] + shift) if reading.mark else None
    return replace(reading, sentence=f"{head} {reading.sentence}", mark=mark)
