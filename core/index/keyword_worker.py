"""Chunk keyword extraction in a second process, beside embedding.

spaCy's entity pass is single-threaded. Run after the embedder, it is a stage of its own
(on R-intro a third of the embedding time); sent to a worker process as soon as a
document is chunked, it overlaps the embedding model's loading (one core) and the
encoding, and its result is ready, or nearly, when the graph is built. A process rather
than a thread, because spaCy and torch's operator dispatch both hold the GIL.

The worker is `python -m core.index.keyword_worker SETTINGS_JSON FOLDER`, a plain subprocess
(not multiprocessing, which would re-import the caller's main script): each request is a
JSON file of texts, named on one stdin line; the worker answers with the name of a JSON
file of keyword lists on one stdout line. It starts on the first large batch
(`MIN_CHUNKS`: below that, starting a process and loading spaCy costs more than it saves),
serves the rest of this process's batches, and exits when its stdin closes, deleting the
request folder: so a caller killed with `kill -9` leaves no folder behind. If it cannot
start or fails, extraction falls back to this process.

Example:
    >>> from core.config import GraphSettings
    >>> worker = KeywordWorker(GraphSettings())
    >>> # pending = worker.submit(texts, exclude, fallback); ...embed...; keywords = pending()
"""
from __future__ import annotations

import atexit
import dataclasses
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable, Sequence

from core.config import GraphSettings

MIN_CHUNKS = 64
Keywords = list[list[str]]
Fallback = Callable[[Sequence[str], Sequence[str]], Keywords]


class KeywordWorker:
    """Runs `KeywordExtractor.text_keywords` (spaCy mode) in one worker process."""

    def __init__(self, settings: GraphSettings):
        self.settings = settings
        self._proc: subprocess.Popen | None = None
        self._dir: tempfile.TemporaryDirectory | None = None
        self._sent = 0
        self._broken = False

    def submit(self, texts: Sequence[str], exclude: Sequence[str], fallback: Fallback) -> Callable[[], Keywords]:
        """Start extracting; the returned function waits for the keyword lists. Small batches,
        and any failure of the worker, use `fallback` (in-process extraction) instead."""
        texts, exclude = list(texts), list(exclude)
        if len(texts) < MIN_CHUNKS or self._broken:
            return lambda: fallback(texts, exclude)
        try:
            request = self._send(texts, exclude)
        except OSError:
            self._fail()
            return lambda: fallback(texts, exclude)

        def result() -> Keywords:
            found = self._receive(request)  # answers come in the order of the requests
            return fallback(texts, exclude) if found is None else found
        return result

    def _send(self, texts: list[str], exclude: list[str]) -> Path:
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
        try:
            line = self._proc.stdout.readline().strip()
            answer = request.with_name(request.stem + "-keywords.json")
            if line != str(answer):
                raise OSError(f"keyword worker answered {line!r}")
            return json.loads(answer.read_text("utf-8"))
        except (OSError, ValueError):
            self._fail()
            return None
        finally:
            request.unlink(missing_ok=True)

    def _start(self) -> None:
        root = str(Path(__file__).resolve().parents[2])  # where `core` is importable from
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
        self._dir = self._dir or tempfile.TemporaryDirectory(prefix="folio-keywords-")
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "core.index.keyword_worker", json.dumps(dataclasses.asdict(self.settings)),
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


def serve(settings: GraphSettings, folder: Path) -> None:
    """The worker's loop: answer each request file named on stdin until stdin closes (the
    caller closed it, or died), then delete the request folder."""
    try:
        _answer_requests(settings)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _answer_requests(settings: GraphSettings) -> None:
    from core.index.keywords import KeywordExtractor

    answers, sys.stdout = sys.stdout, sys.stderr  # only answers go to the real stdout
    extractor = KeywordExtractor(settings)
    extractor.extract_query("warm up")  # load spaCy before the first request arrives
    for line in sys.stdin:
        request = Path(line.strip())
        data = json.loads(request.read_text("utf-8"))
        answer = request.with_name(request.stem + "-keywords.json")
        answer.write_text(json.dumps(extractor.text_keywords(data["texts"], data["exclude"])), "utf-8")
        answers.write(f"{answer}\n")
        answers.flush()


if __name__ == "__main__":
    # spaCy's entity recogniser never needs torch, but thinc imports it when installed:
    # blocking it makes the worker start in a third of the time and memory.
    sys.modules.setdefault("torch", None)
    serve(GraphSettings(**json.loads(sys.argv[1])), Path(sys.argv[2]))
