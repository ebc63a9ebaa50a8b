"""A `kill -9` in the middle of a re-index or a replacement leaves the old version or the new
one in every store, never neither and never a mix (a real process killed at the two
dangerous points: new vectors written but not committed; committed but old vectors not yet
deleted)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from core.index.row_entries import row_entries
from tests.ingest.fixtures import make_long_pdf, make_structured_pdf
from tests.test_atomic import assert_consistent

pytestmark = pytest.mark.slow

# Opens the library, arranges to die by SIGKILL at `point`, then re-indexes or adds.
KILLED_RUN = """
import os, signal, sys
from core.library import Library
action, point, data_dir, ref = sys.argv[1:5]
lib = Library.open(data_dir)
def die(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)
if point == "before_commit":   # new vectors and postings written, catalog not switched
    lib.catalog.commit_document = die
else:                          # catalog switched, old vectors not deleted yet
    setattr(lib.vectors, "delete_ids" if action == "reindex" else "delete_doc", die)
lib.reindex(ref) if action == "reindex" else lib.add([ref])
sys.exit(3)
"""


def run_killed(action: str, point: str, data_dir, ref: str) -> int:
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    proc = subprocess.run([sys.executable, "-c", KILLED_RUN, action, point, str(data_dir), ref],
                          capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]
    return proc.returncode


def _chunk_ids(lib, doc_id):
    return sorted(c.chunk_id for c in lib.catalog.doc_chunks(doc_id))


@pytest.mark.parametrize("point", ["before_commit", "after_commit"])
def test_kill_during_reindex_leaves_the_old_or_the_new_chunks(make_library, tmp_path, point):
    data_dir = tmp_path / "lib"
    lib = make_library(data_dir)
    doc = lib.add([make_structured_pdf(tmp_path / "manual.pdf")])[0].doc
    old = _chunk_ids(lib, doc.doc_id)
    lib.catalog.close()
    (data_dir / "folio.toml").write_text("[chunking]\nmax_words = 12\noverlap_words = 2\n")
    run_killed("reindex", point, data_dir, doc.doc_id)
    lib = make_library(data_dir)  # reopening repairs
    now = _chunk_ids(lib, doc.doc_id)
    assert [d.doc_id for d in lib.documents()] == [doc.doc_id]
    assert (now == old) == (point == "before_commit") and len(now) == (9 if now == old else 20)
    rows = [e for e, _, _ in row_entries(lib.catalog.doc_chunks(doc.doc_id))]  # the table's rows
    assert rows and sorted(lib.vectors.ids(doc.doc_id)) == sorted(now + rows)
    assert lib.text.count() == len(now) + len(rows)
    assert_consistent(lib)
    assert "03:15" in lib.retrieve("When does the nightly rebuild run?", "bm25", 1).chunks[0].chunk.text


@pytest.mark.parametrize("point", ["before_commit", "after_commit"])
def test_kill_during_replacement_leaves_the_old_or_the_new_version(make_library, tmp_path, point):
    data_dir = tmp_path / "lib"
    lib = make_library(data_dir)
    pdf = make_structured_pdf(tmp_path / "manual.pdf")
    old = lib.add([pdf])[0].doc
    lib.catalog.close()
    make_long_pdf(pdf, pages=4)  # a changed file at the same path
    run_killed("add", point, data_dir, str(pdf))
    lib = make_library(data_dir)
    docs = lib.documents()
    assert len(docs) == 1 and (docs[0].doc_id == old.doc_id) == (point == "before_commit")
    assert lib.vectors.doc_ids() == lib.text.doc_ids() == {docs[0].doc_id}
    trashed = [d.doc_id for d in lib.trash.documents()]
    assert trashed == ([] if point == "before_commit" else [old.doc_id])  # the replaced version is kept
    assert_consistent(lib)
