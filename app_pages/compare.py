"""Folio — Compare: one question, 2–6 retrievers side by side.

Shared chunks are marked, rank shifts are shown against the first retriever, each chunk
shows its per-route scores, each column its latency and LLM calls, and its recall when
the question comes from a loaded labelled set.
"""
from __future__ import annotations

import streamlit as st

from core.errors import FolioError
from core.retrieve.base import RETRIEVERS
from core.ui import compare, labels
from core.ui.labelled import question_label, questions_from_bytes
from core.ui.page_view import show_on_page
from core.ui.resources import get_library
from core.ui.scope import scope_picker
from core.ui.text import md_escape, md_escape_block, shorten
from core.ui.widgets import nothing_to_ask, sidebar_status, with_chat_default

def pick_question():
    """(question text, labelled Question or None) from a typed question or a loaded set."""
    source = st.radio("Question source", ["Type one", "From a labelled set"], horizontal=True, key="cmp_src")
    if source == "Type one":
        return st.text_input("Question", key="cmp_question"), None
    upload = st.file_uploader("Questions JSONL", type=["jsonl", "json"], key="cmp_qfile")
    if upload is None:
        return "", None
    try:
        questions = questions_from_bytes(upload.getvalue(), upload.name)
    except FolioError as exc:
        st.error(md_escape(str(exc)))
        return "", None
    q = st.selectbox("Labelled question", questions, format_func=question_label, key="cmp_pick")
    return q.question, q


def open_page(chunk) -> None:
    """Remember the chunk whose page the dialog shows (it stays open across reruns)."""
    st.session_state["cmp_page"] = chunk
    st.session_state["cmp_page-offset"] = 0


def close_page() -> None:
    """The dialog was dismissed: show it no more."""
    st.session_state.pop("cmp_page", None)


@st.dialog("Show on page", width="large", on_dismiss=close_page)
def page_dialog(chunk) -> None:
    """The cited page full size, the chunk highlighted, with page navigation and download."""
    st.markdown(f"**{md_escape(labels.place(chunk))}**")
    show_on_page(get_library(), chunk, key="cmp_page", toggle=False)


def render_cell(cell: compare.CompareCell, col_name: str) -> None:
    """One ranked chunk: rank, shift, shared/gold marks, source, text snippet and route scores."""
    marks = [f"**{cell.rank}.**", compare.shift_label(cell.shift)]
    if cell.shared_with:
        marks.append(":material/link: " + md_escape(", ".join(cell.shared_with)))
    if cell.gold:
        marks.append(":material/check_circle: gold")
    chunk = cell.chunk
    with st.container(border=True):
        st.markdown(" ".join(m for m in marks if m))
        st.caption(md_escape(labels.place(chunk)))
        st.markdown(md_escape_block(shorten(chunk.text, 240, keep_lines=True)))
        st.caption(md_escape(f"score {cell.score:.4g} · {labels.route_line(cell.routes)}"))
        st.button("Show on page", key=f"cmp-page-{col_name}-{cell.rank}", icon=":material/description:",
                  help="the page with this chunk highlighted, full size", on_click=open_page, args=(chunk,))


def render_column(col: compare.CompareColumn, k: int) -> None:
    """A retriever's header line and its ranked cells (or its error)."""
    st.subheader(md_escape(col.retriever))
    if col.error:
        st.error(md_escape(col.error))
        return
    line = f"{col.latency_ms:.0f} ms · LLM calls {col.llm_calls}"
    for key in (f"recall@{k}", f"answer_recall@{k}", "mrr"):
        if key in col.metrics:
            line += f" · {key} {col.metrics[key]:.2f}"
    st.caption(md_escape(line))
    notes = [n for n in map(labels.explain_note, col.notes) if n]
    if notes:
        with st.expander("Details", icon=":material/info:"):
            for note in notes:
                st.caption(md_escape(note))
    for cell in col.cells:
        render_cell(cell, col.retriever)


def main() -> None:
    """Render the Compare page."""
    st.set_page_config(page_title="Folio — Compare", page_icon="📚", layout="wide")
    library = get_library()
    docs = library.documents()  # read once per run, for the sidebar and the empty-library check
    sidebar_status(library, docs)
    scope = scope_picker(library, docs)
    st.title("Compare retrievers")
    question, labelled = pick_question()
    names = st.multiselect("Retrievers (2–6)", list(RETRIEVERS), default=with_chat_default(library, ("dense", "bm25")),
                           max_selections=6,
                           key="cmp_names")
    k = st.slider("k", 1, 20, 5, key="cmp_k")
    empty = nothing_to_ask(library, docs)
    if empty:
        st.info(empty)
    ready = question.strip() and 2 <= len(names) <= 6 and not empty
    if st.button("Compare", type="primary", disabled=not ready, key="cmp_run"):
        with st.spinner("Running retrievers…"):
            runs = compare.run_compare(library, question, names, k, scope)
        st.session_state["cmp_result"] = (compare.compare_columns(runs, labelled, k), k)
    if "cmp_result" in st.session_state:
        columns, shown_k = st.session_state["cmp_result"]
        st.caption(":material/link: also found by another retriever · ▲/▼ places gained/lost against the first column"
                   + (" · :material/check_circle: gold evidence" if labelled else ""))
        for col, slot in zip(columns, st.columns(len(columns))):
            with slot:
                render_column(col, shown_k)
    if "cmp_page" in st.session_state:
        page_dialog(st.session_state["cmp_page"])


main()
