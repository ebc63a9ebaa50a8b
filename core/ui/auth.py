"""The app's door: who may open the library, decided before any page touches it.

- Served on this machine only (`server.address` 127.0.0.1 / ::1 / localhost, as the repo's
  .streamlit/config.toml sets it) and no FOLIO_PASSWORD: open, as a desktop app.
- FOLIO_PASSWORD set: every browser session logs in first, wherever the app is served (a
  reverse proxy in front of 127.0.0.1 is covered too). The password is compared in constant
  time, and a wrong one costs FAIL_DELAY_S, one failure at a time across all sessions.
- Served on a network address (or on every interface, Streamlit's default when no address is
  set) without FOLIO_PASSWORD: refused, with the fix in one line.
- Without a password, a request naming another host than this machine (DNS rebinding from a
  web page, a proxy) is refused too.

`require_access()` is called at the start of app.py's main() and inside
core.ui.resources.get_library(), so a page opened by any URL meets the same door.

Example:
    >>> refusal("0.0.0.0", password="", host="192.168.1.5:8501")[:40]
    'Folio is served on 0.0.0.0 without a pas'
    >>> refusal("127.0.0.1", password="", host="localhost:8501") is None
    True
"""
from __future__ import annotations

import hmac
import ipaddress
import os
import threading
import time

import streamlit as st

PASSWORD_ENV = "FOLIO_PASSWORD"
FAIL_DELAY_S = 1.0  # after a wrong password: slows guessing without bothering a person
SESSION_KEY = "folio_authenticated"
_FAILURES = threading.Lock()


def is_loopback(address: str | None) -> bool:
    """True for 'localhost' and loopback IPs (127.0.0.0/8, ::1); False for anything else,
    including no address at all (Streamlit then listens on every interface)."""
    if not address:
        return False
    name = address.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False  # a host name or a unix:// socket: may be reachable from elsewhere


def host_name(host_header: str) -> str:
    """The host part of an HTTP Host header: 'localhost:8501' -> 'localhost', '[::1]:8501' -> '::1'."""
    host = host_header.strip()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host[1:]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def refusal(address: str | None, password: str, host: str | None) -> str | None:
    """Why this request may not open the library (one line), or None when it may (after the
    login, when a password is set). `host` is the request's Host header, None when unknown."""
    if password:
        return None
    if not is_loopback(address):
        where = address or "every network interface"
        return (f"Folio is served on {where} without a password, so it opens no library: restart it with "
                f"{PASSWORD_ENV} set, or without --server.address to serve this machine only (127.0.0.1).")
    if host and not is_loopback(host_name(host)):
        return (f"This page was requested as {host_name(host)!r}, not as this machine (localhost): "
                f"open http://localhost:<port>, or set {PASSWORD_ENV} to serve Folio under another name.")
    return None


def password_matches(given: str, expected: str) -> bool:
    """Constant-time comparison of the typed password with FOLIO_PASSWORD."""
    return hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))


def served_locally() -> bool:
    """True when this Streamlit server listens on a loopback address only."""
    return is_loopback(st.get_option("server.address"))


def require_access() -> None:
    """Let this script run go on only when this session may open the library; otherwise show
    the refusal or the login form, and stop the run."""
    password = os.environ.get(PASSWORD_ENV, "")
    problem = refusal(st.get_option("server.address"), password, _request_host())
    if problem is None and (not password or st.session_state.get(SESSION_KEY)):
        return
    st.set_page_config(page_title="Folio", page_icon="📚")
    if problem:
        st.error(problem)
    else:
        _login(password)
    st.stop()


def _request_host() -> str | None:
    """The Host header of this session's request (None outside a served session, e.g. AppTest)."""
    try:
        return st.context.headers.get("Host")
    except (AttributeError, RuntimeError):
        return None


def _login(password: str) -> None:
    """The password form; a right password marks this browser session and reruns the page."""
    st.title("Folio")
    with st.form("folio_login"):
        given = st.text_input("Password", type="password", key="folio_login_password")
        submitted = st.form_submit_button("Open the library", type="primary")
    if not submitted:
        st.caption("This Folio asks for the password set in FOLIO_PASSWORD.")
        return
    if password_matches(given, password):
        st.session_state[SESSION_KEY] = True
        st.rerun()
    wrong_password_pause()
    st.error("Wrong password.")


def wrong_password_pause() -> None:
    """Wait FAIL_DELAY_S after a wrong password; failures take turns, so many sessions guessing
    at once still get one guess a second between them."""
    with _FAILURES:
        time.sleep(FAIL_DELAY_S)
