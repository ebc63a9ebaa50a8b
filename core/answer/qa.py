"""Turn a retrieval result into an answer with numbered citations.

With an LLM, the evidence is sent fenced as data and the model cites passages as [n]. Without
one, the extractive reader quotes the best-matching evidence sentences. Either way, when the
evidence is too weak the answer says so (mode "unsupported") instead of guessing.

Example:
    >>> # result = library.retrieve("Who designed the bridge?", "hybrid", k=5)
    >>> # answer = answer_question(result.question, result, llm=None, embedder=embedder)
    >>> # answer.mode, answer.citations[0].label
    >>> # ('extractive', '[1] Bridges > History, p. 3')
"""
from __future__ import annotations

import re
import time
from dataclasses import replace
from typing import Callable, Literal, Sequence

from core.answer.decline_owner import documents_writing
from core.answer.followup import standalone
from core.answer.llm_protocol import ChatModel
from core.answer.prompts import NOT_IN_EVIDENCE, Evidence, answer_prompt
from core.answer.reader import UNSUPPORTED_TEXT, ExtractiveReader
from core.answer.support import checked_answer
from core.index.base import Embedder
from core.types import Answer, AnswerMode, Citation, RetrievalResult, ScoredChunk, Turn

NO_EVIDENCE_TEXT = "The documents do not say: no passage was retrieved for this question."
MAX_TOKENS = {"short": 256, "long": 768}
_CITE = re.compile(r"\[(\d+)\]")


def evidence_order(chunks: Sequence[ScoredChunk]) -> list[ScoredChunk]:
    """Retrieval order, except that chunks of one evidence chain stay together, in chain order.

    Chains appear where their first chunk was ranked; unchained chunks keep their own place.
    """
    groups: dict[object, list[ScoredChunk]] = {}
    for i, sc in enumerate(chunks):
        key = ("chain", sc.chain) if sc.chain is not None else ("single", i)
        groups.setdefault(key, []).append(sc)
    return [sc for group in groups.values() for sc in group]


def source_label(citation: Citation) -> str:
    """'Title > Chapter > Section, p. 4' for the prompt (the citation label without '[n]')."""
    return citation.label.split("] ", 1)[1]


def answer_question(
    question: str,
    result: RetrievalResult,
    llm: ChatModel | None,
    embedder: Embedder | None,
    *,
    mode: Literal["short", "long"] = "short",
    stream_to: Callable[[str], None] | None = None,
    max_evidence: int = 8,
    min_llm_support: float = 0.18,
    reader: ExtractiveReader | None = None,
    document_text: Callable[[str], str] | None = None,
) -> Answer:
    """Answer `question` from `result`'s evidence, citing passages as [n].

    `citations` lists every evidence passage shown to the reader or LLM, numbered in evidence
    order. Without an LLM the extractive reader answers. With one, evidence whose best
    sentence scores below `min_llm_support` is declared unsupported without calling it.
    `stream_to` receives the answer text as it is produced. `llm_calls`/`llm_tokens` count
    the whole ask: retrieval plus answer (cache hits are free). `document_text(doc_id)`: a
    document's whole text, for the decline rule's owners (`decline_owner`: "Erlang" of
    "Erlang's ftp" counts only where the evidence's manuals write it).
    """
    if mode not in MAX_TOKENS:
        raise ValueError(f"unknown answer mode {mode!r}; choose 'short' or 'long'")
    start = time.perf_counter()
    ordered = evidence_order(result.chunks)[: max(1, max_evidence)]
    citations = tuple(Citation(i + 1, sc.chunk) for i, sc in enumerate(ordered))
    reader = reader or ExtractiveReader(embedder)
    calls = tokens = 0
    if not citations:
        text, kind = NO_EVIDENCE_TEXT, "unsupported"
    else:
        titles = {c.chunk.doc_id: c.chunk.doc_title for c in citations}  # the names test's answering document
        written = documents_writing(document_text, titles, titles) if document_text else None
        found = reader.read(question, passages(citations), written)
        if llm is None:
            text, kind = found.render(), ("extractive" if found.supported else "unsupported")
        elif found.support < min_llm_support:
            text, kind = UNSUPPORTED_TEXT, "unsupported"
        else:
            text, kind, calls, tokens = _ask_llm(question, citations, ordered, llm, mode, stream_to)
    if stream_to is not None and (llm is None or kind == "unsupported"):
        stream_to(text)
    text, sentences = checked_answer(text, question, citations, embedder, generated=kind == "llm")
    return Answer(
        question=question,
        text=text,
        mode=kind,
        citations=citations,
        retrieval=result,
        llm_calls=result.llm_calls + calls,
        llm_tokens=result.llm_tokens + tokens,
        latency_ms=round((time.perf_counter() - start) * 1000.0, 2),
        sentences=sentences,
    )


def as_turn(turn: Turn | Answer | tuple | str) -> Turn:
    """An earlier turn from a Turn, an Answer, a (question, answer text) pair or a question."""
    if isinstance(turn, Turn):
        return turn
    if isinstance(turn, Answer):  # a rewrite retrieved with but not shown still says what was asked about
        hidden = turn.retrieval.question
        hidden = hidden if " ".join(hidden.lower().split()) != " ".join(turn.question.lower().split()) else ""
        return Turn(turn.question, turn.text, turn.understood_as or hidden)
    if isinstance(turn, str):
        return Turn(turn)
    return Turn(*[str(x) for x in turn][:3])


def answer_turn(
    question: str,
    retrieve: Callable[[str], RetrievalResult],
    llm: ChatModel | None,
    embedder: Embedder | None,
    *,
    mode: Literal["short", "long"] = "short",
    stream_to: Callable[[str], None] | None = None,
    history: Sequence[Turn | Answer | tuple | str] = (),
    document_text: Callable[[str], str] | None = None,
) -> Answer:
    """Answer one question of a conversation: a follow-up is first made standalone from
    `history` (core.answer.followup), then retrieved with `retrieve` and answered.

    The Answer keeps the question as asked; `understood_as` holds the standalone question
    when it differs and reads as a question a person would write; the rewrite's LLM calls and tokens are counted in.
    `document_text`: as for `answer_question`.
    """
    asked = standalone(question, [as_turn(t) for t in history], llm)
    answer = answer_question(asked.text, retrieve(asked.text), llm, embedder, mode=mode, stream_to=stream_to,
                             document_text=document_text)
    shown = asked.text if asked.rewritten and asked.readable else ""  # only a rewrite that reads as a question
    return replace(answer, question=question, understood_as=shown,
                   llm_calls=answer.llm_calls + asked.llm_calls, llm_tokens=answer.llm_tokens + asked.llm_tokens)


def _ask_llm(
    question: str,
    citations: Sequence[Citation],
    ordered: Sequence[ScoredChunk],
    llm: ChatModel,
    mode: Literal["short", "long"],
    stream_to: Callable[[str], None] | None,
) -> tuple[str, AnswerMode, int, int]:
    """One LLM answer: (text, mode, calls, tokens); the NOT_IN_EVIDENCE reply means unsupported."""
    evidence = [
        Evidence(c.number, source_label(c), c.chunk.text, sc.chain) for c, sc in zip(citations, ordered)
    ]
    prompt = answer_prompt(question, evidence, mode)
    if stream_to is None:
        reply = llm.chat(prompt.system, prompt.user, max_tokens=MAX_TOKENS[mode])
        raw, calls, tokens = reply.text, int(not reply.cached), reply.tokens
    else:  # a stream reports no cost itself: read the client's counters around it when it has them
        before = _usage(llm)
        raw = _stream(llm, prompt.system, prompt.user, MAX_TOKENS[mode], stream_to)
        after = _usage(llm)
        calls, tokens = (after.calls - before.calls, after.tokens - before.tokens) if before and after else (1, 0)
    text = _clean(raw, len(citations))
    if not text or text.startswith(NOT_IN_EVIDENCE):
        return UNSUPPORTED_TEXT, "unsupported", calls, tokens
    return text, "llm", calls, tokens


def passages(citations: Sequence[Citation]) -> list[tuple[int, str, str, str, int]]:
    """(number, text, document title, heading path below the title, number of the cited
    chunk that continues this one in its document or 0) per citation, for the reader."""
    at = {(c.chunk.doc_id, c.chunk.position): c.number for c in citations}
    out = []
    for c in citations:
        chunk = c.chunk
        heading = " > ".join(h for h in chunk.heading_path if h != chunk.doc_title)
        out.append((c.number, chunk.text, chunk.doc_title, heading, at.get((chunk.doc_id, chunk.position + 1), 0)))
    return out


def _usage(llm: ChatModel):
    """The client's usage counters when it keeps them (OpenAIChat does), else None."""
    usage = getattr(llm, "usage", None)
    return usage() if callable(usage) else None


def _stream(llm: ChatModel, system: str, user: str, max_tokens: int, sink: Callable[[str], None]) -> str:
    """Stream the reply to `sink`, holding it back while it could still be NOT_IN_EVIDENCE."""
    pieces: list[str] = []
    flowing = False
    for piece in llm.stream(system, user, max_tokens=max_tokens):
        pieces.append(piece)
        if flowing:
            sink(piece)
        elif not NOT_IN_EVIDENCE.startswith("".join(pieces).strip()[: len(NOT_IN_EVIDENCE)]):
            flowing = True
            sink("".join(pieces).lstrip())
    return "".join(pieces)


def _clean(text: str, count: int) -> str:
    """Trim the reply and drop citation numbers that point at no evidence passage."""
    text = _CITE.sub(lambda m: m.group(0) if 1 <= int(m.group(1)) <= count else "", text.strip())
    return text.strip()
