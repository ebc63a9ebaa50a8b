"""The user's story around a question: words the decline rule's word tests set aside.

Users often tell where they come from before they ask, and the manual that answers never
tells that story: "Google Forms lets me add a survey question that gives no points. In AMC,
which command keeps a question out of the grading?" The words of the story ("google",
"forms", "survey", "points") are in no evidence passage, so they pulled the best word
support under the reader's floor and counted as unheard key words, and Folio declined a
question its library answers.

The story is every sentence but the asking one (`question.last_sentence`), before it or after
its question mark. Its words that no evidence passage holds (in any form: `Heard`) are set
aside by the word tests (support, unheard words, coverage), only when the asking sentence
itself names what it is about and the evidence names all of it (`decline.asked_names`: "AMC",
"Ghostscript's Link Cache"; a one-letter name, "C" of "a C function", says too little). A
question that names nothing but in its story ("I moved from LilyPond to Dorico. How do I add a
drum map there?") keeps every word: there the story is what the evidence must be about. The
names test reads the asking sentence alone already.

Example:
    >>> from core.answer.question import analyse_question
    >>> asked = "Google Forms has ungraded questions. In AMC, which command keeps a question out of grading?"
    >>> sorted(told_terms(analyse_question(asked), ["AMC: the QuestionIndicative command keeps a question out of grading."]))
    ['form', 'google', 'ungraded']
"""
from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from core.answer.decline import _forms, asked_names, unseen
from core.answer.decline_heard import Heard
from core.answer.question import QuestionInfo, last_sentence
from core.answer.terms import content_terms


def told_terms(q: QuestionInfo, texts: Sequence[str]) -> frozenset[str]:
    """The terms of `q` that only its story uses and no evidence text holds, when its asking
    sentence names something and every such name is in the evidence; empty otherwise."""
    asking = last_sentence(q.text)
    if asking.strip() == q.text.strip():
        return frozenset()
    story = q.terms - content_terms(asking)
    names = [n for n in asked_names(q.text) if len(n) > 1]  # "C" of "bind a C function" says too little
    if not story or not names or unseen(names, _forms(texts)):
        return frozenset()
    heard = Heard(texts)
    return frozenset(t for t in story if not heard.holds(t))


def without_story(q: QuestionInfo, texts: Sequence[str]) -> QuestionInfo:
    """`q` as the word tests read it: its told terms (`told_terms`) set aside; `q` itself
    when there are none, or when nothing else would be left."""
    told = told_terms(q, texts)
    return replace(q, terms=q.terms - told) if told and q.terms - told else q
