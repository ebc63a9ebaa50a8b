"""The catalog's job table and schema upgrade, on a real SQLite file."""
from __future__ import annotations

import sqlite3

from core.index.catalog import Catalog
from core.types import Document

OLD_DOCUMENTS = """CREATE TABLE documents (doc_id TEXT PRIMARY KEY, title TEXT, source TEXT, pages INTEGER,
  kind TEXT, status TEXT, chunks INTEGER, added_at TEXT, markdown_path TEXT)"""


def test_a_catalog_built_before_origins_is_upgraded_in_place(tmp_path):
    path = tmp_path / "catalog.sqlite"
    with sqlite3.connect(path) as db:  # as the first release wrote it
        db.execute(OLD_DOCUMENTS)
        db.execute("INSERT INTO documents VALUES ('d1', 'Guide', 'guide.pdf', 3, 'pdf', 'ready', 9, 't', '')")
    cat = Catalog(path)
    assert [(d.doc_id, d.origin) for d in cat.documents()] == [("d1", "")]
    cat.set_origin("d1", "/papers/guide.pdf")
    cat.begin_document(Document("d2", "Other", "guide.pdf", 1, origin="upload:guide.pdf"))
    assert cat.document("d2").origin == "upload:guide.pdf"
    assert [d.doc_id for d in Catalog(path).documents_from("/papers/guide.pdf")] == ["d1"]


def test_jobs_are_claimed_in_order_cancelled_and_failed_when_their_worker_died(tmp_path):
    cat = Catalog(tmp_path / "catalog.sqlite")
    first = cat.enqueue_job("add", [("/in/a.pdf", "a.pdf", "/in/a.pdf"), ("/in/b.pdf", "b.pdf", "/in/b.pdf")])
    second = cat.enqueue_job("add", [("/in/c.pdf", "c.pdf", "/in/c.pdf")])
    third = cat.enqueue_job("corpus", [("/in/q.jsonl", "q.jsonl", "")])
    other = Catalog(tmp_path / "catalog.sqlite")  # another process sees the same queue
    assert [j.job_id for j in other.jobs()] == [third, second, first] and other.queued_jobs() == 3
    assert cat.cancel_job(second) and other.job(second).status == "cancelled"
    claimed = other.claim_job("w1")
    assert claimed.job_id == first and claimed.status == "running"
    other.update_job_file(first, 0, status="added", stage="done", done=1, total=1, doc_id="d1")
    assert cat.cancel_job(first) and cat.job(first).status == "running" and cat.cancel_requested(first)
    assert other.claim_job("w1").job_id == third  # the cancelled one is skipped
    assert sorted(cat.fail_running_jobs("interrupted")) == [first, third]
    job = cat.job(first)
    assert job.status == "failed" and job.message == "interrupted"
    assert [(f.status, f.message) for f in job.files] == [("added", ""), ("error", "interrupted")]
    assert cat.claim_job("w2") is None and not cat.cancel_job(first)
