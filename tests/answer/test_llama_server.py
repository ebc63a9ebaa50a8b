"""Folio's LLM path against a real llama.cpp server running Gemma 3 270M (marker: llm)."""
from __future__ import annotations

import pytest

from core.answer.llm import OpenAIChat
from core.answer.qa import answer_question
from core.config import LLMSettings
from core.ingest.llm_format import LLMMarkdownFormatter
from core.types import Chunk, RetrievalResult, ScoredChunk
from tests.answer.conftest import needs_llama

pytestmark = [pytest.mark.llm, pytest.mark.slow, needs_llama]


@pytest.fixture
def llm(llama_url, tmp_path):
    from tests.answer.llama_server import MODEL_ALIAS

    return OpenAIChat(LLMSettings(base_url=llama_url, model=MODEL_ALIAS, timeout_s=300), cache_dir=tmp_path / "cache",
                      merge_system=True)  # llama.cpp's "gemma" format drops system turns


def _result() -> RetrievalResult:
    texts = ["The Golden Gate Bridge opened to traffic on May 27, 1937.",
             "Joseph Strauss was the chief engineer of the Golden Gate Bridge."]
    chunks = tuple(
        ScoredChunk(Chunk.create(doc_id="b", doc_title="Bridges", text=t, position=i,
                                 heading_path=("Bridges", "History"), page_start=i + 1, page_end=i + 1), 1.0)
        for i, t in enumerate(texts))
    return RetrievalResult("q", "dense", chunks)


def test_chat_models_and_cache(llm):
    assert "gemma3-270m" in llm.models()
    first = llm.chat("Reply with one word.", "What colour is the sky on a clear day?", max_tokens=8)
    assert first.text and first.tokens > 0 and not first.cached
    again = llm.chat("Reply with one word.", "What colour is the sky on a clear day?", max_tokens=8)
    assert again.cached and again.text == first.text and llm.usage().calls == 1


def test_stream(llm):
    pieces = list(llm.stream("Reply briefly.", "Name three colours.", max_tokens=24))
    assert len(pieces) >= 2 and "".join(pieces).strip()
    assert llm.usage().calls == 1


def test_answer_with_real_model(llm, embedder):
    seen: list[str] = []
    answer = answer_question("When did the Golden Gate Bridge open?", _result(), llm, embedder, stream_to=seen.append)
    assert answer.mode in ("llm", "unsupported") and answer.text
    assert answer.llm_calls == 1 and answer.llm_tokens > 0
    assert [c.label for c in answer.citations] == ["[1] Bridges > History, p. 1", "[2] Bridges > History, p. 2"]
    if answer.mode == "llm":
        assert "".join(seen).strip() == answer.text
    again = answer_question("When did the Golden Gate Bridge open?", _result(), llm, embedder)
    assert again.text == answer.text and again.llm_calls == 0


def test_unrelated_question_is_unsupported_without_a_call(llm, embedder):
    answer = answer_question("What is the boiling point of mercury?", _result(), llm, embedder)
    assert answer.mode == "unsupported" and llm.usage().calls == 0


def test_markdown_formatter_with_real_model(llm):
    pages = ["1 Introduction\nThis manual explains the tool.", "2 Usage\nRun the tool with a file name."]
    out = LLMMarkdownFormatter(llm, window=1, padding=0, max_tokens=40).format(pages)
    assert out.llm_calls == 2 and len(out.windows) == 2
    assert out.windows[0].startswith("<!-- page 1 -->") and out.windows[1].startswith("<!-- page 2 -->")


def test_follow_up_rewrite_with_real_model(llm):
    from core.answer.followup import standalone
    from core.types import Turn

    earlier = [Turn("Which option makes the FTP data connection reuse the TLS session?", "tls_ctrl_session_reuse [1]")]
    first = standalone("and what is its default?", earlier, llm)
    assert first.text.strip() and first.llm_calls == 1 and first.llm_tokens > 0
    again = standalone("and what is its default?", earlier, llm)
    assert again.text == first.text and again.llm_calls == 0  # the rewrite is cached like any call
