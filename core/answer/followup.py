"""Follow-up questions: turn "and what is its default?" into a question that stands alone.

With an LLM, the last turns and the new question go to the model, which writes the
standalone question (one call, cached like any other). Without one, a question that leans
on the conversation (it starts with "and"/"what about", or refers back with "it", "its",
"that option" …, and names little itself) carries over the previous question's key terms
and its short answer: after "Which option of the ftp client reuses the TLS session?"
answered "tls_ctrl_session_reuse", "and what is its default?" becomes
"and what is its default? (tls_ctrl_session_reuse; option ftp client reuses TLS session)".

Example:
    >>> from core.types import Turn
    >>> earlier = [Turn("Which port does the TFTP daemon listen on?", "69 [1]")]
    >>> standalone("and what about the client?", earlier, llm=None).text
    'and what about the client? (69; port TFTP daemon listen)'
    >>> standalone("Which port does FTP use?", earlier, llm=None).rewritten
    False
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from core.answer.llm_protocol import ChatModel
from core.answer.prompts import standalone_question_prompt
from core.answer.terms import STOP, content_terms, stem, tokens
from core.types import Turn

_LEADING = re.compile(r"^\s*(?:and|but|so|also|then|ok(?:ay)?|what about|how about|and what about|and how about)\b",
                      re.IGNORECASE)
_BACK_REFERENCE = re.compile(r"\b(?:it|its|it's|that|this|these|those|they|them|their|there|he|she|his|her|"
                             r"the same|such|the former|the latter|above)\b", re.IGNORECASE)
_GENERIC = frozenset(stem(w) for w in "default value values type kind version option options setting "
                     "work works mean means use used happen happens do does one ones make makes give gives "
                     "let lets set sets turn turns take takes get gets return returns".split())
MAX_CARRIED = 8
MAX_TURNS = 3  # earlier turns shown to the LLM


@dataclass(frozen=True)
class Standalone:
    """The question to retrieve and answer with, whether it differs from the one asked,
    and the LLM calls/tokens the rewrite cost."""

    text: str
    rewritten: bool = False
    llm_calls: int = 0
    llm_tokens: int = 0


def leans_on_context(question: str) -> bool:
    """True when the question starts like a follow-up or refers back and names little itself."""
    specific = content_terms(question) - _GENERIC
    if len(specific) <= 1:
        return True
    return bool(_LEADING.search(question) or _BACK_REFERENCE.search(question)) and len(specific) <= 3


def short_answer(answer: str) -> str:
    """The first line of an earlier answer without citations, when it is short (<= 6 words)."""
    line = next((ln for ln in answer.splitlines() if ln.strip()), "")
    line = re.sub(r"\s*\[\d+\]", "", line).strip()
    return line if 0 < len(line.split()) <= 6 and not line.lower().startswith(("the evidence", "no passages")) else ""


def carried_terms(previous: str, question: str) -> list[str]:
    """Words of the previous question worth carrying: content words the new one lacks."""
    have = content_terms(question)
    out: list[str] = []
    for word in tokens(previous):
        low = stem(word)
        if word.lower() in STOP or low in have or low in _GENERIC or len(word) < 2:
            continue
        if low not in {stem(w) for w in out}:
            out.append(word)
    return out[:MAX_CARRIED]


def carry_over(question: str, history: Sequence[Turn]) -> Standalone:
    """The offline rewrite: the previous turn's short answer and key terms appended."""
    last = history[-1]
    previous = last.understood_as or last.question
    extra = [p for p in (short_answer(last.answer), " ".join(carried_terms(previous, question))) if p]
    if not extra:
        return Standalone(question)
    return Standalone(f"{question.strip()} ({'; '.join(extra)})", rewritten=True)


def _clean_reply(reply: str) -> str:
    """The first line of a rewrite reply without labels or quotes."""
    line = next((ln for ln in reply.splitlines() if ln.strip()), "")
    line = re.sub(r"^\s*(?:standalone question|rewritten question|question)\s*:\s*", "", line, flags=re.I)
    return line.strip().strip("\"'“”").strip()


def standalone(question: str, history: Sequence[Turn], llm: ChatModel | None) -> Standalone:
    """The standalone form of `question` given earlier turns (unchanged when it stands alone)."""
    if not history or not leans_on_context(question):
        return Standalone(question)
    if llm is None:
        return carry_over(question, history)
    prompt = standalone_question_prompt([(t.understood_as or t.question, t.answer) for t in history[-MAX_TURNS:]],
                                        question)
    reply = llm.chat(prompt.system, prompt.user, max_tokens=96)
    calls, tokens_used = int(not reply.cached), reply.tokens
    text = _clean_reply(reply.text)
    if not text.endswith("?") or len(text) > 4 * len(question) + 200:  # not a question: keep the offline rewrite
        fallback = carry_over(question, history)
        return Standalone(fallback.text, fallback.rewritten, calls, tokens_used)
    return Standalone(text, text.strip() != question.strip(), calls, tokens_used)
