"""An Ollama-like server for tests: Ollama's GET /api/tags beside the OpenAI API under /v1.

    with OllamaStub(models=("llama3.2:1b",)) as stub:
        list_models(stub.root)        # ['llama3.2:1b']
"""
from __future__ import annotations

from tests.answer.openai_stub import OpenAIStub


class OllamaStub(OpenAIStub):
    """`OpenAIStub` that also lists `models` at /api/tags, as `ollama serve` does."""

    def __init__(self, models: tuple[str, ...] = ("llama3.2:1b", "qwen2.5:0.5b"), **kwargs):
        self.models = list(models)
        super().__init__(model=self.models[0], **kwargs)

    @property
    def accepted_models(self) -> tuple[str, ...]:
        """Every listed model answers."""
        return tuple(self.models)

    @property
    def root(self) -> str:
        """The server's address without /v1, as FOLIO_OLLAMA_URL takes it."""
        return self.url[: -len("/v1")]

    def _handler(self):
        base, stub = super()._handler(), self

        class Handler(base):
            def do_GET(self):
                if self.path.startswith("/api/tags"):
                    stub.requests.append({"_path": self.path})
                    return self._json(200, {"models": [{"name": m, "model": m, "size": 1000} for m in stub.models]})
                return super().do_GET()

        return Handler
