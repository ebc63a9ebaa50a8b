"""Folio — Evaluate: score retrievers on a labelled question set.

Load a questions JSONL (upload or path), pick retrievers and k values, run with a progress
bar, then read the leaderboard (table and chart) and drill into per-question results; train
the next-hop head (gnn_rerank) or model (iier, kgp) in the background and read its
held-out fold figures.
"""
from __future__ import annotations

import pandas as pd
import streamlit as st

from core.errors import FolioError
from core.eval.run import evaluate
from core.retrieve.base import RETRIEVERS
from core.ui.eval_answers import show_answers
from core.ui.head_training import head_panel
from core.ui.hop_training import train_panel
from core.ui.labelled import questions_from_bytes, questions_from_path
from core.ui.page_view import drill_down
from core.ui.questions_format import example_jsonl, format_markdown
from core.ui.resources import get_library
from core.ui.scope import scope_picker
from core.ui.tables import leaderboard_rows, question_rows
from core.ui.text import md_escape
from core.ui.typed_paths import typed_path
from core.ui.widgets import sidebar_status, with_chat_default


def load_set(library):
    """Questions from an upload or a path (under the allowed roots); None (with the reason
    shown) when unavailable."""
    upload = st.file_uploader("Questions JSONL", type=["jsonl", "json"], key="eval_qfile")
    path = st.text_input("…or a path on this machine", key="eval_qpath")
    try:
        if upload is not None:
            return questions_from_bytes(upload.getvalue(), upload.name)
        if path.strip():
            return questions_from_path(str(typed_path(path, library)))
    except FolioError as exc:
        st.error(md_escape(str(exc)))
    return None


def format_help(expanded: bool) -> None:
    """The questions-file format: fields, one example line, and the example to download."""
    with st.expander("Questions file format (JSONL): fields and an example", expanded=expanded,
                     icon=":material/help:"):
        st.markdown(format_markdown())
        st.code(example_jsonl().splitlines()[0], language="json", wrap_lines=True)
        st.download_button("Download an example questions file", data=example_jsonl(),
                           file_name="questions-example.jsonl", mime="application/jsonl",
                           icon=":material/download:", key="eval_example", on_click="ignore")


def parse_ks(text: str) -> tuple[int, ...] | None:
    """'2,5,10' -> (2, 5, 10); None when not a list of positive integers."""
    try:
        ks = tuple(sorted({int(p) for p in text.replace(" ", "").split(",") if p}))
    except ValueError:
        return None
    return ks if ks and ks[0] >= 1 else None


def run(library, questions, names, ks, answers=False, scope=None):
    """Evaluate (in `scope`) with one progress bar across all retrievers (with answers: ask and grade each)."""
    bar = st.progress(0.0, text="starting")
    retrievers, failed = {}, {}
    for name in names:
        try:
            retrievers[name] = library.retriever(name, scope)
        except FolioError as exc:
            failed[name] = str(exc)
    order = list(retrievers)

    def on_progress(name: str, done: int, total: int) -> None:
        """Advance the shared bar: retrievers run one after another."""
        share = (order.index(name) + done / max(1, total)) / max(1, len(order))
        bar.progress(min(1.0, share), text=md_escape(f"{name}: {done}/{total} questions"))

    answerer = (lambda name, question: library.ask(question, name, 5, scope=scope)) if answers else None
    report = evaluate(retrievers, questions, ks, catalog=library.catalog, progress=on_progress, answerer=answerer)
    bar.progress(1.0, text="done")
    return report, failed


def show_report(report, failed) -> None:
    """Leaderboard table and chart, warnings, and the per-question drill-down."""
    for warning in report.warnings:
        st.warning(md_escape(warning))
    for name, message in failed.items():
        st.error(md_escape(f"{name}: {message}"))
    rows = leaderboard_rows(report)
    st.subheader(f"Leaderboard ({report.questions} questions)")
    st.dataframe(pd.DataFrame(rows), hide_index=True)
    metric_names = [k for r in rows for k in r if k not in ("retriever", "error")]
    metric = st.selectbox("Chart metric", list(dict.fromkeys(metric_names)), key="eval_metric")
    if metric:
        chart = pd.DataFrame([{"retriever": r["retriever"], metric: r.get(metric)} for r in rows if metric in r])
        st.bar_chart(chart, x="retriever", y=metric, height=260)
    scored = [n for n in report.per_question]
    if scored:
        pick = st.selectbox("Per-question results for", scored, key="eval_drill")
        st.dataframe(pd.DataFrame(question_rows(report, pick)), hide_index=True)
        show_answers(report, pick)
        drill_down(get_library(), report.per_question[pick], key=f"eval-{pick}")


def main() -> None:
    """Render the Evaluate page."""
    st.set_page_config(page_title="Folio — Evaluate", page_icon="📚", layout="wide")
    library = get_library()
    docs = library.documents()  # read once per run, for both sidebar widgets
    sidebar_status(library, docs)
    scope = scope_picker(library, docs)
    st.title("Evaluate retrievers")
    questions = load_set(library)
    if questions:
        st.caption(f"{len(questions)} questions loaded")
    format_help(expanded=not questions)
    names = st.multiselect("Retrievers", list(RETRIEVERS), default=with_chat_default(library), key="eval_names")
    ks = parse_ks(st.text_input("k values", "2,5,10", key="eval_ks"))
    if ks is None:
        st.error("k values must be positive integers separated by commas, e.g. 2,5,10")
    answers = st.checkbox("Grade answers too (asks every question: answer_hit, answer_f1, words, LLM cost)",
                          key="eval_answers")
    if st.button("Run", type="primary", disabled=not (questions and names and ks), key="eval_run"):
        try:
            st.session_state["eval_report"] = run(library, questions, names, ks, answers, scope)
        except (FolioError, ValueError) as exc:
            st.error(md_escape(str(exc)))
    if "eval_report" in st.session_state:
        show_report(*st.session_state["eval_report"])
    head_panel(library, questions)
    train_panel(library, questions)


main()
