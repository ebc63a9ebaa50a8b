"""The narrow interface retrievers and the answerer use to talk to an LLM."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Protocol


@dataclass(frozen=True)
class LLMReply:
    """Text of one completion and the tokens it cost (prompt + completion)."""

    text: str
    tokens: int = 0
    cached: bool = False


class ChatModel(Protocol):
    """An OpenAI-compatible chat model. `system` holds rules; `user` holds fenced data."""

    model: str

    def chat(self, system: str, user: str, *, max_tokens: int = 256) -> LLMReply:
        """One completion (cached on disk by prompt hash)."""
        ...

    def stream(self, system: str, user: str, *, max_tokens: int = 512) -> Iterator[str]:
        """Yield the completion text piece by piece."""
        ...
