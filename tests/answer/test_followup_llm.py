"""Follow-up rewrite with the local llama.cpp model of the test suite (Gemma 3 270M; marker: llm)."""
from __future__ import annotations

import pytest

from core.answer.followup import standalone
from core.answer.llm import OpenAIChat
from core.answer.rewrite import reads_as_question
from core.config import LLMSettings
from core.types import Turn
from tests.answer.conftest import needs_llama

pytestmark = [pytest.mark.llm, pytest.mark.slow, needs_llama]

EARLIER = [Turn("What is the default PNG resolution of LilyPond?", "“Set resolution for PNG pixmaps. Default: 101.” [1]")]


@pytest.fixture
def llm(llama_url, tmp_path):
    from tests.answer.llama_server import MODEL_ALIAS

    return OpenAIChat(LLMSettings(base_url=llama_url, model=MODEL_ALIAS, timeout_s=300), cache_dir=tmp_path / "cache",
                      merge_system=True)  # llama.cpp's "gemma" format drops system turns


def test_the_model_rewrites_a_follow_up_into_a_question(llm):
    out = standalone("how do I change it?", EARLIER, llm)
    assert out.llm_calls == 1 and out.llm_tokens > 0 and out.rewritten
    assert reads_as_question(out.text, "how do I change it?")  # the model's question, else the offline rewrite
    assert "101" not in out.text and "pixmaps" not in out.text  # the earlier answer is never sent


def test_a_self_contained_question_costs_no_call(llm):
    out = standalone("Which port does the Erlang TFTP daemon listen on?", EARLIER, llm)
    assert (out.text, out.rewritten, out.llm_calls) == ("Which port does the Erlang TFTP daemon listen on?", False, 0)
    assert llm.usage().calls == 0
