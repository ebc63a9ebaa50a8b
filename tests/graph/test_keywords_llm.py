"""Keyword extraction by an LLM (FOLIO_KEYWORDS=llm), through the real openai client."""
from __future__ import annotations

import pytest

from core.answer.llm import OpenAIChat
from core.config import GraphSettings, LLMSettings
from core.errors import ConfigError
from core.index.keywords import KeywordExtractor
from core.types import Chunk
from tests.answer.openai_stub import OpenAIStub


def test_llm_mode_needs_an_llm():
    with pytest.raises(ConfigError, match="needs an LLM"):
        KeywordExtractor(GraphSettings(keyword_mode="llm"), llm=None)


def test_llm_keywords_for_chunks_and_questions(tmp_path):
    replies = {"question": "Marlow Society, founder", "passage": "Edith Crane, Dunmore, 1901"}

    def reply(body):
        user = body["messages"][-1]["content"]
        return replies["question"] if 'kind="question"' in user else replies["passage"]

    with OpenAIStub(reply=reply) as stub:
        llm = OpenAIChat(LLMSettings(base_url=stub.url, model=stub.model, api_key="x"), cache_dir=tmp_path)
        extractor = KeywordExtractor(GraphSettings(keyword_mode="llm"), llm=llm)
        chunk = Chunk.create(doc_id="d", doc_title="Marlow Society", position=0,
                             text="The Marlow Society was started in 1901 by Edith Crane in Dunmore.")
        words = extractor.extract_chunks([chunk])[0]
        assert {"edith crane", "dunmore"} <= set(words) and "1901" not in words  # bare numbers are dropped
        words, calls, tokens = extractor.query_keywords("Who founded the Marlow Society?")
        assert {"marlow society", "founder"} <= set(words) and calls == 1 and tokens > 0
        assert llm.usage().calls == 2
        assert extractor.query_keywords("Who founded the Marlow Society?")[1:] == (0, 0)  # cached: free
