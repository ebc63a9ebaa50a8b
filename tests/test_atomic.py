"""A `kill -9` in the middle of ingestion leaves every document absent or complete."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.index.row_entries import row_entries

pytestmark = pytest.mark.slow


def write_corpus(path: Path, documents: int, passages: int = 3) -> None:
    """A synthetic passage corpus: `documents` titles with `passages` passages each."""
    with path.open("w") as fh:
        for d in range(documents):
            for p in range(passages):
                text = f"Document {d} passage {p} talks about topic{d % 17} and item{d * 7 + p}."
                fh.write(json.dumps({"id": f"p{d}-{p}", "title": f"Title {d}", "text": text}) + "\n")


def assert_consistent(lib) -> None:
    """Every ready document is complete in every store; nothing else is anywhere."""
    ready = {d.doc_id: d for d in lib.documents()}
    assert lib.catalog.pending_documents() == []
    assert lib.vectors.doc_ids() <= set(ready)
    assert lib.text.doc_ids() == set(ready)
    for doc in ready.values():
        chunks = lib.catalog.doc_chunks(doc.doc_id)
        assert len(chunks) == doc.chunks > 0
        vecs = lib.vectors.get([c.chunk_id for c in chunks])
        assert vecs.shape[0] == len(chunks)
    rows = [e for d in ready for e, _, _ in row_entries(lib.catalog.doc_chunks(d))]  # table rows
    assert lib.vectors.ids() == {c for d in ready for c in lib.catalog.chunk_ids_of([d])} | set(rows)
    assert lib.vectors.count() == sum(d.chunks for d in ready.values()) + len(rows)


def ready_documents(data_dir: Path) -> int:
    """Ready documents in the catalog, read from outside the writing process."""
    path = data_dir / "catalog.sqlite"
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1) as db:
            return db.execute("SELECT COUNT(*) FROM documents WHERE status='ready'").fetchone()[0]
    except sqlite3.Error:
        return 0


def run_and_kill(data_dir: Path, corpus: Path, after_ready: int) -> int:
    """Start `ingest-corpus` in a subprocess; SIGKILL it once `after_ready` documents are in."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "core", "--data-dir", str(data_dir), "ingest-corpus", str(corpus)],
        stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env=env,
    )
    deadline = time.time() + 300
    while proc.poll() is None and time.time() < deadline and ready_documents(data_dir) < after_ready:
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    return proc.returncode


DOCUMENTS = 300


@pytest.mark.parametrize("after_ready", [1, 40])
def test_kill_9_mid_ingest_leaves_library_consistent(tmp_path, make_library, after_ready):
    corpus = tmp_path / "corpus.jsonl"
    write_corpus(corpus, documents=DOCUMENTS, passages=2)
    data_dir = tmp_path / "lib"
    code = run_and_kill(data_dir, corpus, after_ready=after_ready)
    assert code == -signal.SIGKILL, "the ingest ended before it could be killed"
    assert not (data_dir / ".clean").exists()  # the killed writer left no clean-close marker
    lib = make_library(data_dir)  # reopening runs crash recovery
    assert_consistent(lib)
    killed_with = len(lib.documents())
    assert after_ready <= killed_with < DOCUMENTS
    lib.catalog.close()
    # resuming finishes the job without duplicates
    lib = make_library(data_dir)
    lib.add_corpus(corpus)
    assert len(lib.documents()) == DOCUMENTS
    assert_consistent(lib)
