"""A local Ollama server in one step: list its models, answer with one of them.

Ollama serves its model list at `GET /api/tags` and an OpenAI-compatible chat API under
`/v1`, so a model it lists is used through the same `OpenAIChat` client as any other
endpoint. The server's address is the setting `[llm] ollama_url` (FOLIO_OLLAMA_URL,
default http://localhost:11434); nothing is contacted until a page asks for the list.

Example:
    >>> list_models("http://127.0.0.1:9")        # nothing listens there: no models
    []
    >>> ollama_settings("http://localhost:11434", "llama3.2:1b").base_url
    'http://localhost:11434/v1'
"""
from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

from core.answer.llm import OpenAIChat
from core.config import LLMSettings

DEFAULT_URL = "http://localhost:11434"


def list_models(url: str = DEFAULT_URL, timeout_s: float = 0.5) -> list[str]:
    """Names of the models the Ollama server at `url` has, [] when none answers there."""
    try:
        with urllib.request.urlopen(f"{url.rstrip('/')}/api/tags", timeout=timeout_s) as resp:
            data = json.load(resp)
    except (urllib.error.URLError, OSError, ValueError):
        return []
    models = data.get("models") if isinstance(data, dict) else None
    if not isinstance(models, list):
        return []
    names = [m.get("name") or m.get("model") for m in models if isinstance(m, dict)]
    return sorted({n for n in names if isinstance(n, str) and n})


def ollama_settings(url: str, model: str, timeout_s: float = 120.0) -> LLMSettings:
    """LLM settings for `model` on the Ollama server at `url` (its /v1 API, no key)."""
    return LLMSettings(base_url=f"{url.rstrip('/')}/v1", model=model, timeout_s=timeout_s)


def ollama_chat(url: str, model: str, cache_dir: Path | None) -> OpenAIChat:
    """A chat client for `model` on the Ollama server at `url`, caching replies in `cache_dir`."""
    return OpenAIChat(ollama_settings(url, model), cache_dir=cache_dir)
