"""The access gate (core/ui/auth.py): pure rules, then the login through Streamlit's AppTest.

A spy on core.ui.resources.open_library records every time a page reached the library, so
"no library content" is checked at the door, not only on the screen.
"""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.ui import auth, resources
from tests.app.conftest import serve_on

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["app.py", "app_pages/library.py", "app_pages/compare.py", "app_pages/graph.py", "app_pages/evaluate.py"]
PASSWORD = "correct horse battery"


def test_loopback_addresses_and_host_headers():
    assert all(auth.is_loopback(a) for a in ("127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost", "LOCALHOST"))
    assert not any(auth.is_loopback(a) for a in (None, "", "0.0.0.0", "::", "192.168.1.5", "myhost", "unix:///tmp/s"))
    assert [auth.host_name(h) for h in ("localhost:8501", "[::1]:8501", "127.0.0.1", "::1", "evil.example:80")] \
        == ["localhost", "::1", "127.0.0.1", "::1", "evil.example"]


def test_refusal_rules():
    assert auth.refusal("127.0.0.1", "", "localhost:8501") is None
    assert auth.refusal("127.0.0.1", "", None) is None  # no HTTP request (AppTest)
    for address in ("0.0.0.0", None, "192.168.1.5"):
        reason = auth.refusal(address, "", "localhost:8501")
        assert "without a password" in reason and "FOLIO_PASSWORD" in reason and "\n" not in reason
    assert "every network interface" in auth.refusal(None, "", None)
    assert auth.refusal("0.0.0.0", "pw", "192.168.1.5:8501") is None  # the login decides
    rebound = auth.refusal("127.0.0.1", "", "attacker.example:8501")  # DNS rebinding / proxy
    assert "'attacker.example'" in rebound and "FOLIO_PASSWORD" in rebound
    assert auth.password_matches("s3cret", "s3cret") and not auth.password_matches("s3cre", "s3cret")
    assert auth.password_matches("été", "été")


def test_wrong_passwords_take_turns_across_sessions(monkeypatch):
    monkeypatch.setattr(auth, "FAIL_DELAY_S", 0.2)
    guesses = [threading.Thread(target=auth.wrong_password_pause) for _ in range(3)]
    start = time.monotonic()
    for g in guesses:
        g.start()
    for g in guesses:
        g.join()
    assert time.monotonic() - start >= 0.6


@pytest.fixture
def door(tmp_path, monkeypatch):
    """A fresh data dir, and the list of data dirs the pages opened through get_library."""
    opened: list[str] = []
    real = resources.open_library
    monkeypatch.setattr(resources, "open_library", lambda d: opened.append(d) or real(d))
    monkeypatch.setenv("FOLIO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("FOLIO_PASSWORD", raising=False)
    return opened


def _run(script: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / script), default_timeout=240)
    at.run()
    assert not at.exception, at.exception
    return at


def _screen(at: AppTest) -> list[str]:
    return [e.value for kind in ("title", "markdown", "subheader", "error", "info") for e in getattr(at, kind)]


def test_password_login_wrong_then_right(door, monkeypatch):
    monkeypatch.setenv("FOLIO_PASSWORD", PASSWORD)
    at = _run("app.py")
    assert [t.label for t in at.text_input] == ["Password"] and door == []
    at.text_input(key="folio_login_password").set_value("correct horse")
    start = time.monotonic()
    at.button[0].click().run()
    assert time.monotonic() - start >= auth.FAIL_DELAY_S
    assert "Wrong password." in [e.value for e in at.error]
    assert door == [] and not any("Chat with your documents" in t for t in _screen(at))
    at.text_input(key="folio_login_password").set_value(PASSWORD)
    at.button[0].click().run()
    assert not at.exception, at.exception
    assert "Chat with your documents" in [t.value for t in at.title] and len(door) >= 1
    assert not at.text_input  # the form is gone for the rest of the session


@pytest.mark.parametrize("script", PAGES)
def test_no_page_reaches_the_library_before_the_login(door, monkeypatch, script):
    """Opened directly (no app.py main() in front), each page still meets the door."""
    monkeypatch.setenv("FOLIO_PASSWORD", PASSWORD)
    at = _run(script)
    assert [t.label for t in at.text_input] == ["Password"]
    assert door == [] and not Path(os.environ["FOLIO_DATA_DIR"]).exists()  # nothing created either
    assert not at.dataframe and not at.chat_input


def test_direct_page_opens_after_the_right_password(door, monkeypatch):
    monkeypatch.setenv("FOLIO_PASSWORD", PASSWORD)
    at = _run("app_pages/library.py")
    at.text_input(key="folio_login_password").set_value(PASSWORD)
    at.button[0].click().run()
    assert not at.exception, at.exception
    assert "Library" in [t.value for t in at.title] and door


@pytest.mark.parametrize("script", ["app.py", "app_pages/library.py", "app_pages/evaluate.py"])
def test_network_address_without_password_refuses_in_one_line(door, script):
    serve_on("0.0.0.0")
    at = _run(script)
    assert len(at.error) == 1 and "served on 0.0.0.0 without a password" in at.error[0].value
    assert door == [] and not at.text_input and not at.button


def test_localhost_without_password_opens_directly(door):
    at = _run("app_pages/evaluate.py")
    assert "Evaluate retrievers" in [t.value for t in at.title] and door
