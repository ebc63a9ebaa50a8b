"""Paths typed into the app's boxes, read only under the allowed roots (core.ingest.roots).

Every page that takes a path from its user (Library: folder or PDF, corpus; Evaluate:
questions file) goes through `typed_path` or `find_typed_pdfs`; a refusal is a FolioError
whose one-line message the page shows.

Example:
    >>> # files = find_typed_pdfs("~/papers", library)   # in a page; PathRefused when outside
"""
from __future__ import annotations

import os
from pathlib import Path

import streamlit as st

from core.errors import PathRefused
from core.ingest.files import find_pdfs
from core.ingest.roots import ImportRoots
from core.ui.auth import served_locally


def import_roots(library) -> ImportRoots:
    """The roots for this app: FOLIO_IMPORT_ROOTS, else home (local) or none (network)."""
    return ImportRoots.from_env(os.environ, library.settings.data_dir, served_locally())


def typed_path(text: str, library) -> Path:
    """The real path of a typed path under the roots; PathRefused otherwise."""
    return import_roots(library).resolve(text)


def find_typed_pdfs(text: str, library) -> list[Path]:
    """The PDFs of a typed folder (or the typed file), walked within the roots and the
    library's walk limits; the count so far is shown while it walks, and any click on the page
    (which reruns it) stops the walk."""
    roots = import_roots(library)
    target = roots.resolve(text)
    if not target.exists():  # inside the roots: saying so reveals nothing they do not allow
        raise PathRefused(f"{text.strip()}: no such file or folder")
    note = st.empty()

    def shown(entries: int, pdfs: int) -> None:
        """Streamlit stops the run inside this call when the user clicks elsewhere."""
        note.caption(f"Looking for PDFs: {entries:,} files and folders seen, {pdfs:,} PDFs")

    try:
        return find_pdfs([target], library.settings.walk, allowed=roots.allows, progress=shown)
    finally:
        note.empty()
