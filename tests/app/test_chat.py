"""The Chat page as a user drives it: a follow-up, "New chat", and a local Ollama model in one click."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.answer.ollama_stub import OllamaStub
from tests.answer.test_followup import CORPUS, FIRST
from tests.app.fixtures import plain as _plain, write_jsonl
from tests.servers import free_port

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def library_dir(tmp_path_factory, embedder):
    from core.config import Settings
    from core.library import Library

    root = tmp_path_factory.mktemp("chat")
    lib = Library(Settings.load(root / "data", env={}), embedder=embedder)
    lib.add_corpus(write_jsonl(root / "corpus.jsonl", CORPUS))
    lib.catalog.close()
    shutil.copytree(root / "data", root / "data-ollama")  # the app keeps one Library (and its settings) per dir
    return root / "data"


def _open(monkeypatch, library_dir, ollama_url: str) -> AppTest:
    monkeypatch.setenv("FOLIO_DATA_DIR", str(library_dir))
    monkeypatch.setenv("FOLIO_OLLAMA_URL", ollama_url)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=240)
    at.run()
    assert not at.exception, at.exception
    return at


def test_follow_up_and_new_chat(monkeypatch, library_dir):
    at = _open(monkeypatch, library_dir, f"http://127.0.0.1:{free_port()}")
    assert any("No local Ollama server" in _plain(c.value) for c in at.sidebar.caption)
    at.chat_input[0].set_value(FIRST).run()
    at.chat_input[0].set_value("and what is its default?").run()
    assert not at.exception, at.exception
    answers = [_plain(m.value) for m in at.markdown]
    assert any(a.startswith("“Option tls_ctrl_session_reuse makes") for a in answers)  # the evidence, quoted
    # the default is in the answer (its first line quotes the option's sentence: the reader weighs
    # the sentence that matches the question most; see tests/answer/test_followup.py)
    assert any("Its default is" in a and "false" in a for a in answers)
    understood = [_plain(c.value) for c in at.caption if "understood as:" in _plain(c.value)]
    assert understood == ["understood as: What is the default of the FTP client option that makes the data "
                          "connection reuse the TLS session?"]
    assert "understood as:" in _plain(at.chat_message[-1].caption[0].value)  # above the answer, not under its citations
    at.sidebar.button(key="chat_new").click().run()
    assert at.session_state["chat_history"] == []
    at.chat_input[0].set_value("and what is its default?").run()  # no earlier turn to lean on now
    assert not any("understood as:" in _plain(c.value) for c in at.caption)


def test_one_click_uses_a_local_ollama_model(monkeypatch, library_dir):
    with OllamaStub(models=("llama3.2:1b", "qwen2.5:0.5b"), reply=lambda body: "false [1]") as stub:
        at = _open(monkeypatch, library_dir.parent / "data-ollama", stub.root)
        assert at.sidebar.selectbox(key="chat_ollama_model").options == ["llama3.2:1b", "qwen2.5:0.5b"]
        at.sidebar.selectbox(key="chat_ollama_model").set_value("qwen2.5:0.5b").run()
        at.sidebar.button(key="chat_ollama_use").click().run()
        assert any("Answering with qwen2.5:0.5b" in _plain(c.value) for c in at.sidebar.caption)
        at.chat_input[0].set_value("What is the default of tls_ctrl_session_reuse?").run()
        assert not at.exception, at.exception
        assert [r["model"] for r in stub.chat_requests] == ["qwen2.5:0.5b"]
        assert any(_plain(c.value).startswith("llm · ") for c in at.caption)
        at.sidebar.button(key="chat_llm_off").click().run()  # back to the extractive reader
        assert at.sidebar.selectbox(key="chat_ollama_model").options == ["llama3.2:1b", "qwen2.5:0.5b"]


def test_evaluate_page_grades_answers(monkeypatch, library_dir, tmp_path):
    qfile = write_jsonl(tmp_path / "q.jsonl", [
        {"id": "f1", "question": FIRST, "answer": "tls_ctrl_session_reuse", "short_answers": [["tls_ctrl_session_reuse"]]},
        {"id": "f2", "question": "Which port does the TFTP daemon listen on?", "answer": "69"}])
    monkeypatch.setenv("FOLIO_DATA_DIR", str(library_dir))
    monkeypatch.setenv("FOLIO_IMPORT_ROOTS", str(tmp_path))  # the path box reads only under the roots
    at = AppTest.from_file(str(ROOT / "app_pages/evaluate.py"), default_timeout=240)
    at.run()
    at.text_input(key="eval_qpath").set_value(str(qfile)).run()
    at.multiselect(key="eval_names").set_value(["bm25"]).run()
    at.checkbox(key="eval_answers").check().run()
    at.button(key="eval_run").click().run()
    assert not at.exception, at.exception
    board = at.dataframe[0].value
    assert list(board["answer_hit"]) == [1.0]
    answers = at.dataframe[2].value  # the first line is the quoted evidence sentence that holds the answer
    assert [gold in short for short, gold in zip(answers["short_answer"], answers["gold"])] == [True, True]
    assert list(answers["gold"]) == ["tls_ctrl_session_reuse", "69"]
    assert any(_plain(m.value).startswith("“Option tls_ctrl_session_reuse") for m in at.markdown)  # beside its gold
