"""A tiny real HTTP server that speaks the OpenAI chat API, with scripted failures.

Tests drive Folio through the real `openai` client against it: no mocks. Each request is
recorded; queued behaviours (status code, delay) are used first, then `reply(body)` answers.
"""
from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable


@dataclass(frozen=True)
class Scripted:
    """One queued behaviour: answer with `status` after `delay` seconds."""

    status: int = 200
    delay: float = 0.0


class OpenAIStub:
    """Serves /v1/models and /v1/chat/completions (plain and streamed) on 127.0.0.1."""

    def __init__(self, reply: Callable[[dict], str] = lambda body: "stub answer [1]", model: str = "stub-model"):
        self.reply = reply
        self.model = model
        self.requests: list[dict] = []
        self.script: deque[Scripted] = deque()
        self.key: str | None = None  # when set, other bearer tokens get 401
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """Base URL including /v1, as OPENAI_BASE_URL expects."""
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    @property
    def accepted_models(self) -> tuple[str, ...]:
        """Model names the chat endpoint answers for (others get 404)."""
        return (self.model,)

    @property
    def chat_requests(self) -> list[dict]:
        """Bodies of the chat completion requests received so far."""
        return [r for r in self.requests if r.get("_path", "").endswith("/chat/completions")]

    def __enter__(self) -> "OpenAIStub":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _handler(self):
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output quiet
                pass

            def do_GET(self):
                stub.requests.append({"_path": self.path})
                self._json(200, {"object": "list", "data": [{"id": stub.model, "object": "model", "created": 0, "owned_by": "stub"}]})

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                body["_path"] = self.path
                stub.requests.append(body)
                step = stub.script.popleft() if stub.script else Scripted()
                time.sleep(step.delay)
                if stub.key is not None and self.headers.get("Authorization") != f"Bearer {stub.key}":
                    return self._json(401, {"error": {"message": "Incorrect API key provided", "type": "invalid_request_error"}})
                if body.get("model") not in stub.accepted_models:
                    return self._json(404, {"error": {"message": f"model {body.get('model')} not found"}})
                if step.status != 200:
                    return self._json(step.status, {"error": {"message": f"scripted {step.status}"}})
                text = stub.reply(body)
                if body.get("stream"):
                    return self._stream(text)
                self._json(200, {
                    "id": "c1", "object": "chat.completion", "created": 0, "model": stub.model,
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
                })

            def _json(self, status: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def _stream(self, text: str) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                words = text.split(" ")
                for i, word in enumerate(words):
                    piece = word if i == 0 else " " + word
                    event = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": stub.model,
                             "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]}
                    self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
                    self.wfile.flush()
                self.wfile.write(b"data: [DONE]\n\n")
                self.wfile.flush()

        return Handler
