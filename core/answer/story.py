"""The question's story weighs less when the reader ranks evidence sentences.

Users often say where they come from before they ask ("OpenSSH's sftp-server has never asked
me for a handle limit. What is the default max_handles of Erlang's ssh_sftpd?"). The reader
ranks sentences by the question's words they hold, so a sentence that tells the story back
("The default value is 0, which means that there is no upper limit.") can outrank the one
that answers the asking sentence ("The default value is 1000."). A story term is a content
word of the question that its asking sentence (`question.last_sentence`) does not use; the
reader counts its rarity weight times `ExtractiveReader.story_weight` in the ranking (the
decline rule's word tests read every word as before: `decline_preamble` sets a story aside
there by another test).

Example:
    >>> from core.answer.question import analyse_question
    >>> q = analyse_question("OpenSSH never asked me for a limit. What is the default max_handles?")
    >>> sorted(story_terms(q))
    ['asked', 'limit', 'never', 'openssh']
    >>> weighed(q, {"limit": 2.0, "default": 1.0}, 1.0, 0.5)["limit"]
    1.0
"""
from __future__ import annotations

import re

from core.answer.question import QuestionInfo, last_sentence
from core.answer.terms import content_terms

_POINTS_BACK = re.compile(r"\b(?:it|this|that|them|these|those)\b", re.IGNORECASE)


def story_terms(q: QuestionInfo) -> frozenset[str]:
    """The question's terms that only its story (the sentences besides the asking one) uses;
    none when the asking sentence has no term of its own ("Which one?": the story is all there is) or
    one and a word pointing back at the story ("How do I fix it?")."""
    asking = last_sentence(q.text)
    own = q.terms & content_terms(asking)
    if asking.strip() == q.text.strip() or not own or len(own) == 1 and _POINTS_BACK.search(asking):
        return frozenset()  # "I get an error about undefined yywrap(). How do I fix it?": the story is what is asked
    return frozenset(q.terms - content_terms(asking))


def weighed(q: QuestionInfo, weights: dict[str, float], floor: float, weight: float) -> dict[str, float]:
    """The rarity `weights` with each story term's weight (`floor` when it has none) times
    `weight`; `weights` itself when there is no story or `weight` is 1."""
    told = story_terms(q) if weight != 1.0 else frozenset()
    return {**weights, **{t: weight * weights.get(t, floor) for t in told}} if told else weights
