"""Chunk keyword extraction in a second process, beside embedding.

spaCy's entity pass is single-threaded. Run after the embedder, it is a stage of its own
(on R-intro a third of the embedding time); sent to a worker process as soon as a
document is chunked, it overlaps the embedding model's loading (one core) and the
encoding, and its result is ready, or nearly, when the graph is built. A process rather
than a thread, because spaCy and torch's operator dispatch both hold the GIL.

This module is the caller's side; the worker is `python -m core.index.keyword_serve
SETTINGS_JSON FOLDER` (core/index/keyword_serve.py), a plain subprocess (not
multiprocessing, which would re-import the caller's main script): each request is a JSON
file of texts, named on one stdin line; the worker answers with the name of a JSON file of
keyword lists (`answer_path`) on one stdout line. It starts on the first large batch
(`MIN_CHUNKS`: below that, starting a process and loading spaCy costs more than it saves),
or earlier when the caller knows a document is coming (`start`: spaCy then loads while the
PDF is parsed), serves the rest of this process's batches, and exits when its stdin closes,
deleting the request folder: so a caller killed with `kill -9` leaves no folder behind. If
it cannot start or fails, extraction falls back to this process.

`PendingKeywords.running()` says whether the worker is still at it, so that the embedder
can leave it a core meanwhile (core/index/core_share.py) instead of fighting it for one.

Example:
    >>> from core.config import GraphSettings
    >>> worker = KeywordWorker(GraphSettings())
    >>> # pending = worker.submit(texts, exclude, fallback); ...embed...; keywords = pending()
    >>> answer_path(Path("k/request-1.json")).name
    'request-1-keywords.json'
"""
from __future__ import annotations

import atexit
import dataclasses
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Callable, Sequence

from core.config import GraphSettings

MIN_CHUNKS = 64
Keywords = list[list[str]]
Fallback = Callable[[Sequence[str], Sequence[str]], Keywords]


def answer_path(request: Path) -> Path:
    """The file the worker writes its answer to `request` into."""
    return request.with_name(request.stem + "-keywords.json")


class PendingKeywords:
    """Keyword lists on their way: call it for them (it waits); `running()` is True while
    the worker process is still extracting them."""

    def __init__(self, result: Callable[[], Keywords], answer: Path | None = None):
        self._result, self._answer, self._value = result, answer, None

    def running(self) -> bool:
        """True while a worker process works on these texts (never for in-process extraction)."""
        return self._value is None and self._answer is not None and not self._answer.exists()

    def __call__(self) -> Keywords:
        if self._value is None:
            self._value = self._result()
        return self._value

    def then(self, finish: Callable[[Keywords], Keywords]) -> "PendingKeywords":
        """The same pending work, with `finish` applied to its result."""
        return PendingKeywords(lambda: finish(self()), self._answer)


class KeywordWorker:
    """Runs `KeywordExtractor.text_keywords` (spaCy mode) in one worker process."""

    def __init__(self, settings: GraphSettings):
        self.settings = settings
        self._proc: subprocess.Popen | None = None
        self._dir: tempfile.TemporaryDirectory | None = None
        self._sent = 0
        self._broken = False
        self._starting = threading.Lock()  # a job's parsing thread may `start` while its main thread submits

    def start(self) -> None:
        """Start the worker now (it loads spaCy at once), so that a document parsed meanwhile
        finds it ready; it then serves batches of any size."""
        with self._starting:
            if self._broken or (self._proc is not None and self._proc.poll() is None):
                return
            try:
                self._start()
            except OSError:
                self._fail()

    def submit(self, texts: Sequence[str], exclude: Sequence[str], fallback: Fallback) -> PendingKeywords:
        """Start extracting; the returned PendingKeywords waits for the keyword lists. Small
        batches (unless the worker runs already), and any failure of the worker, use
        `fallback` (in-process extraction) instead."""
        texts, exclude = list(texts), list(exclude)
        running = self._proc is not None and self._proc.poll() is None
        if (len(texts) < MIN_CHUNKS and not running) or self._broken:
            return PendingKeywords(lambda: fallback(texts, exclude))
        try:
            request = self._send(texts, exclude)
        except OSError:
            self._fail()
            return PendingKeywords(lambda: fallback(texts, exclude))

        def result() -> Keywords:
            found = self._receive(request)  # answers come in the order of the requests
            return fallback(texts, exclude) if found is None else found
        return PendingKeywords(result, answer_path(request))

    def _send(self, texts: list[str], exclude: list[str]) -> Path:
        with self._starting:
            if self._proc is None or self._proc.poll() is not None:
                self._start()
        self._sent += 1
        request = Path(self._dir.name) / f"request-{self._sent}.json"
        request.write_text(json.dumps({"texts": texts, "exclude": exclude}), "utf-8")
        self._proc.stdin.write(f"{request}\n")
        self._proc.stdin.flush()
        return request

    def _receive(self, request: Path) -> Keywords | None:
        """The worker's answer to `request`, or None (and the worker stopped) on failure."""
        answer = answer_path(request)
        try:
            line = self._proc.stdout.readline().strip()
            if line != str(answer):
                raise OSError(f"keyword worker answered {line!r}")
            return json.loads(answer.read_text("utf-8"))
        except (OSError, ValueError):
            self._fail()
            return None
        finally:
            request.unlink(missing_ok=True)
            answer.unlink(missing_ok=True)

    def _start(self) -> None:
        root = str(Path(__file__).resolve().parents[2])  # where `core` is importable from
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
        self._dir = self._dir or tempfile.TemporaryDirectory(prefix="folio-keywords-")
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "core.index.keyword_serve", json.dumps(dataclasses.asdict(self.settings)),
             self._dir.name],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        atexit.register(self.close)  # reap it: its CPU time and memory count as this process's children

    def _fail(self) -> None:
        self._broken = True  # do not pay for another start: this process extracts from now on
        self.close()

    def close(self) -> None:
        """Stop the worker process and delete its request folder."""
        if self._proc is not None:
            try:
                self._proc.stdin.close()
                self._proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self._proc.kill()
            self._proc = None
        if self._dir is not None:
            self._dir.cleanup()
            self._dir = None
