"""Follow-up questions: turn "and how do I quit it?" into a question that stands alone.

Only earlier *questions* are read (their standalone forms), never earlier answers: an answer
may be wrong, and its words would steer retrieval. A question that does not lean on the
conversation (no "and …", "what about …", "it"/"its"/"that option", or a verb of its own)
starts fresh and is never rewritten. With an LLM, the model writes the standalone question
from the earlier questions (one call, cached like any other); without one, or when the
model's reply is not a question, the rule-based rewrite of `rewrite` does. `readable` says
whether the rewrite reads as a question a person would write: only then is it shown as
"understood as"; a botched rewrite (core.answer.readable) is retrieved with but not shown, and
with no rewrite the question is retrieved with the earlier subject added (not shown either).

Example:
    >>> from core.types import Turn
    >>> standalone("and how do I quit it?", [Turn("How do I start R?", "“… typing R …” [1]")], llm=None).text
    'How do I quit R?'
    >>> standalone("Which port does FTP use?", [Turn("How do I start R?")], llm=None).rewritten
    False
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from core.answer.beyond import asks_beyond, continues_action, done_again, one_stands_for
from core.answer.llm_protocol import ChatModel
from core.answer.prompts import standalone_question_prompt
from core.answer.fresh import (after_connector, asks_in_full, dislocated, names_own_subject, resolved_inside,
                               leans_only_on_wording, specific_topic, whole_request)
from core.answer.ellipsis import is_fragment
from core.answer.ellipsis_clause import borrowed_action, fronted_wh, name_for_place, other_adverb
from core.answer.fresh_forward import fronted_clause
from core.answer.fresh_words import numeral_one, owned_about, relative_only
from core.answer.fresh_after import another_setting, generic_they, nothing_to_lend, own_action
from core.answer.phrases import asks_which_one
from core.answer.readable import botched
from core.answer.rewrite import leans_on_context, reads_as_question, rewrite, subject_of
from core.types import Turn

MAX_TURNS = 3  # earlier questions shown to the LLM


@dataclass(frozen=True)
class Standalone:
    """The question to retrieve and answer with, whether it differs from the one asked,
    and the LLM calls/tokens the rewrite cost."""

    text: str
    rewritten: bool = False
    llm_calls: int = 0
    llm_tokens: int = 0
    readable: bool = True  # a question a person would write (shown as "understood as")


def earlier_questions(history: Sequence[Turn]) -> list[str]:
    """The standalone form of each earlier question, oldest first."""
    return [t.understood_as or t.question for t in history if (t.understood_as or t.question).strip()]


def offline(question: str, history: Sequence[Turn]) -> Standalone:
    """The rule-based rewrite against the latest earlier question that has a subject; when no
    rewrite reads as a question, the question with that subject added (not shown)."""
    for earlier in reversed(earlier_questions(history)):
        elided = (borrowed_action(question, earlier) or other_adverb(question, earlier)  # "and why would I?"
                  or name_for_place(question, earlier) or fronted_wh(question, earlier))  # "in which version?"
        text = elided if reads_as_question(elided, question) else rewrite(question, earlier)
        if text:  # a botched one is retrieved with but not shown (core.answer.readable)
            return Standalone(text, rewritten=True, readable=not botched(text, question, earlier))
        subject = subject_of(earlier)
        if subject:
            return Standalone(f"{question.strip()} {subject}", rewritten=True, readable=False)
    return Standalone(question)


def _clean_reply(reply: str) -> str:
    """The first line of a rewrite reply without labels or quotes."""
    line = next((ln for ln in reply.splitlines() if ln.strip()), "")
    line = re.sub(r"^\s*(?:standalone question|rewritten question|rewritten|question)\s*:\s*", "", line, flags=re.I)
    return line.strip().strip("\"'“”").strip()


def starts_fresh(question: str) -> bool:
    """A question that looks like a follow-up but names its own subject (core.answer.fresh)."""
    rules = (asks_in_full, resolved_inside, names_own_subject, dislocated, after_connector, whole_request,
             specific_topic, leans_only_on_wording, relative_only, fronted_clause, owned_about)
    return any(rule(question) for rule in rules)


def fresh_after(question: str, earlier: str) -> bool:
    """A question the earlier one has nothing to lend to (core.answer.fresh_after)."""
    return (another_setting(question, earlier) or nothing_to_lend(question, earlier) or generic_they(question, earlier)
            or own_action(question, earlier))


def standalone(question: str, history: Sequence[Turn], llm: ChatModel | None) -> Standalone:
    """The standalone form of `question` given earlier turns (unchanged when it stands alone).
    A first question is returned as it is before any test reads it: the tests parse it with
    spaCy, whose load is most of a one-question `ask` (4.7 s of 15 s, profiled)."""
    if not history:
        return Standalone(question)
    earlier = earlier_questions(history)[-1]
    fragment = is_fragment(question)  # "and with the bundled zlib?": the tagger may find a verb and a name in it
    again = bool(done_again(question, earlier))  # "Is it possible to do so from Emacs?": "do so" points back
    leans = (fragment or again or leans_on_context(question) or asks_which_one(question) or asks_beyond(question)
             or continues_action(question) or (bool(one_stands_for(question, earlier)) and not numeral_one(question)))
    pointing = fragment or again
    if not leans or (starts_fresh(question) and not pointing) or fresh_after(question, earlier):
        return Standalone(question)
    if llm is None:
        return offline(question, history)
    prompt = standalone_question_prompt(earlier_questions(history)[-MAX_TURNS:], question)
    reply = llm.chat(prompt.system, prompt.user, max_tokens=96)
    calls, tokens_used = int(not reply.cached), reply.tokens
    text = _clean_reply(reply.text)
    if not reads_as_question(text, "") or len(text) > 4 * len(question) + 200:  # keep the offline rewrite
        fallback = offline(question, history)
        return Standalone(fallback.text, fallback.rewritten, calls, tokens_used, fallback.readable)
    return Standalone(text, text.strip() != question.strip(), calls, tokens_used)
