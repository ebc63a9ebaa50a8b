"""The sidebar's "Search in" choice: everything, chosen folders, or chosen documents.

One choice serves every page (Chat, Compare, Evaluate): it is kept in the session under
`SAVED` and put back into the widgets of whichever page draws them, so a follow-up question,
or a switch to Compare, searches the same documents. Folders are the folders the library's
documents came from (their origin paths), with every parent folder they share.

Example:
    >>> from core.types import Document
    >>> docs = [Document("a", "A", "a.pdf", 1, origin="/p/x/a.pdf"),
    ...         Document("b", "B", "b.pdf", 1, origin="/p/y/b.pdf")]
    >>> folder_choices(docs)
    {'/p': 2, '/p/x': 1, '/p/y': 1}
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import streamlit as st

from core.errors import FolioError
from core.retrieve.scope import Scope
from core.types import Document
from core.ui.text import md_escape

MODES = ("Everything", "Folders", "Documents")
SAVED = "scope_saved"  # (mode, folders, doc ids): survives pages that do not draw the widgets
KEYS = {"mode": "scope_mode", "folders": "scope_folders", "docs": "scope_docs"}


def folder_choices(docs: Sequence[Document]) -> dict[str, int]:
    """Folder path -> documents under it: each document's folder and the parents that two
    or more folders share (so a whole tree can be chosen at once), sorted by path."""
    parents = [Path(d.origin).parent for d in docs if d.origin and not d.origin.startswith("upload:")]
    folders = set(parents)
    for a in set(parents):
        for b in set(parents):
            common = Path(*_common_parts(a, b))
            if a != b and len(common.parts) > 1:
                folders.add(common)
    return {str(f): sum(1 for p in parents if p.is_relative_to(f)) for f in sorted(folders)}


def _common_parts(a: Path, b: Path) -> list[str]:
    out = []
    for x, y in zip(a.parts, b.parts):
        if x != y:
            break
        out.append(x)
    return out


def _restore(docs: Sequence[Document], folders: dict[str, int]) -> None:
    """Put the saved choice into this page's widgets before they are drawn (a page switch
    gives them fresh state), dropping documents removed and folders emptied since."""
    mode, chosen_folders, chosen_docs = st.session_state.get(SAVED, (MODES[0], [], []))
    ids = {d.doc_id for d in docs}
    st.session_state[KEYS["mode"]] = mode
    st.session_state[KEYS["folders"]] = [f for f in chosen_folders if f in folders]
    st.session_state[KEYS["docs"]] = [d for d in chosen_docs if d in ids]


def _save() -> None:
    """Keep the widgets' choice (runs on change, before the page runs again)."""
    mode, chosen_folders, chosen_docs = st.session_state.get(SAVED, (MODES[0], [], []))
    state = st.session_state
    st.session_state[SAVED] = (state.get(KEYS["mode"], mode), list(state.get(KEYS["folders"], chosen_folders)),
                               list(state.get(KEYS["docs"], chosen_docs)))


def scope_picker(library, docs=None) -> Scope:
    """Draw "Search in" in the sidebar and return the scope chosen (with a caption saying
    how many documents it searches; `docs`: the ready documents, when the page has read them)."""
    docs = library.documents() if docs is None else docs
    folders = folder_choices(docs)
    _restore(docs, folders)
    side = st.sidebar
    mode = side.radio("Search in", MODES, key=KEYS["mode"], on_change=_save)
    chosen_folders = chosen_docs = []
    if mode == "Folders":
        chosen_folders = side.multiselect(
            "Folders", list(folders), key=KEYS["folders"], placeholder="Choose folders", on_change=_save,
            format_func=lambda f: f"{f} ({folders[f]})")
    elif mode == "Documents":
        titles = {d.doc_id: f"{d.title} · {Path(d.source).name}" for d in docs}
        chosen_docs = side.multiselect(
            "Documents", list(titles), key=KEYS["docs"], placeholder="Type to search documents", on_change=_save,
            format_func=titles.__getitem__)
    scope = Scope(documents=tuple(chosen_docs), folders=tuple(chosen_folders))
    try:
        side.caption(md_escape("Searching " + library.resolve_scope(scope).label))
    except FolioError as exc:
        side.error(md_escape(str(exc)))
        return Scope()
    return scope
