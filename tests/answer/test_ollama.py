"""Ollama detection against a local HTTP server that speaks /api/tags, and answering with one."""
from __future__ import annotations

from core.answer.ollama import list_models, ollama_chat, ollama_settings
from core.config import Settings
from tests.answer.ollama_stub import OllamaStub
from tests.answer.openai_stub import OpenAIStub
from tests.app.fixtures import CORPUS, write_jsonl
from tests.servers import free_port


def test_lists_the_models_of_a_local_server():
    with OllamaStub(models=("qwen2.5:0.5b", "llama3.2:1b")) as stub:
        assert list_models(stub.root) == ["llama3.2:1b", "qwen2.5:0.5b"]
        assert list_models(stub.root + "/") == ["llama3.2:1b", "qwen2.5:0.5b"]
        assert stub.requests[0]["_path"] == "/api/tags"


def test_no_server_or_not_ollama_means_no_models():
    assert list_models(f"http://127.0.0.1:{free_port()}") == []
    with OpenAIStub() as other:  # answers JSON, but not Ollama's
        assert list_models(other.url[: -len("/v1")]) == []


def test_the_url_is_a_setting(tmp_path):
    assert Settings.load(tmp_path, env={}).llm.ollama_url == "http://localhost:11434"
    assert Settings.load(tmp_path, env={"FOLIO_OLLAMA_URL": "http://127.0.0.1:9999"}).llm.ollama_url == \
        "http://127.0.0.1:9999"
    settings = ollama_settings("http://127.0.0.1:9999/", "llama3.2:1b")
    assert (settings.base_url, settings.model, settings.configured) == ("http://127.0.0.1:9999/v1", "llama3.2:1b", True)


def test_one_model_answers_for_the_library(make_library, tmp_path):
    lib = make_library()
    lib.add_corpus(write_jsonl(tmp_path / "corpus.jsonl", CORPUS))
    with OllamaStub(reply=lambda body: "Charles Babbage [1]") as stub:
        lib.llm = ollama_chat(stub.root, "llama3.2:1b", tmp_path / "cache")
        answer = lib.ask("Who designed the Analytical Engine mechanical computer?")
        chat = stub.chat_requests
    assert answer.mode == "llm" and answer.text == "Charles Babbage [1]" and answer.llm_calls == 1
    assert chat[0]["_path"] == "/v1/chat/completions" and chat[0]["model"] == "llama3.2:1b"
    lib.llm = None  # back to the extractive reader
    assert lib.ask("Who designed the Analytical Engine mechanical computer?").mode == "extractive"
