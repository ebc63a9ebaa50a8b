"""OpenAIChat against a real local HTTP server through the real openai client."""
from __future__ import annotations

from pathlib import Path

import pytest

from core.answer.llm import OpenAIChat, make_llm
from core.config import LLMSettings, Settings
from core.errors import LLMError
from tests.answer.openai_stub import OpenAIStub, Scripted
from tests.servers import free_port


def _llm(url: str, tmp_path: Path, **kw) -> OpenAIChat:
    settings = LLMSettings(base_url=url, model=kw.pop("model", "stub-model"), **kw)
    return OpenAIChat(settings, cache_dir=tmp_path / "llm-cache", backoff_s=0.01)


def test_chat_returns_text_tokens_and_counts(tmp_path):
    with OpenAIStub(reply=lambda body: "Paris") as stub:
        llm = _llm(stub.url, tmp_path)
        reply = llm.chat("rules", "data", max_tokens=7)
        assert (reply.text, reply.tokens, reply.cached) == ("Paris", 15, False)
        sent = stub.chat_requests[0]
        assert sent["messages"] == [{"role": "system", "content": "rules"}, {"role": "user", "content": "data"}]
        assert sent["max_tokens"] == 7 and sent["temperature"] == 0.0
        assert (llm.usage().calls, llm.usage().tokens) == (1, 15)


def test_cache_hit_does_not_call_again(tmp_path):
    with OpenAIStub(reply=lambda body: "cached text") as stub:
        llm = _llm(stub.url, tmp_path)
        llm.chat("s", "u")
        again = llm.chat("s", "u")
        assert again == again.__class__("cached text", 0, True)
        assert len(stub.chat_requests) == 1
        assert (llm.usage().calls, llm.usage().cache_hits) == (1, 1)
        # a fresh client with the same cache folder is served from disk too
        other = _llm(stub.url, tmp_path)
        assert other.chat("s", "u").cached and len(stub.chat_requests) == 1
        # a different prompt or max_tokens is a miss
        llm.chat("s", "u", max_tokens=9)
        assert len(stub.chat_requests) == 2


def test_retries_5xx_and_429_then_succeeds(tmp_path):
    with OpenAIStub(reply=lambda body: "ok") as stub:
        stub.script.extend([Scripted(500), Scripted(429)])
        llm = _llm(stub.url, tmp_path, max_retries=2)
        assert llm.chat("s", "u").text == "ok"
        assert len(stub.chat_requests) == 3
        assert llm.usage().calls == 1


def test_gives_up_after_max_retries(tmp_path):
    with OpenAIStub() as stub:
        stub.script.extend([Scripted(503)] * 5)
        llm = _llm(stub.url, tmp_path, max_retries=1)
        with pytest.raises(LLMError, match="HTTP 503"):
            llm.chat("s", "u")
        assert len(stub.chat_requests) == 2


@pytest.mark.parametrize("status", [400])
def test_client_errors_are_not_retried(tmp_path, status):
    with OpenAIStub() as stub:
        stub.script.append(Scripted(status))
        llm = _llm(stub.url, tmp_path, max_retries=3)
        with pytest.raises(LLMError, match=f"HTTP {status}"):
            llm.chat("s", "u")
        assert len(stub.chat_requests) == 1


def test_wrong_key_is_one_line_and_not_retried(tmp_path):
    with OpenAIStub() as stub:
        stub.key = "right"
        llm = _llm(stub.url, tmp_path, api_key="wrong", max_retries=3)
        with pytest.raises(LLMError) as err:
            llm.chat("s", "u")
        assert "OPENAI_API_KEY" in str(err.value) and "\n" not in str(err.value)
        assert len(stub.chat_requests) == 1
        assert _llm(stub.url, tmp_path / "b", api_key="right").chat("s", "u").text


def test_unknown_model_names_the_setting(tmp_path):
    with OpenAIStub() as stub:
        llm = _llm(stub.url, tmp_path, model="no-such-model", max_retries=3)
        with pytest.raises(LLMError, match="FOLIO_LLM_MODEL") as err:
            llm.chat("s", "u")
        assert "no-such-model" in str(err.value)
        assert len(stub.chat_requests) == 1


def test_unreachable_endpoint(tmp_path):
    url = f"http://127.0.0.1:{free_port()}/v1"
    llm = _llm(url, tmp_path, max_retries=1)
    with pytest.raises(LLMError) as err:
        llm.chat("s", "u")
    assert str(err.value).startswith(f"cannot reach OPENAI_BASE_URL={url}")


def test_timeout_is_reported(tmp_path):
    with OpenAIStub() as stub:
        stub.script.extend([Scripted(200, delay=1.5)] * 2)
        llm = _llm(stub.url, tmp_path, timeout_s=0.3, max_retries=0)
        with pytest.raises(LLMError, match="did not answer within 0.3s"):
            llm.chat("s", "u")


def test_stream_yields_pieces_then_caches(tmp_path):
    with OpenAIStub(reply=lambda body: "one two three") as stub:
        llm = _llm(stub.url, tmp_path)
        pieces = list(llm.stream("s", "u"))
        assert pieces == ["one", " two", " three"]
        assert stub.chat_requests[0]["stream"] is True
        assert llm.usage().calls == 1 and llm.usage().tokens > 0
        assert list(llm.stream("s", "u")) == ["one two three"]
        assert len(stub.chat_requests) == 1


def test_models_lists_the_served_model(tmp_path):
    with OpenAIStub() as stub:
        assert _llm(stub.url, tmp_path).models() == ["stub-model"]


def test_make_llm_none_without_settings(tmp_path):
    assert make_llm(Settings.load(data_dir=tmp_path, env={})) is None
    env = {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "FOLIO_LLM_MODEL": "m"}
    llm = make_llm(Settings.load(data_dir=tmp_path, env=env))
    assert isinstance(llm, OpenAIChat) and llm.cache.folder == tmp_path / "llm-cache"


def test_merge_system_puts_rules_first_in_one_user_turn(tmp_path):
    with OpenAIStub(reply=lambda body: "ok") as stub:
        llm = OpenAIChat(LLMSettings(base_url=stub.url, model=stub.model), merge_system=True)
        llm.chat("RULES", "DATA")
        assert stub.chat_requests[0]["messages"] == [{"role": "user", "content": "RULES\n\nDATA"}]


def test_stop_sequences_sent_or_left_out(tmp_path):
    with OpenAIStub(reply=lambda body: "ok") as stub:
        OpenAIChat(LLMSettings(base_url=stub.url, model=stub.model)).chat("s", "u")
        OpenAIChat(LLMSettings(base_url=stub.url, model=stub.model), stop=()).chat("s", "u")
        first, second = stub.chat_requests
        assert first["stop"] == ["<data", "</data"] and "stop" not in second
