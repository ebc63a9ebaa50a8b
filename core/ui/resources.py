"""Process-wide resources for the Streamlit app, created once and shared by every session.

The Library holds the embedding model, the index handles and an internal lock, so one
instance serves all browser sessions of a process; the server's start opens and warms it
(core.ui.serving), before any browser asks.

Example:
    >>> # library = get_library()      # in a page; FOLIO_DATA_DIR chooses the folder
"""
from __future__ import annotations

import os
import threading

import streamlit as st

from core.library import Library
from core.ui.auth import require_access


_OPEN: dict[str, Library] = {}
_WARM: set[str] = set()
_LOCK = threading.Lock()
WARM_QUESTION = "How do I install it?"


def shared_library(data_dir: str) -> Library:
    """The process's one Library for `data_dir`, opened on first use (by the server's warm-up
    or the first page, whichever comes first); its worker starts with it."""
    with _LOCK:
        if data_dir not in _OPEN:
            library = Library.open(data_dir)
            library.start_worker()  # files queued before a crash or restart are added now
            _OPEN[data_dir] = library
        return _OPEN[data_dir]


def warm_library(data_dir: str) -> None:
    """Load what the first question needs, once per process: the embedding model, each
    store and the reader answer one question (no LLM call: retrieval and the offline reader only)."""
    with _LOCK:
        if data_dir in _WARM:
            return
        _WARM.add(data_dir)
    library = shared_library(data_dir)
    library.embedder.embed_query(WARM_QUESTION)
    result = library.retrieve(WARM_QUESTION)
    if not library.settings.llm.configured and library.llm is None and result.chunks:
        library.ask(WARM_QUESTION, k=3)


@st.cache_resource(show_spinner="Opening the library…")
def open_library(data_dir: str) -> Library:
    """The Library in `data_dir` for the pages (see `shared_library`); warmed in the background
    when the server's start did not warm it already (core.ui.serving)."""
    library = shared_library(data_dir)
    threading.Thread(target=warm_library, args=(data_dir,), name="folio-warm-up", daemon=True).start()
    return library


def data_dir() -> str:
    """The data folder chosen by FOLIO_DATA_DIR (default ~/.folio), expanded."""
    return os.path.expanduser(os.environ.get("FOLIO_DATA_DIR") or "~/.folio")


def get_library() -> Library:
    """The shared Library for this process's data dir, behind the app's door (core.ui.auth):
    pages must take the library from here, so a page opened by any URL asks for the password."""
    require_access()
    return open_library(data_dir())
