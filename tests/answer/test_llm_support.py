"""The support check on a real model's answer (marker: llm): every sentence of a generated
answer gets a verdict, and an invented sentence that the test inserts into the model's reply
is flagged "not in the cited pages" and counted in the footer, while a sentence the evidence
supports, inserted beside it, is not (the test model, the pretrained Gemma 3 270M, often
replies nothing to this prompt: the supported one makes sure the flag is not on everything)."""
from __future__ import annotations

import pytest

from core.answer.llm import OpenAIChat
from core.answer.llm_protocol import LLMReply
from core.answer.qa import answer_question
from core.answer.sentences import split_answer
from core.answer.support import FLAG
from core.cli.render import answer_text
from core.config import LLMSettings
from core.types import Chunk, RetrievalResult, ScoredChunk
from tests.answer.conftest import needs_llama
from tests.answer.llama_server import MODEL_ALIAS
from tests.test_cli import CORPUS

pytestmark = [pytest.mark.llm, pytest.mark.slow, needs_llama]
INVENTED = "Charles Babbage built the Analytical Engine out of glass in Lisbon in 1912 [1]."
SUPPORTED = "Charles Babbage designed the Analytical Engine, a mechanical computer [1]."


class Inserting:
    """The real client, with INVENTED put after the first sentence of every reply and SUPPORTED
    at its end (a reply of NOT_IN_EVIDENCE or nothing becomes the two alone)."""

    def __init__(self, inner: OpenAIChat):
        self.inner, self.model = inner, inner.model

    def chat(self, system: str, user: str, *, max_tokens: int = 256) -> LLMReply:
        """The model's reply with the two sentences inserted."""
        reply = self.inner.chat(system, user, max_tokens=max_tokens)
        first, *rest = [s for s, _ in split_answer(reply.text)] or [""]
        own = [first] if first and not first.startswith("NOT_IN") else []
        text = " ".join([*own, INVENTED, *(rest if own else []), SUPPORTED])
        return LLMReply(text, reply.tokens, reply.cached)

    def stream(self, system: str, user: str, *, max_tokens: int = 512):
        """Not used: the test asks without streaming."""
        raise AssertionError("not streamed")


def test_real_model_answer_sentences_get_verdicts_and_the_inserted_one_is_flagged(llama_url, tmp_path, embedder):
    chunks = tuple(ScoredChunk(Chunk.create(doc_id=r["title"], doc_title=r["title"], text=r["text"], position=i),
                               1.0 - i / 10) for i, r in enumerate(sorted(CORPUS, key=lambda r: r["id"] != "b1")))
    result = RetrievalResult("Who designed the Analytical Engine?", "dense", chunks)
    llm = OpenAIChat(LLMSettings(base_url=llama_url, api_key="none", model=MODEL_ALIAS, merge_system=True,
                                 timeout_s=300),
                     cache_dir=tmp_path / "cache")
    answer = answer_question(result.question, result, Inserting(llm), embedder)
    assert answer.mode == "llm" and answer.llm_calls == 1
    assert answer.sentences and all(s.verdict in ("supported", "partly", "not_found") for s in answer.sentences)
    assert all(s.citations and s.span_text and s.chunk_id for s in answer.sentences)
    invented = next(s for s in answer.sentences if s.text == INVENTED)
    assert invented.verdict == "not_found" and invented.chunk_id == chunks[0].chunk.chunk_id
    assert next(s for s in answer.sentences if s.text == SUPPORTED).verdict == "supported"
    assert f"{INVENTED} {FLAG}" in answer.text
    flagged = [s for s in answer.sentences if s.verdict == "not_found"]
    assert answer.text.count(FLAG) == len(flagged)  # every not-found sentence flagged, none else
    footer = answer_text(answer).splitlines()[-1]  # the cost line the CLI prints (Chat's caption has the same note)
    assert f"{len(flagged)} of {len(answer.sentences)} sentence" in footer and "not in the cited pages" in footer
