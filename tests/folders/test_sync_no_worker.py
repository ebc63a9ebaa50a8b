"""`sync` adds the files it queued itself: it starts no background worker beside it, which
would only watch the folders meanwhile and hold its own few hundred MB (issue 24's peak memory)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.locks import file_lock
from tests.folders.helpers import make_pdf

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


def _cli(data_dir: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "FOLIO_KEYWORDS": "tfidf", "PYTHONUNBUFFERED": "1"}
    return subprocess.run([sys.executable, "-m", "core", "--data-dir", str(data_dir), *args], cwd=ROOT, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600)


def test_sync_adds_its_files_without_starting_a_worker(docs, tmp_path):
    make_pdf(docs / "a.pdf", "The zebra protocol listens on port 7411.")
    data_dir = tmp_path / "lib"
    data_dir.mkdir()
    with file_lock(data_dir / ".worker.lock", blocking=False) as held:  # `folders add` starts none either
        assert held is not None
        added = _cli(data_dir, "folders", "add", str(docs))
    assert added.returncode == 0, added.stderr
    done = _cli(data_dir, "sync")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "library: 1 documents" in done.stdout
    log = data_dir / "worker.log"
    assert not log.exists() or "starting a worker" not in log.read_text(), log.read_text()
