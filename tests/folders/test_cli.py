"""The command line of watched folders, as a user runs it: `folders add|list|remove`, `sync`
(exit 0 / 1 / 2), `watch` (Ctrl-C stops it within a second)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.locks import is_locked
from tests.folders.helpers import ctrl_c_default, make_pdf, wait_for

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cli(tmp_path):
    """Run `python -m core --data-dir LIB ARGS...`; returns (exit code, stdout + stderr)."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "FOLIO_KEYWORDS": "tfidf", "PYTHONUNBUFFERED": "1"}
    data_dir = tmp_path / "lib"

    def run(*args: str) -> tuple[int, str]:
        done = subprocess.run([sys.executable, "-m", "core", "--data-dir", str(data_dir), *args], cwd=ROOT, env=env,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600)
        return done.returncode, done.stdout + done.stderr

    run.data_dir, run.env = data_dir, env
    yield run
    # `folders add` starts a worker; it exits once its caller is gone and the queue is empty
    wait_for(lambda: not is_locked(data_dir / ".worker.lock") and not is_locked(data_dir / ".watch.lock"),
             timeout=300, what="the background worker's exit")


def test_folders_add_list_sync_and_remove(cli, docs):
    make_pdf(docs / "a.pdf", "The zebra protocol listens on port 7411.")
    make_pdf(docs / "sub" / "b.pdf", "Lanterns are refilled every Tuesday.")
    assert cli("sync")[0] == 2  # nothing watched yet
    code, out = cli("folders", "add", str(docs / "missing"))
    assert code == 2 and out.count("\n") == 1 and "no such folder" in out
    code, out = cli("folders", "add", str(docs))
    assert code == 0 and f"watching {docs}" in out
    code, out = cli("sync")
    assert code == 0, out
    code, out = cli("folders", "list")
    assert f"{docs} — available: 2 files, 2 in the library, 0 queued, 0 failed" in out
    (docs / "bad.pdf").write_bytes(b"not a PDF, though it ends like one %%EOF")
    os.utime(docs / "bad.pdf", (time.time() - 30,) * 2)
    code, out = cli("sync", str(docs))
    assert code == 1 and "FAILED" in out and "bad.pdf" in out, out
    code, out = cli("folders", "remove", str(docs))  # no terminal to ask: says what to add
    assert code == 2 and "--trash" in out and "--keep" in out
    code, out = cli("folders", "remove", str(docs), "--keep")
    assert code == 0 and "stay in the library" in out
    assert "2 documents" in cli("sync")[1] or cli("sync")[0] == 2
    code, out = cli("documents")
    assert "a.pdf" in out and "b.pdf" in out


def test_watch_prints_progress_and_stops_within_a_second_on_ctrl_c(cli, docs):
    make_pdf(docs / "a.pdf", "Owls hunt at dusk in the northern valley.")
    assert cli("folders", "add", str(docs))[0] == 0
    wait_for(lambda: "1 in the library" in cli("folders", "list")[1], timeout=300, what="the first sync's add")
    wait_for(lambda: not is_locked(cli.data_dir / ".watch.lock"), timeout=300, what="the first worker's exit")
    log = cli.data_dir.parent / "watch.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "core", "--data-dir", str(cli.data_dir), "watch"], cwd=ROOT,
                                env=cli.env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                preexec_fn=ctrl_c_default)
    try:
        wait_for(lambda: "synced" in log.read_text(), timeout=300, what="the rescan at start")
        make_pdf(docs / "b.pdf", "Kestrels hover over the verge.", settled=False)
        wait_for(lambda: any(line.startswith("added") and "b.pdf" in line for line in log.read_text().splitlines()),
                 timeout=300, what="the new file's summary line")
        start = time.monotonic()
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
        stopped = time.monotonic() - start
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert stopped <= 1.0, f"watch took {stopped:.2f} s to stop"
    assert "changes in" in log.read_text()
