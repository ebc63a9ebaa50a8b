"""Files as people's programs leave them, seen by real processes: a file written in pieces
while the app's kind of worker watches, and a CLI `sync` over a folder holding a symlink
that leads outside the import roots and a file it cannot read."""
from __future__ import annotations

import os
import threading

import pytest

from core.config import FolderSettings
from tests.folders.helpers import make_pdf, pdf_bytes, wait_for
from tests.folders.processes import query, ready, start, start_worker, watched, without_file_override

pytestmark = pytest.mark.slow
PAUSE_S = 1.5  # the writer's pause between pieces: longer than settle_s (1 s)


def test_a_file_written_in_pieces_is_read_once_and_whole(tmp_path, docs, env, processes):
    data_dir = tmp_path / "lib"
    watched(data_dir, docs)
    start_worker(processes, data_dir, env)
    synced = "SELECT COUNT(*) FROM jobs WHERE kind='sync' AND status='done'"
    wait_for(lambda: query(data_dir, synced) and query(data_dir, synced)[0][0] >= 1, timeout=300,
             what="the worker's first sync (it watches from then on)")
    data = pdf_bytes("Slow copy of the survey report about basalt columns.", pages=4)
    target, size = docs / "slow.pdf", len(data) // 4 + 1
    with open(target, "wb") as fh:
        for start_at in range(0, len(data), size):
            fh.write(data[start_at: start_at + size])
            fh.flush()
            os.fsync(fh.fileno())
            threading.Event().wait(PAUSE_S)  # the slow writer under test (not a wait for a condition)
            assert not added(data_dir), "a half-written file was queued"
        # written out but still open: a pass that looks when the clock alone would call it
        # settled (past settle_s, ends with %%EOF) must still wait for the writer's close
        wait_for(lambda: waited_while_open(data_dir, target), timeout=120, what="a pass that waits for the close")
        assert not added(data_dir), "a file still open for writing was queued"
    wait_for(lambda: added(data_dir) == [("added",)], timeout=300, what="the file, once closed, added once")
    assert ready(data_dir) == 1 and query(data_dir, "SELECT pages FROM documents") == [(4,)]  # complete


def added(data_dir) -> list[tuple]:
    """The statuses of the files of add jobs."""
    return query(data_dir, "SELECT f.status FROM job_files f JOIN jobs j ON j.job_id=f.job_id WHERE j.kind='add'")


def waited_while_open(data_dir, path) -> bool:
    """True once a pass looked at `path` after it was settle_s old and still decided to wait:
    the first pass (0.3 s after the last write) sets a retry poll_s on; only a later one
    sets it past settle_s + poll_s after the file's mtime (the clock alone gives settle_s)."""
    settings = FolderSettings()
    rows = query(data_dir, f"SELECT state, retry_at, mtime_ns FROM folder_files WHERE path='{path}'")
    return bool(rows) and rows[0][0] == "waiting" and \
        rows[0][1] - rows[0][2] / 1e9 > settings.settle_s + settings.poll_s


def test_a_cli_sync_skips_links_out_of_the_roots_and_reports_an_unreadable_file(tmp_path, docs, env, processes):
    outside = make_pdf(tmp_path / "outside" / "secret.pdf", "The vault code is 4242.")
    (docs / "link.pdf").symlink_to(outside)
    make_pdf(docs / "good.pdf", "Robins defend their winter territory.")
    make_pdf(docs / "sub" / "also.pdf", "Wrens sing loudly for their size.")
    locked = make_pdf(docs / "locked.pdf", "Unreadable for the syncing process.")
    locked.chmod(0)
    data_dir = tmp_path / "lib"
    watched(data_dir, docs)
    cli = start(processes, data_dir, env, "sync", preexec=without_file_override)
    assert cli.wait(timeout=600) == 1  # a file failed
    out = (tmp_path / "sync-0.log").read_text()
    lines = [line for line in out.splitlines() if "locked.pdf" in line]
    assert len(lines) == 1 and f"{locked}: cannot read: Permission denied" in lines[0], out  # one line
    assert sorted(query(data_dir, "SELECT source FROM documents WHERE status='ready'")) == \
        [("also.pdf",), ("good.pdf",)]
    assert query(data_dir, "SELECT COUNT(*) FROM folder_files WHERE path LIKE '%link.pdf'") == [(0,)]
