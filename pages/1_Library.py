"""Folio — Library: add PDFs (upload or folder), watch each file's progress, list, delete, undo.

Thin: ingestion, removal and listing go through the Library facade; each file succeeds or
fails on its own, and failures are shown per file without stopping the batch.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import streamlit as st

from core.errors import FolioError
from core.ingest.pipeline import ProgressEvent
from core.ui import progress as prog
from core.ui.resources import get_library
from core.evidence.originals import originals_line
from core.ui.tables import document_rows
from core.ui.text import md_escape
from core.ui.uploads import save_uploads
from core.ui.widgets import sidebar_status

STATUS_VIEW = {"added": st.success, "replaced": st.success, "duplicate": st.info, "error": st.error}


def run_add(library, paths: list[Path], names: dict[str, str]) -> None:
    """Add files with one progress bar per file; then one outcome line per file."""
    bars: dict[str, object] = {}
    by_base = {Path(full).name: shown for full, shown in names.items()}

    def display(file: str) -> str:
        """The user's name for a file; events name it by its path or by its base name."""
        return names.get(file) or by_base.get(Path(file).name) or Path(file).name

    def on_progress(event: ProgressEvent) -> None:
        """One bar per file, updated in place."""
        name = display(event.file)
        if name not in bars:
            bars[name] = st.progress(0.0, text=md_escape(name))
        bars[name].progress(prog.fraction(event), text=md_escape(prog.label(event, name)))

    try:
        outcomes = library.add(paths, progress=on_progress, names=names)
    except FolioError as exc:
        st.error(md_escape(str(exc)))
        return
    for outcome in outcomes:
        name = display(outcome.source)
        STATUS_VIEW.get(outcome.status, st.info)(md_escape(f"{name}: {outcome.status} — {outcome.message}"))
    if not outcomes:
        st.warning("No PDF files found there.")


def upload_section(library) -> None:
    """Drag-and-drop upload of many PDFs, saved under safe names in a temp dir."""
    files = st.file_uploader("Drop PDFs here", type=["pdf"], accept_multiple_files=True, key="uploads")
    if files and st.button(f"Add {len(files)} file(s)", type="primary", key="add_uploads"):
        saved = save_uploads(files)
        try:
            run_add(library, [s.path for s in saved], {str(s.path): s.original_name for s in saved})
        finally:
            if saved:
                shutil.rmtree(saved[0].path.parent.parent, ignore_errors=True)


def folder_section(library) -> None:
    """Add every PDF under a folder path (or one file path) on this machine."""
    with st.expander("Add from a folder on this machine, or load a passage corpus (JSONL)"):
        path = st.text_input("Folder or PDF path", key="folder_path")
        if st.button("Add folder", key="add_folder") and path.strip():
            target = Path(path.strip()).expanduser()
            if not target.exists():
                st.error(md_escape(f"{target} does not exist"))
            else:
                run_add(library, [target], {})
        corpus = st.text_input("Corpus JSONL path", key="corpus_path")
        if st.button("Load corpus", key="add_corpus") and corpus.strip():
            bar = st.progress(0.0, text="loading corpus")
            try:
                outcomes = library.add_corpus(corpus.strip(), progress=lambda e: bar.progress(
                    prog.fraction(e) if e.stage != "index" else e.done / max(1, e.total),
                    text=md_escape(prog.label(e, Path(corpus).name))))
                st.success(md_escape(f"{sum(o.status == 'added' for o in outcomes)} documents added"))
            except FolioError as exc:
                st.error(md_escape(str(exc)))


def documents_section(library) -> None:
    """The document table, delete with confirmation, and re-index."""
    docs = library.documents()
    st.subheader(f"Documents ({len(docs)})")
    if not docs:
        st.info("No documents yet.")
        return
    st.dataframe(pd.DataFrame(document_rows(docs)), hide_index=True, key="doc_table")
    st.caption("O" + originals_line(docs)[1:])  # "Original PDFs kept: 3 of 3, 4.2 MB"
    by_id = {d.doc_id: d for d in docs}
    choice = st.selectbox("Document", list(by_id), key="doc_choice",
                          format_func=lambda i: f"{by_id[i].title} ({by_id[i].source})")
    left, right = st.columns(2)
    if left.button("Delete…", key="ask_delete"):
        st.session_state["confirm_delete"] = choice
    tip = "Rebuild this document's chunks, vectors, postings and edges from its stored Markdown"
    if right.button("Re-index", key="reindex", help=tip):
        with st.spinner("Re-indexing…"):
            fresh = library.reindex(choice)
        st.success(md_escape(f"Re-indexed {fresh.source}: {fresh.chunks} chunks."))
    pending = st.session_state.get("confirm_delete")
    if pending in by_id:
        st.warning(md_escape(f"Delete {by_id[pending].title} ({by_id[pending].source}) from every index?"))
        yes, no = st.columns(2)
        if yes.button("Yes, delete", type="primary", key="confirm_yes"):
            removed = library.remove(pending)
            st.session_state.pop("confirm_delete", None)
            st.session_state["flash"] = f"Deleted {removed.title} (it is in the trash below)"
            st.session_state["undo"] = (removed.doc_id, removed.title)
            st.rerun()
        if no.button("Cancel", key="confirm_no"):
            st.session_state.pop("confirm_delete", None)
            st.rerun()


def restore(library, doc_id: str) -> None:
    """Put a removed document back and say so on the next run."""
    back = library.restore(doc_id)
    st.session_state.pop("undo", None)
    st.session_state["flash"] = f"Restored {back.title} ({back.chunks} chunks)"
    st.rerun()


def flash_section(library) -> None:
    """The last action's message, and an Undo button right after a delete."""
    if "flash" in st.session_state:
        st.success(md_escape(st.session_state.pop("flash")))
    undo = st.session_state.get("undo")
    if undo and st.button(md_escape(f"Undo: restore {undo[1]}"), key="undo_delete"):
        restore(library, undo[0])


def trash_section(library) -> None:
    """Removed documents: restore one, or empty the trash (after a confirmation)."""
    removed = library.trash.documents()
    if not removed:
        return
    with st.expander(f"Trash ({len(removed)} removed; restorable until the trash is emptied)"):
        by_id = {d.doc_id: d for d in removed}
        choice = st.selectbox("Removed document", list(by_id), key="trash_choice",
                              format_func=lambda i: f"{by_id[i].title} ({by_id[i].source})")
        left, right = st.columns(2)
        if left.button("Restore", key="restore"):
            restore(library, choice)
        if right.checkbox("Delete them for good", key="confirm_empty") and \
                right.button("Empty trash", type="primary", key="empty_trash"):
            gone = library.empty_trash()
            st.session_state.pop("undo", None)
            st.session_state["flash"] = f"Deleted {len(gone)} removed document(s) for good"
            st.rerun()


def main() -> None:
    """Render the Library page."""
    st.set_page_config(page_title="Folio — Library", page_icon="📚", layout="wide")
    library = get_library()
    st.title("Library")
    flash_section(library)
    upload_section(library)
    folder_section(library)
    documents_section(library)
    trash_section(library)
    sidebar_status(library)  # last, so the counts include what this run added or removed


main()
