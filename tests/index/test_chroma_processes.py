"""An embedded Chroma store shared by two processes: what a long-lived client sees of the other
process's writes, and that reopening it (refresh) while the other process writes is safe."""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np

from core.index.vector_chroma import ChromaVectorIndex

WRITER = """
import sys, numpy as np
from pathlib import Path
from core.index.vector_chroma import ChromaVectorIndex
path, rounds = Path(sys.argv[1]), int(sys.argv[2])
idx = ChromaVectorIndex("folio_chunks", path=path)
rng = np.random.default_rng(1)
for r in range(rounds):
    idx.upsert([f"w{r}-{i}" for i in range(500)], rng.normal(size=(500, 384)).astype(np.float32), [f"w{r}"] * 500)
    if r % 3 == 2:
        idx.delete_doc(f"w{r - 1}")
print(idx.count())
"""


def _writer(path, rounds: int) -> subprocess.Popen:
    env = {**os.environ, "ANONYMIZED_TELEMETRY": "False"}
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(rounds)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _vec(seed: int) -> np.ndarray:
    return np.random.default_rng(seed).normal(size=384).astype(np.float32)


def test_a_long_lived_client_sees_another_process_only_after_refresh(tmp_path):
    idx = ChromaVectorIndex("folio_chunks", path=tmp_path / "chroma")
    idx.upsert(["a"], _vec(0)[None, :], ["a"])
    assert [c for c, _ in idx.query(_vec(0), 10)] == ["a"]
    writer = _writer(tmp_path / "chroma", 1)
    assert writer.wait(timeout=120) == 0, writer.stderr.read()
    # Chroma's embedded client answers from the index it loaded: the new vectors are counted
    # but not searched, which is why the library reopens it when the catalog generation moves
    assert idx.count() == 501 and len(idx.query(_vec(0), 600)) == 1
    idx.refresh()
    assert len(idx.query(_vec(0), 600)) == 501


def test_reopening_while_another_process_writes_is_safe(tmp_path):
    idx = ChromaVectorIndex("folio_chunks", path=tmp_path / "chroma")
    idx.upsert(["a"], _vec(0)[None, :], ["a"])
    writer = _writer(tmp_path / "chroma", 8)
    queries = 0
    while writer.poll() is None:  # without the store's lock this crashed the reader (SIGSEGV)
        idx.refresh()
        assert idx.query(_vec(queries), 5)
        queries += 1
    assert writer.returncode == 0, writer.stderr.read()
    idx.refresh()
    stored = idx.ids()
    assert "a" in stored and len(stored) == int(writer.stdout.read()) and queries > 0


def test_a_store_opened_again_in_the_same_process_sees_another_process_writes(tmp_path):
    """An object opened after another process wrote reads the store as it is now, although an
    older object of this process opened it (empty) before: `Library.open` twice around a CLI
    ingest ("Error creating hnsw segment reader" / "Error finding id" before)."""
    first = ChromaVectorIndex("folio_chunks", path=tmp_path / "chroma")
    assert first.count() == 0  # opened while the store was empty
    writer = _writer(tmp_path / "chroma", 1)
    assert writer.wait(timeout=120) == 0, writer.stderr.read()
    second = ChromaVectorIndex("folio_chunks", path=tmp_path / "chroma")
    assert len(second.query(_vec(0), 600)) == 500
    assert second.get(["w0-0", "w0-1"]).shape == (2, 384)
    first.refresh()  # the older object still works, and sees the writes once refreshed
    assert len(first.query(_vec(0), 600)) == 500
    first.close()
    assert len(second.query(_vec(1), 5)) == 5  # closing the older object leaves the newer one open
