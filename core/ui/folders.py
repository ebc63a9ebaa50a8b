"""The Library page's "Folders" section: watch a folder, see each folder's status, Sync now,
stop watching, and take back files whose documents were removed (Include again).

Thin: everything goes through `core.library.folders.manage.WatchedFolders` (rows in the catalog,
sync jobs for the worker), so every tab shows the same status. A typed folder is read only
under the app's import roots (`core.ui.typed_paths`), like "Add folder".

Example:
    >>> # folders_section(library)      # in app_pages/library.py
"""
from __future__ import annotations

import zlib

import streamlit as st

from core.errors import FolioError
from core.library.folders.manage import FolderStatus, WatchedFolders
from core.ui.text import md_escape
from core.ui.typed_paths import typed_path


def folders_section(library) -> None:
    """Watched folders: add one, each one's status and actions."""
    folders = WatchedFolders(library)
    found = folders.status()
    with st.expander(f"Folders ({len(found)} watched): the library follows them", expanded=bool(found)):
        _add_form(library, folders)
        for status in found:
            _folder(folders, status)


def _add_form(library, folders: WatchedFolders) -> None:
    """A folder path to watch (under the import roots); its first sync is queued at once."""
    path = st.text_input("Folder to watch", key="watch_path",
                         help="PDFs added, changed, moved or deleted in it are followed while Folio runs")
    if st.button("Watch folder", key="watch_add") and path.strip():
        try:
            target = typed_path(path, library)
            if not target.is_dir():
                raise FolioError(f"{path.strip()}: not a folder")
            real, _ = folders.add(target)
        except FolioError as exc:
            st.error(md_escape(str(exc)))
        else:
            st.session_state["flash"] = f"Watching {real}: its files are being added in the background"
            st.rerun()


def _folder(folders: WatchedFolders, s: FolderStatus) -> None:
    """One folder: its status line, failures, excluded files, Sync now and Stop watching."""
    line = md_escape(s.line())
    (st.warning if s.state != "available" else st.markdown)(
        line + (f" — {md_escape(s.message)}" if s.message else ""))
    for path, reason in s.failed[:10]:
        st.caption(md_escape(f"failed: {path}: {reason}"))
    if len(s.failed) > 10:
        st.caption(f"and {len(s.failed) - 10} more failed files (`python -m core folders list` lists them)")
    key = f"folder_{zlib.crc32(s.path.encode())}"
    for row in s.excluded:
        left, right = st.columns([4, 1])
        left.caption(md_escape(f"excluded (removed in Folio): {row.path}"))
        if right.button("Include again", key=f"{key}_inc_{zlib.crc32(row.path.encode())}"):
            st.session_state["flash"] = f"{row.path}: {folders.include(row.path)}"
            st.rerun()
    sync, stop = st.columns(2)
    if sync.button("Sync now", key=f"{key}_sync"):
        folders.sync([s.path])
        st.session_state["flash"] = f"Sync of {s.path} queued"
        st.rerun()
    if stop.button("Stop watching…", key=f"{key}_stop"):
        st.session_state["confirm_unwatch"] = s.path
    if st.session_state.get("confirm_unwatch") == s.path:
        _confirm_remove(folders, s.path, key)


def _confirm_remove(folders: WatchedFolders, path: str, key: str) -> None:
    """Stop watching: its documents go to the trash, or stay in the library."""
    st.warning(md_escape(f"Stop watching {path}. What happens to its documents?"))
    trash, keep, cancel = st.columns(3)
    for column, label, to_trash in ((trash, "Move them to the trash", True), (keep, "Keep them", False)):
        if column.button(label, key=f"{key}_{'trash' if to_trash else 'keep'}"):
            n = folders.remove(path, trash=to_trash)
            st.session_state.pop("confirm_unwatch", None)
            st.session_state["flash"] = (f"Stopped watching {path}; "
                                         + (f"{n} document(s) went to the trash" if to_trash else "its documents stay"))
            st.rerun()
    if cancel.button("Cancel", key=f"{key}_cancel"):
        st.session_state.pop("confirm_unwatch", None)
        st.rerun()
