"""An OpenAI-compatible chat model (OpenAI, vLLM, Ollama, llama.cpp) behind `ChatModel`.

The official `openai` client does the HTTP; this module adds what Folio needs around it:
retries on transient failures only, one-line `LLMError`s that name the setting to fix, an
on-disk reply cache keyed by a hash of the prompt, and call/token counters.

Example:
    >>> from core.config import Settings                          # doctest: +SKIP
    >>> llm = make_llm(Settings.load())                           # None when no LLM is set
    >>> llm.chat("Answer briefly.", "2+2?").text                  # doctest: +SKIP
    '4'
"""
from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, TypeVar

import openai

from core.answer.llm_protocol import ChatModel, LLMReply
from core.config import LLMSettings, Settings
from core.errors import LLMError

PLACEHOLDER_KEY = "folio-no-key"  # servers such as llama.cpp or Ollama need no key
DEFAULT_STOP = ("<data", "</data")  # a reply never needs a data fence; small models start echoing one
T = TypeVar("T")
_TRANSIENT = (openai.APIConnectionError, openai.RateLimitError, openai.InternalServerError)


@dataclass(frozen=True)
class Usage:
    """Counters of an LLM client: real calls made, tokens spent, and cache hits."""

    calls: int = 0
    tokens: int = 0
    cache_hits: int = 0


class ReplyCache:
    """Completed replies stored as one JSON file per prompt hash in a folder."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)

    @staticmethod
    def key(*parts: object) -> str:
        """Hex sha256 of the parts (model, settings, system, user)."""
        return hashlib.sha256(json.dumps(parts, ensure_ascii=False).encode("utf-8")).hexdigest()

    def get(self, key: str) -> tuple[str, int] | None:
        """The cached (text, tokens) for key, or None (also for an unreadable file)."""
        path = self.folder / key[:2] / f"{key}.json"
        try:
            data = json.loads(path.read_text("utf-8"))
            return str(data["text"]), int(data.get("tokens", 0))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, key: str, text: str, tokens: int) -> None:
        """Store a reply atomically (write a temp file, then rename it into place)."""
        path = self.folder / key[:2] / f"{key}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        tmp.write_text(json.dumps({"text": text, "tokens": tokens}, ensure_ascii=False), "utf-8")
        os.replace(tmp, path)


class OpenAIChat:
    """`ChatModel` over any OpenAI-compatible `/v1/chat/completions` endpoint.

    `merge_system=True` puts the rules at the top of the user turn, as Gemma's own chat
    template does, for servers whose chat format silently drops system messages. `stop`
    ends a reply that starts to echo the prompt's data fences (pass () for models that
    reject stop sequences).

    Example:
        >>> llm = OpenAIChat(LLMSettings(base_url="http://localhost:8080/v1", model="gemma"),
        ...                  cache_dir=Path("llm-cache"))                # doctest: +SKIP
        >>> reply = llm.chat("Reply in one word.", "Capital of France?")  # doctest: +SKIP
        >>> llm.usage().calls                                              # doctest: +SKIP
        1
    """

    def __init__(
        self,
        settings: LLMSettings,
        *,
        cache_dir: Path | None = None,
        backoff_s: float = 0.5,
        merge_system: bool = False,
        stop: tuple[str, ...] = DEFAULT_STOP,
    ):
        if not settings.configured:
            raise LLMError("no LLM configured: set OPENAI_BASE_URL and FOLIO_LLM_MODEL")
        self.settings = settings
        self.model = settings.model
        self.backoff_s = backoff_s
        self.merge_system = merge_system
        self.stop = list(stop) if stop else openai.omit
        self.cache = ReplyCache(cache_dir) if cache_dir is not None else None
        self._client = openai.OpenAI(
            base_url=settings.base_url,
            api_key=settings.api_key or PLACEHOLDER_KEY,
            timeout=settings.timeout_s,
            max_retries=0,  # retried here, on transient errors only
        )
        self._lock = threading.Lock()
        self._usage = Usage()

    def usage(self) -> Usage:
        """A snapshot of the counters (calls and tokens exclude cache hits)."""
        with self._lock:
            return self._usage

    def _count(self, calls: int = 0, tokens: int = 0, hits: int = 0) -> None:
        with self._lock:
            u = self._usage
            self._usage = Usage(u.calls + calls, u.tokens + tokens, u.cache_hits + hits)

    def _key(self, system: str, user: str, max_tokens: int) -> str:
        s = self.settings
        stop = self.stop if isinstance(self.stop, list) else []
        return ReplyCache.key(s.base_url, s.model, s.temperature, max_tokens, self.merge_system, stop, system, user)

    def _messages(self, system: str, user: str) -> list[dict[str, str]]:
        if self.merge_system:  # for chat formats that drop system turns (llama.cpp's "gemma")
            return [{"role": "user", "content": f"{system}\n\n{user}"}]
        return [{"role": "system", "content": system}, {"role": "user", "content": user}]

    def chat(self, system: str, user: str, *, max_tokens: int = 256) -> LLMReply:
        """One completion; a repeated prompt is answered from the on-disk cache."""
        key = self._key(system, user, max_tokens)
        hit = self.cache.get(key) if self.cache else None
        if hit is not None:
            self._count(hits=1)
            return LLMReply(text=hit[0], tokens=0, cached=True)
        response = self._with_retries(
            lambda: self._client.chat.completions.create(
                model=self.model,
                messages=self._messages(system, user),
                max_tokens=max_tokens,
                temperature=self.settings.temperature,
                stop=self.stop,
            )
        )
        text = (response.choices[0].message.content or "").strip() if response.choices else ""
        tokens = int(getattr(response.usage, "total_tokens", 0) or 0)
        self._count(calls=1, tokens=tokens)
        if self.cache:
            self.cache.put(key, text, tokens)
        return LLMReply(text=text, tokens=tokens)

    def stream(self, system: str, user: str, *, max_tokens: int = 512) -> Iterator[str]:
        """Yield the completion piece by piece; cached prompts yield their text at once."""
        key = self._key(system, user, max_tokens)
        hit = self.cache.get(key) if self.cache else None
        if hit is not None:
            self._count(hits=1)
            yield hit[0]
            return
        chunks = self._with_retries(
            lambda: self._client.chat.completions.create(
                model=self.model,
                messages=self._messages(system, user),
                max_tokens=max_tokens,
                temperature=self.settings.temperature,
                stop=self.stop,
                stream=True,
            )
        )
        pieces: list[str] = []
        tokens = 0
        for piece, used in self._pieces(chunks):
            tokens = used or tokens
            if piece:
                pieces.append(piece)
                yield piece
        text = "".join(pieces).strip()
        tokens = tokens or _estimate_tokens(system + user + text)
        self._count(calls=1, tokens=tokens)
        if self.cache:
            self.cache.put(key, text, tokens)

    def _pieces(self, chunks) -> Iterator[tuple[str, int]]:
        """(text delta, total tokens if the server reported usage) for each streamed event."""
        try:
            for event in chunks:
                used = int(getattr(getattr(event, "usage", None), "total_tokens", 0) or 0)
                delta = event.choices[0].delta.content if event.choices else None
                yield delta or "", used
        except openai.OpenAIError as exc:
            raise self._error(exc) from exc

    def models(self) -> list[str]:
        """Model ids the endpoint serves (also a cheap reachability and key check)."""
        page = self._with_retries(lambda: self._client.models.list())
        return [m.id for m in page.data]

    def _with_retries(self, call: Callable[[], T]) -> T:
        """Run `call`, retrying connection errors, 429 and 5xx up to max_retries times."""
        attempts = max(0, self.settings.max_retries) + 1
        for attempt in range(attempts):
            try:
                return call()
            except _TRANSIENT as exc:
                if attempt + 1 >= attempts:
                    raise self._error(exc) from exc
                time.sleep(self.backoff_s * (2**attempt))
            except openai.OpenAIError as exc:
                raise self._error(exc) from exc
        raise AssertionError("unreachable")  # pragma: no cover

    def _error(self, exc: openai.OpenAIError) -> LLMError:
        """Translate a client error into one line that names the setting to check."""
        url, model = self.settings.base_url, self.model
        if isinstance(exc, openai.APITimeoutError):
            return LLMError(f"OPENAI_BASE_URL={url} did not answer within {self.settings.timeout_s:g}s; raise [llm] timeout_s or check the server")
        if isinstance(exc, openai.APIConnectionError):
            return LLMError(f"cannot reach OPENAI_BASE_URL={url}; start the server or fix the URL")
        if isinstance(exc, (openai.AuthenticationError, openai.PermissionDeniedError)):
            return LLMError(f"{url} rejected the API key (HTTP {exc.status_code}); set a valid OPENAI_API_KEY")
        if isinstance(exc, openai.NotFoundError):
            return LLMError(f"{url} has no model {model!r} or no chat endpoint (HTTP 404); check FOLIO_LLM_MODEL and that OPENAI_BASE_URL ends in /v1")
        if isinstance(exc, openai.APIStatusError):
            detail = " ".join(str(getattr(exc, "message", exc)).split())[:200]
            return LLMError(f"{url} refused the request (HTTP {exc.status_code}): {detail}")
        return LLMError(f"LLM call to {url} failed: {' '.join(str(exc).split())[:200]}")


def _estimate_tokens(text: str) -> int:
    """Rough token count (about four characters a token) when a server reports no usage."""
    return max(1, len(text) // 4)


def make_llm(settings: Settings) -> ChatModel | None:
    """The configured chat model with its cache in data_dir/llm-cache, or None when unset."""
    if not settings.llm.configured:
        return None
    return OpenAIChat(settings.llm, cache_dir=settings.data_dir / "llm-cache",
                      merge_system=settings.llm.merge_system)
