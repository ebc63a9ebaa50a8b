"""Folio — Library: add PDFs (upload or folder) in the background, watch the queue, list,
delete, undo.

Thin: adding queues a job that the library's worker runs (core/library/worker.py), so this page,
and every other page of every session, keeps answering meanwhile; the queue is read from
the job table, so it is the same for every session and survives a browser reload.
Removal, restore and listing go through the Library facade.
"""
from __future__ import annotations


import pandas as pd
import streamlit as st

from core.errors import FolioError
from core.ui.folders import folders_section
from core.ui.queue import file_line, job_summary, job_title, recent_finished, shown_files
from core.ui.resources import get_library
from core.evidence.originals import originals_line
from core.ui.tables import document_rows
from core.ui.text import md_escape
from core.ui.typed_paths import find_typed_pdfs, typed_path
from core.ingest.formats import upload_types
from core.ui.uploads import save_uploads
from core.ui.widgets import sidebar_status

QUEUE_POLL_S = 1.5  # how often the queue redraws itself (each session reads the job table)
RECENT_JOBS = 3  # finished jobs still shown under the running ones
ALERT = {"success": st.success, "info": st.info, "error": st.error}


def queued(message: str) -> None:
    """Say what was queued (shown at the top on the next run)."""
    st.session_state["flash"] = message


def upload_section(library) -> None:
    """Drag-and-drop upload of many PDFs: saved under safe names for the worker, then queued."""
    generation = st.session_state.setdefault("uploads_generation", 0)  # a new key empties the uploader
    files = st.file_uploader("Drop documents here: PDF, Word, PowerPoint, Excel, OpenDocument, RTF, HTML, "
                             "Markdown, text, EPUB", type=upload_types(), accept_multiple_files=True,
                             key=f"uploads-{generation}")
    if files and st.button(f"Add {len(files)} file(s)", type="primary", key="add_uploads"):
        saved = save_uploads(files, root=library.incoming_dir())
        library.enqueue([s.path for s in saved], names={str(s.path): s.original_name for s in saved})
        queued(f"Queued {len(saved)} file(s): they are added in the background (progress below); "
               "questions keep being answered meanwhile")
        st.session_state["uploads_generation"] = generation + 1
        st.rerun()


def folder_section(library) -> None:
    """Add every PDF under a folder path (or one file path) on this machine, or a corpus."""
    with st.expander("Add a folder's files once (to keep up with the folder, watch it below), "
                     "or load a passage corpus (JSONL)"):
        path = st.text_input("Folder or PDF path", key="folder_path")
        if st.button("Add folder", key="add_folder") and path.strip():
            try:  # only under the allowed roots (FOLIO_IMPORT_ROOTS), bounded walk
                files = find_typed_pdfs(path, library)
            except FolioError as exc:
                st.error(md_escape(str(exc)))
            else:
                try:
                    library.enqueue(files)
                    queued(f"Queued {len(files)} document(s) from {path.strip()}")
                except FolioError as exc:
                    st.warning(md_escape(str(exc)))
        corpus = st.text_input("Corpus JSONL path", key="corpus_path")
        if st.button("Load corpus", key="add_corpus") and corpus.strip():
            try:
                target = typed_path(corpus, library)
                library.enqueue_corpus(target)
                queued(f"Queued the corpus {target}")
            except FolioError as exc:
                st.error(md_escape(str(exc)))


def file_lines(job) -> None:
    """One line per file of a job: progress while it waits or runs, else its outcome."""
    files, hidden = shown_files(job)
    for f in files:
        view, text, fraction = file_line(f, job.kind)
        if view == "progress":
            st.progress(fraction, text=md_escape(text))
        else:
            ALERT[view](md_escape(text))
    if hidden:
        done = sum(f.status not in ("queued", "running") for f in job.files)
        st.caption(f"{done} of {len(job.files)} files done; {hidden} more not shown")


def newest_finished(jobs) -> str | None:
    """The id of the newest finished job: the page redraws when it changes."""
    return next((j.job_id for j in jobs if j.finished), None)


@st.fragment(run_every=QUEUE_POLL_S)
def queue_section(library) -> None:
    """The job queue, shared by every session, newest first: running and waiting jobs with
    each file's progress, then the last finished ones folded to one line each (their files
    inside); reloads the page when the library changed."""
    jobs = library.jobs(limit=20)  # newest first
    if (library.catalog.generation() != st.session_state.get("seen_generation")
            or newest_finished(jobs) != st.session_state.get("seen_finished")):
        st.session_state["redrawn"] = True  # not the user's action: the last message stays
        st.rerun(scope="app")  # documents added or removed, or a job ended (a folder's last sync): redraw all
    library.start_worker()  # jobs left by a worker that stopped get a new one
    for job in (j for j in jobs if not j.finished):
        st.markdown(md_escape(job_title(job)))
        file_lines(job)
        if st.button("Cancel", key=f"cancel_{job.job_id}"):
            library.cancel_job(job.job_id)
    for job, quiet in recent_finished(jobs, RECENT_JOBS):
        failed = job.status != "done" or any(f.status == "error" for f in job.files)
        with st.expander(md_escape(job_summary(job, alike=quiet)), key=f"job_{job.job_id}",
                         icon=":material/error:" if failed else ":material/check_circle:"):
            file_lines(job)


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
                          format_func=lambda i: f"{by_id[i].title} ({by_id[i].origin or by_id[i].source})")
    left, right = st.columns(2)
    if left.button("Delete…", key="ask_delete"):
        st.session_state["confirm_delete"] = choice
    tip = "Rebuild this document's chunks, vectors, postings and edges from its stored Markdown"
    if right.button("Re-index", key="reindex", help=tip):
        library.enqueue_reindex(choice)
        queued(f"Queued a re-index of {by_id[choice].source}; questions see the old version until it is done")
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
    """The last action's message, and an Undo button right after a delete. The message stays
    through the page's own redraws (a job ended, documents came in) until the user's next action."""
    redrawn = st.session_state.pop("redrawn", False)
    if "flash" in st.session_state:
        st.session_state["flash_shown"] = st.session_state.pop("flash")
    elif not redrawn:
        st.session_state.pop("flash_shown", None)
    if "flash_shown" in st.session_state:
        st.success(md_escape(st.session_state["flash_shown"]))
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
    st.session_state["seen_generation"] = library.catalog.generation()  # before anything is read
    st.session_state["seen_finished"] = newest_finished(library.jobs(limit=20))
    upload_section(library)
    folder_section(library)
    folders_section(library)  # watched folders: core/ui/folders.py
    flash_section(library)
    queue_section(library)
    documents_section(library)
    trash_section(library)
    sidebar_status(library)  # last, so the counts include what this run added or removed


main()
