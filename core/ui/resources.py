"""Process-wide resources for the Streamlit app, created once and shared by every session.

The Library holds the embedding model, the index handles and an internal lock, so one
instance serves all browser sessions of a process; the server's start opens and warms it
(core.ui.serving), before any browser asks.

Example:
    >>> # library = get_library()      # in a page; FOLIO_DATA_DIR chooses the folder
"""
from __future__ import annotations

import logging
import os
import threading

import streamlit as st

from core.answer.nlp import parse
from core.library.folders.serve import keep_watching
from core.library import Library
from core.ui.auth import require_access


_OPEN: dict[str, Library] = {}
_WARM: set[str] = set()
_LOCK = threading.Lock()  # opening
_WARMING = threading.Lock()  # warming: a second caller waits for the first, then finds it done
WARM_QUESTION = "How do I install it?"
_LOG = logging.getLogger("folio.warm")


def shared_library(data_dir: str) -> Library:
    """The process's one Library for `data_dir`, opened on first use (by the server's warm-up
    or the first page, whichever comes first); its worker starts with it."""
    with _LOCK:
        if data_dir not in _OPEN:
            library = Library.open(data_dir)
            library.start_worker()  # files queued before a crash or restart are added now
            keep_watching(library)  # a worker watches the library's folders while the app runs
            _OPEN[data_dir] = library
        return _OPEN[data_dir]


def warm_library(data_dir: str) -> Library:
    """The shared Library, with what the first question needs loaded, once per process: the
    embedding model, each store and the offline reader answer one question (never an LLM call).
    A failed warm-up is logged: it only costs the first question its time."""
    library = shared_library(data_dir)
    with _WARMING:
        if data_dir in _WARM:
            return library
        _WARM.add(data_dir)
        try:
            library.embedder.embed_query(WARM_QUESTION)
            parse(WARM_QUESTION)  # spaCy, which a first question no longer loads: the first follow-up needs it
            result = library.retrieve(WARM_QUESTION)
            if not library.settings.llm.configured and library.llm is None and result.chunks:
                library.ask(WARM_QUESTION, k=3)
        except Exception:  # noqa: BLE001 - e.g. an empty library; the pages say what is wrong
            _LOG.warning("warm-up of %s stopped early", data_dir, exc_info=True)
    return library


@st.cache_resource(show_spinner="Opening the library…")
def open_library(data_dir: str) -> Library:
    """The Library in `data_dir` for the pages, warm: the server's start began warming it
    (core.ui.serving), so a page opened later does not wait, and the first question is
    answered as fast as the next ones."""
    return warm_library(data_dir)


def data_dir() -> str:
    """The data folder chosen by FOLIO_DATA_DIR (default ~/.folio), expanded."""
    return os.path.expanduser(os.environ.get("FOLIO_DATA_DIR") or "~/.folio")


def get_library() -> Library:
    """The shared Library for this process's data dir, behind the app's door (core.ui.auth):
    pages must take the library from here, so a page opened by any URL asks for the password."""
    require_access()
    return open_library(data_dir())
