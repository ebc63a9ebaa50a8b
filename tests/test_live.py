"""Several processes on one data dir: a CLI ingest while a long-lived Library answers, the job
worker (killed and replaced), questions during an ingest, same-named files, undo, exit codes."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from core.library.worker import WORKER_LOCK
from core.locks import file_lock
from tests.ingest.fixtures import make_bad_pdf, make_long_pdf, make_structured_pdf
from tests.test_atomic import assert_consistent
from tests.test_cli import cli
from tests.waiting import wait_for

pytestmark = pytest.mark.slow
LONG_Q = "Paragraph 11 explains topic 11"


@pytest.fixture
def pdfs(tmp_path):
    """a/report.pdf and b/report.pdf (same name, other content), long.pdf, bad.pdf."""
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
    make_structured_pdf(tmp_path / "a" / "report.pdf")
    make_structured_pdf(tmp_path / "b" / "report.pdf", outline=False)
    make_long_pdf(tmp_path / "long.pdf", pages=12)
    make_bad_pdf(tmp_path / "bad.pdf", "not_pdf")
    return tmp_path


def _texts(lib, question: str, retriever: str) -> list[str]:
    return [c.chunk.text for c in lib.retrieve(question, retriever, 3).chunks]


def test_a_running_library_sees_the_clis_ingest_and_never_undoes_it(make_library, pdfs):
    data_dir = pdfs / "lib"
    lib = make_library(data_dir)  # long-lived, like the app
    assert lib.add([pdfs / "a" / "report.pdf"])[0].status == "added"
    assert not any("Paragraph 11" in t for t in _texts(lib, LONG_Q, "bm25"))
    proc = cli(data_dir, "ingest", str(pdfs / "long.pdf"), str(pdfs / "bad.pdf"), check=False)
    assert proc.returncode == 1, proc.stdout + proc.stderr  # one file failed
    assert "FAILED" in proc.stdout and "1 of 2 files ok; library: 2 documents" in proc.stdout
    for retriever in ("bm25", "dense"):  # no restart: the next question reloads what changed
        assert "Paragraph 11 explains" in _texts(lib, LONG_Q, retriever)[0]
    assert lib.live.reloads >= 1
    second = lib.add([pdfs / "b" / "report.pdf"])[0]  # same name, other folder: a new document
    assert second.status == "added"
    # a fresh process still finds the CLI's document: the library's write kept it
    out = json.loads(cli(data_dir, "retrieve", LONG_Q, "--retriever", "bm25", "--json").stdout)
    assert "Paragraph 11 explains" in out["chunks"][0]["text"]
    docs = json.loads(cli(data_dir, "documents", "--json").stdout)
    reports = sorted(d["origin"] for d in docs if d["source"] == "report.pdf")
    assert reports == [str(pdfs / "a" / "report.pdf"), str(pdfs / "b" / "report.pdf")]
    assert_consistent(lib)


def test_ingest_exit_status(pdfs):
    data_dir = pdfs / "lib"
    ok = cli(data_dir, "ingest", str(pdfs / "a"), check=False)
    assert ok.returncode == 0 and "1 of 1 files ok" in ok.stdout
    again = cli(data_dir, "ingest", str(pdfs / "a"), str(pdfs / "bad.pdf"), check=False)
    assert again.returncode == 1 and "skipped" in again.stdout and "FAILED" in again.stdout
    (pdfs / "other").mkdir()
    (pdfs / "other" / "old.doc").write_bytes(b"\xd0\xcf\x11\xe0 a binary Word file")
    none = cli(data_dir, "ingest", str(pdfs / "other"), check=False)
    assert none.returncode == 2 and "no PDF or other document files found" in none.stderr
    assert "skipped (type .doc" in none.stdout


def test_remove_then_restore_gives_back_every_edge(make_library, pdfs):
    data_dir = pdfs / "lib"
    lib = make_library(data_dir)
    lib.add([pdfs / "a", pdfs / "b", pdfs / "long.pdf"])
    before = json.loads(cli(data_dir, "stats", "--json").stdout)
    # a/report.pdf was added first: the documents added after it hold edges to it
    first = next(d for d in lib.documents() if d.origin == str((pdfs / "a" / "report.pdf").resolve()))
    edges = sorted(lib.catalog.edge_rows(first.doc_id))
    assert [r for r in edges if r[5] != first.doc_id]  # other documents' edges to it
    lib.remove(first.doc_id)
    assert lib.stats()["edges"] != before["edges"]
    lib.restore(first.doc_id)
    assert json.loads(cli(data_dir, "stats", "--json").stdout) == before
    assert sorted(lib.catalog.edge_rows(first.doc_id)) == edges


def test_changed_file_from_the_same_path_replaces_and_the_old_version_is_restorable(make_library, pdfs):
    lib = make_library(pdfs / "lib")
    path = pdfs / "a" / "report.pdf"
    old = lib.add([path])[0].doc
    lib.add([pdfs / "b" / "report.pdf"])
    make_structured_pdf(path, outline=False)  # new content, same path
    make_long_pdf(path, pages=3)
    out = lib.add([path])[0]
    assert out.status == "replaced"
    assert old.doc_id not in {d.doc_id for d in lib.documents()} and len(lib.documents()) == 2
    assert [d.doc_id for d in lib.trash.documents()] == [old.doc_id]
    assert lib.restore(old.doc_id).doc_id == old.doc_id  # undo: the old version is back...
    assert out.doc.doc_id not in {d.doc_id for d in lib.documents()}  # ...replacing the new one
    assert_consistent(lib)


def test_an_upload_replaces_the_upload_with_the_same_name(make_library, pdfs):
    lib = make_library(pdfs / "lib")
    first = lib.add([pdfs / "a" / "report.pdf"], names={str(pdfs / "a" / "report.pdf"): "report.pdf"})[0]
    assert first.doc.origin == "upload:report.pdf"
    again = lib.add([pdfs / "b" / "report.pdf"], names={str(pdfs / "b" / "report.pdf"): "report.pdf"})[0]
    assert again.status == "replaced" and [d.doc_id for d in lib.documents()] == [again.doc.doc_id]


def test_the_cli_follows_its_job_when_another_worker_runs_it(make_library, pdfs):
    lib = make_library(pdfs / "lib")
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONUNBUFFERED": "1"}
    lines: list[str] = []
    with file_lock(lib.settings.data_dir / WORKER_LOCK) as held:  # another worker (the app's, say) holds the queue
        assert held
        proc = subprocess.Popen([sys.executable, "-m", "core", "--data-dir", str(pdfs / "lib"), "ingest",
                                 str(pdfs / "a")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        reader = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)
        reader.start()
        wait_for(lambda: any("following job" in line for line in lines) or proc.poll() is not None,
                 timeout=300, what="the CLI to say it follows its job")
    lib.run_jobs(until=1)  # this worker runs it (unless the CLI, polling, took it over first)
    assert proc.wait(timeout=600) == 0, proc.stderr.read()[-2000:]
    reader.join(timeout=60)
    out = "".join(lines)
    assert "another worker is running for this library; following job 1" in out
    assert "added    " in out and "1 of 1 files ok; library: 1 documents" in out
    assert lib.job(1).status == "done" and [d.source for d in lib.documents()] == ["report.pdf"]


def _worker(data_dir) -> subprocess.Popen:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "core", "--data-dir", str(data_dir), "worker", "--linger", "0"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)


def test_job_table_survives_a_reload_and_a_killed_worker(make_library, pdfs):
    data_dir = pdfs / "lib"
    lib = make_library(data_dir)
    make_long_pdf(pdfs / "big.pdf", pages=60)
    job_id = lib.enqueue([pdfs / "big.pdf", pdfs / "a"], start=False)
    seen = make_library(data_dir)  # another session, or the page after a browser reload
    assert [(f.name, f.status) for f in seen.job(job_id).files] == [("big.pdf", "queued"), ("report.pdf", "queued")]
    worker = _worker(data_dir)
    wait_for(lambda: seen.job(job_id).files[0].stage == "embed", timeout=300, what="the worker to embed big.pdf")
    worker.send_signal(signal.SIGKILL)
    worker.wait(timeout=30)
    assert seen.job(job_id).status == "running" and not seen.worker_running()
    worker = _worker(data_dir)  # the next worker marks the job and cleans up
    assert worker.wait(timeout=300) == 0
    job = seen.job(job_id)
    assert job.status == "failed" and "interrupted" in job.message
    assert [f.status for f in job.files] == ["error", "error"]
    assert seen.documents() == [] and seen.catalog.pending_documents() == []
    assert_consistent(seen)


def test_questions_are_answered_while_a_document_is_added(make_library, pdfs):
    lib = make_library(pdfs / "lib")
    lib.add([pdfs / "a"])
    make_long_pdf(pdfs / "big.pdf", pages=150)
    job_id = lib.enqueue([pdfs / "big.pdf"], start=False)
    worker = threading.Thread(target=lib.run_jobs)  # a worker thread in this process: the worst case
    worker.start()
    latencies = []
    while worker.is_alive():
        start = time.perf_counter()
        assert "03:15" in _texts(lib, "When does the nightly rebuild run?", "hybrid")[0]
        latencies.append(time.perf_counter() - start)
        time.sleep(0.05)
    worker.join()
    assert lib.job(job_id).status == "done"
    assert len(latencies) >= 5, latencies
    assert max(latencies) < 5.0, sorted(latencies)[-5:]
    assert "Paragraph 11 explains" in _texts(lib, LONG_Q, "bm25")[0]
