"""Reliability on real processes: the app's kind of worker (`worker --watch-while PID`) killed
with SIGKILL mid-sync, a watched root renamed away and back, and a CLI `sync` racing the
worker on the same folder."""
from __future__ import annotations

import signal

import pytest

from core.library.folders.manage import WatchedFolders
from tests.folders.helpers import make_pdf, wait_for
from tests.folders.processes import query, ready, start, start_worker, watched
from tests.test_atomic import assert_consistent

pytestmark = pytest.mark.slow


def test_kill_9_mid_sync_leaves_documents_whole_and_the_next_start_finishes(
        tmp_path, docs, env, processes, make_library):
    files = [make_pdf(docs / f"f{n}.pdf", f"Report {n} lists {n * 11} kestrels on the heath.", pages=3)
             for n in range(8)]
    data_dir = tmp_path / "lib"
    watched(data_dir, docs)
    worker = start_worker(processes, data_dir, env)
    wait_for(lambda: ready(data_dir) >= 1 or worker.poll() is not None, timeout=300, what="a first document")
    worker.send_signal(signal.SIGKILL)
    assert worker.wait(timeout=30) == -signal.SIGKILL
    lib = make_library(data_dir)  # opening repairs what the kill left
    assert_consistent(lib)
    assert 1 <= len(lib.documents()) < len(files), "the worker finished before it could be killed"
    start_worker(processes, data_dir, env)
    wait_for(lambda: ready(data_dir) == len(files), timeout=600, what="every file after the restart")
    wait_for(lambda: WatchedFolders(lib).status()[0].in_library == len(files), timeout=120, what="the status")
    # a job saves the full-text index when it ends (core/library/write_window.py), after its last
    # document is ready in the catalog: wait for the job's end, not for the documents
    wait_for(lambda: query(data_dir, "SELECT COUNT(*) FROM jobs WHERE status IN ('queued', 'running')") == [(0,)],
             timeout=120, what="the restarted worker's job finished")
    lib.live.sync()  # reload what the restarted worker committed, as the app does before a question
    assert_consistent(lib)
    assert {d.origin for d in lib.documents()} == {str(f) for f in files}


def test_a_root_renamed_away_and_back_trashes_nothing(tmp_path, docs, env, processes, make_library):
    make_pdf(docs / "a.pdf", "Swifts sleep on the wing.")
    make_pdf(docs / "sub" / "b.pdf", "Martins build nests of mud.")
    data_dir = tmp_path / "lib"
    watched(data_dir, docs)
    start_worker(processes, data_dir, env)
    wait_for(lambda: ready(data_dir) == 2, timeout=300, what="both files")
    state = "SELECT state FROM watched_folders"
    away = docs.parent / "renamed"
    docs.rename(away)
    wait_for(lambda: query(data_dir, state) == [("unavailable",)], timeout=60, what="the folder unavailable")
    docs.parent.joinpath("renamed").rename(docs)
    wait_for(lambda: query(data_dir, state) == [("available",)], timeout=60, what="the folder back")
    make_pdf(docs / "c.pdf", "Swallows leave in September.", settled=False)  # still watched
    wait_for(lambda: ready(data_dir) == 3, timeout=300, what="a file added after the folder came back")
    lib = make_library(data_dir)
    assert lib.trash.documents() == []


def test_the_worker_and_a_cli_sync_at_once_add_nothing_twice(tmp_path, docs, env, processes, make_library):
    for n in range(6):
        make_pdf(docs / f"f{n}.pdf", f"Survey {n} counted {n * 7} curlews.")
    data_dir = tmp_path / "lib"
    watched(data_dir, docs)
    start_worker(processes, data_dir, env)
    cli = start(processes, data_dir, env, "sync")
    assert cli.wait(timeout=600) == 0, (data_dir.parent / "sync-1.log").read_text()
    wait_for(lambda: ready(data_dir) == 6, timeout=600, what="six documents")
    added = query(data_dir, "SELECT f.path, f.status FROM job_files f JOIN jobs j ON j.job_id=f.job_id "
                            "WHERE j.kind='add'")
    assert sorted(p for p, _ in added) == sorted(str(docs / f"f{n}.pdf") for n in range(6))  # each queued once
    assert {s for _, s in added} == {"added"}
