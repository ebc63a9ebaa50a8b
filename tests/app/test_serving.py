"""Real `streamlit run app.py` processes: where the app listens, and what a network-served app
shows before the library (pages opened over Streamlit's websocket, as a browser does).

Only 127.0.0.1 is ever connected to; the 0.0.0.0 servers are reached through it.
"""
from __future__ import annotations

import contextlib
import sys
import urllib.request
from pathlib import Path

import psutil
import pytest

from tests.app.ws_client import open_page
from tests.servers import free_port, running

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as reply:
            return reply.read().strip() == b"ok"
    except OSError:
        return False


@contextlib.contextmanager
def serve(tmp_path: Path, *flags: str, password: str = ""):
    """`streamlit run app.py` from the repository folder (its .streamlit/config.toml applies)."""
    port = free_port()
    env = {"FOLIO_DATA_DIR": str(tmp_path / "data"), "FOLIO_PASSWORD": password,  # "": no password
           "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
           "--server.fileWatcherType", "none", *flags]
    with running(cmd, lambda: _healthy(port), tmp_path / "streamlit.log", wait_s=90, env=env, cwd=ROOT) as proc:
        yield proc, port


def test_the_readme_command_listens_on_127_0_0_1_only(tmp_path):
    with serve(tmp_path) as (proc, port):
        listening = {c.laddr.ip for c in psutil.Process(proc.pid).net_connections("inet")
                     if c.status == psutil.CONN_LISTEN and c.laddr.port == port}
    assert listening == {"127.0.0.1"}


def test_served_on_a_network_without_password_it_refuses_every_page(tmp_path):
    with serve(tmp_path, "--server.address", "0.0.0.0") as (_, port):
        for page in ("", "Library", "Evaluate"):  # deep links run through the same door
            shown = open_page(port, page)
            assert len(shown.errors) == 1 and "served on 0.0.0.0 without a password" in shown.errors[0]
            assert not shown.inputs
    assert not (tmp_path / "data").exists()  # the library was never opened


def test_served_on_a_network_with_password_every_page_asks_for_it(tmp_path):
    with serve(tmp_path, "--server.address", "0.0.0.0", password="s3cret") as (_, port):
        for page in ("", "Library", "Compare"):
            shown = open_page(port, page)
            assert shown.inputs == ["Password"] and not shown.errors
    assert not (tmp_path / "data").exists()


def test_the_repository_config_turns_off_per_run_gc_and_file_watching():
    """Streamlit's defaults cost most of the app's CPU per question (a full gc.collect after
    every page run; file watchers) — benchmarks/app_load.py with --streamlit-option shows it."""
    import subprocess

    probe = ("from streamlit import config; config.get_config_options(force_reparse=True); "
             "print(config.get_option('runner.postScriptGC'), config.get_option('server.fileWatcherType'), "
             "config.get_where_defined('runner.postScriptGC'))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    gc_after_run, watcher, where = out.stdout.split()
    assert (gc_after_run, watcher) == ("False", "none")
    assert Path(where) == ROOT / ".streamlit" / "config.toml"
