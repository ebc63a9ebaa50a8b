"""`python -m core ask/retrieve` end to end against a real llama.cpp server (marker: llm).

Folio is configured only as a user would configure it, by OPENAI_BASE_URL, OPENAI_API_KEY and
FOLIO_LLM_MODEL, and talks to the server through the official openai client.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.answer.support import FLAG
from tests.answer.conftest import needs_llama
from tests.answer.llama_server import MODEL_ALIAS
from tests.test_cli import CORPUS

pytestmark = [pytest.mark.llm, pytest.mark.slow, needs_llama]
QUESTION = "Who designed the Analytical Engine?"


def run(data_dir: Path, env: dict, *args: str) -> subprocess.CompletedProcess:
    """The CLI in a subprocess with `env` added; fails the test on a non-zero exit."""
    proc = subprocess.run([sys.executable, "-m", "core", "--data-dir", str(data_dir), *args],
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, "HF_HUB_OFFLINE": "1", **env})
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-2000:]
    return proc


@pytest.fixture(scope="module")
def setup(tmp_path_factory, llama_url):
    root = tmp_path_factory.mktemp("llm-cli")
    corpus = root / "corpus.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in CORPUS))
    run(root / "lib", {}, "ingest-corpus", str(corpus))
    env = {"OPENAI_BASE_URL": llama_url, "OPENAI_API_KEY": "none", "FOLIO_LLM_MODEL": MODEL_ALIAS,
           "FOLIO_LLM_MERGE_SYSTEM": "1", "FOLIO_LLM_TIMEOUT": "300"}
    return root / "lib", env


def test_ask_streams_a_cited_answer_then_reuses_the_cache(setup):
    data_dir, env = setup
    first = run(data_dir, env, "ask", QUESTION, "--retriever", "dense", "--k", "3")
    assert "extractive reader" not in first.stdout
    assert "[1] Analytical Engine, p. 1" in first.stdout  # numbered citations, best evidence first
    assert "(1 LLM calls, " in first.stdout and " 0 tokens" not in first.stdout
    again = json.loads(run(data_dir, env, "ask", QUESTION, "--retriever", "dense", "--k", "3", "--json").stdout)
    assert again["mode"] in ("llm", "unsupported") and again["answer"].strip()
    assert again["llm_calls"] == 0 and again["llm_tokens"] == 0  # answered from the on-disk cache
    assert again["answer"].replace(f" {FLAG}", "") in first.stdout  # the streamed text carries no flags
    flagged = [s["text"] for s in again["sentences"] if s["verdict"] == "not_found"]
    assert all(f"not in the cited pages: “{s}”" in first.stdout for s in flagged)
    assert (data_dir / "llm-cache").is_dir()


def test_rgnn_runs_its_sub_question_loop_on_the_model(setup):
    data_dir, env = setup
    out = json.loads(run(data_dir, env, "retrieve", "Whose daughter wrote the first published algorithm?",
                         "--retriever", "rgnn", "--k", "3", "--json").stdout)
    assert out["llm_calls"] >= 3 and out["llm_tokens"] > 0  # sub-question, sub-answer, critique
    steps = [n for n in out["notes"] if n.startswith("step ")]  # after the notes on beta's source
    assert steps and steps[0].startswith("step 1: ") and len(out["chunks"]) == 3
    assert any(n.startswith("beta=") for n in out["notes"])


def test_kgp_asks_the_model_for_the_next_evidence(setup):
    data_dir, env = setup
    out = json.loads(run(data_dir, env, "retrieve", QUESTION, "--retriever", "kgp", "--k", "3", "--json").stdout)
    assert out["llm_calls"] >= 1 and out["llm_tokens"] > 0
    assert not any(n.startswith("no LLM configured") for n in out["notes"])


def test_ingest_with_the_llm_markdown_formatter(setup, tmp_path):
    from tests.ingest.fixtures import make_structured_pdf

    _, env = setup
    pdf = make_structured_pdf(tmp_path / "manual.pdf")
    out = run(tmp_path / "lib", {**env, "FOLIO_MARKDOWN": "llm"}, "ingest", str(pdf))
    assert out.stdout.startswith("added ") and ": format" in out.stderr  # the formatter's stage ran
    markdown = next((tmp_path / "lib" / "markdown").glob("*.md")).read_text()
    assert markdown.startswith("<!-- page 1 -->") and len(markdown.split()) > 20
