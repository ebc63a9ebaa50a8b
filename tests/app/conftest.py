"""App tests run as the repository's .streamlit/config.toml serves the app: on 127.0.0.1.

AppTest runs scripts in this process, where Streamlit reads its config from the working
directory; pinning the address from the repo's file keeps the access gate (core/ui/auth.py)
deciding as it does for `streamlit run app.py`, whatever folder pytest was started from.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from streamlit import config

REPO_CONFIG = Path(__file__).resolve().parents[2] / ".streamlit" / "config.toml"


def serve_on(address: str | None):
    """Set Streamlit's server.address for this process; returns the value it replaced."""
    before = config.get_option("server.address")
    config.set_option("server.address", address)
    return before


@pytest.fixture(autouse=True)
def repo_server_address():
    """server.address as the repo config sets it, restored after the test."""
    address = tomllib.loads(REPO_CONFIG.read_text("utf-8")).get("server", {}).get("address")
    before = serve_on(address)
    yield address
    serve_on(before)
