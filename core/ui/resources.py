"""Process-wide resources for the Streamlit app, created once and shared by every session.

The Library holds the embedding model, the index handles and an internal lock, so one
instance serves all browser sessions of a process (Streamlit's `st.cache_resource`).

Example:
    >>> # library = get_library()      # in a page; FOLIO_DATA_DIR chooses the folder
"""
from __future__ import annotations

import os
import threading

import streamlit as st

from core.folders.serve import keep_watching
from core.library import Library
from core.ui.auth import require_access


@st.cache_resource(show_spinner="Opening the library…")
def open_library(data_dir: str) -> Library:
    """The Library in `data_dir`, opened once per process and data dir. The embedding model
    loads in the background meanwhile, so the first question does not wait for it."""
    library = Library.open(data_dir)
    threading.Thread(target=library.embedder.embed_query, args=("warm up",), name="folio-warm-up",
                     daemon=True).start()
    library.start_worker()  # files queued before a crash or restart are added now
    keep_watching(library)  # a worker watches the library's folders while the app runs
    return library


def data_dir() -> str:
    """The data folder chosen by FOLIO_DATA_DIR (default ~/.folio), expanded."""
    return os.path.expanduser(os.environ.get("FOLIO_DATA_DIR") or "~/.folio")


def get_library() -> Library:
    """The shared Library for this process's data dir, behind the app's door (core.ui.auth):
    pages must take the library from here, so a page opened by any URL asks for the password."""
    require_access()
    return open_library(data_dir())
