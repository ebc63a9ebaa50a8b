"""Keywords from the worker process equal in-process keywords; failures fall back."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import psutil

from core.config import GraphSettings
from core.index import keyword_worker
from core.index.keyword_worker import KeywordWorker
from core.index.keywords import KeywordExtractor
from core.types import Chunk
from tests.waiting import wait_for

TEXTS = ["Ada Lovelace wrote notes on the Analytical Engine in London in 1843.",
         "Charles Babbage designed the Difference Engine for the Royal Society.",
         "the engine was never finished."]


def chunks() -> list[Chunk]:
    return [Chunk.create(doc_id="d", doc_title="Engines", text=t, position=i)
            for i, t in enumerate(TEXTS)]


def here(texts, exclude):
    return [["here"] for _ in texts]


def test_worker_process_matches_in_process_extraction(monkeypatch):
    monkeypatch.setattr(keyword_worker, "MIN_CHUNKS", 1)
    extractor = KeywordExtractor(GraphSettings(keyword_mode="spacy"))
    try:
        got = extractor.extract_chunks_later(chunks())()
        again = extractor.extract_chunks_later(chunks()[:2])()  # the same worker serves it
        assert extractor._worker._proc is not None and not extractor._worker._broken
    finally:
        extractor._worker.close()
    assert got == extractor.extract_chunks(chunks())
    assert again == got[:2]
    assert "ada lovelace" in got[0] and "1843" in got[0]  # a spaCy entity, not a capitalised span
    assert "=engines" in got[0]  # title markers are added in this process


def test_small_batches_stay_here_and_a_dead_worker_falls_back(monkeypatch):
    worker = KeywordWorker(GraphSettings(keyword_mode="spacy"))
    assert worker.submit(TEXTS, [""] * 3, here)() == [["here"]] * 3
    assert worker._proc is None  # no process for a small batch
    monkeypatch.setattr(keyword_worker, "MIN_CHUNKS", 1)
    pending = worker.submit(TEXTS, [""] * 3, here)
    worker._proc.kill()  # dies before it answers
    assert pending() == [["here"]] * 3
    assert worker._broken and worker._proc is None
    assert worker.submit(TEXTS, [""] * 3, here)() == [["here"]] * 3  # no second start
    assert worker._proc is None


def test_a_killed_caller_leaves_no_request_folder(tmp_path):
    """kill -9 of the ingesting process: the worker sees its stdin close and deletes the folder."""
    script = (
        "import os, signal, sys\n"
        "from core.config import GraphSettings\n"
        "from core.index import keyword_worker\n"
        "keyword_worker.MIN_CHUNKS = 1\n"
        "w = keyword_worker.KeywordWorker(GraphSettings(keyword_mode='spacy'))\n"
        f"w.submit({TEXTS!r}, [''] * 3, None)()\n"
        "print(w._dir.name, w._proc.pid, flush=True)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == -signal.SIGKILL, out.stderr
    folder, pid = out.stdout.split()
    wait_for(lambda: not Path(folder).exists(), timeout=30, what="the request folder to go")
    assert not Path(folder).exists()
    # The worker deletes the folder and then exits: wait for the exit too, with its own deadline.
    wait_for(lambda: _exited(int(pid)), timeout=30, what="the worker to exit")
    assert _exited(int(pid))


def _exited(pid: int) -> bool:
    """Gone, or a zombie nobody reaped yet (orphans in a container may stay zombies)."""
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def test_a_started_worker_takes_small_batches_and_says_when_it_is_done():
    extractor = KeywordExtractor(GraphSettings(keyword_mode="spacy"))
    extractor.start_worker()  # before any chunk exists: spaCy loads meanwhile
    try:
        pending = extractor.extract_chunks_later(chunks())  # 3 < MIN_CHUNKS, still the worker's
        wait_for(lambda: not pending.running(), timeout=240, what="the worker's keywords")
        assert not pending.running()
        got = pending()
        assert extractor._worker._proc is not None and not extractor._worker._broken
    finally:
        extractor._worker.close()
    assert got == extractor.extract_chunks(chunks())


def test_in_process_keywords_never_count_as_running():
    pending = KeywordExtractor(GraphSettings(keyword_mode="tfidf")).extract_chunks_later(chunks())
    assert not pending.running()
    assert "ada lovelace" in pending()[0]
