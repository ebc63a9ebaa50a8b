"""Evaluate page: the graded answers of one retriever, each answer next to its gold.

Example:
    >>> # show_answers(report, "hybrid")     # after evaluate(..., answerer=...)
"""
from __future__ import annotations

import pandas as pd
import streamlit as st

from core.eval.report import answer_rows
from core.ui.text import md_escape, md_escape_answer

TABLE_COLUMNS = ("id", "question", "gold", "short_answer", "hit", "hit_first_line", "f1", "words", "ask_ms",
                 "llm_calls", "llm_tokens")


def show_answers(report, retriever: str) -> None:
    """A table of answers against gold, then one question's full answer beside its gold."""
    rows = [r for r in answer_rows(report, retriever) if "answer" in r]
    if not rows:
        return
    st.subheader("Answers")
    st.dataframe(pd.DataFrame([{k: r.get(k) for k in TABLE_COLUMNS} for r in rows]), hide_index=True)
    labels = [f"{'✓' if r['hit'] else '✗'} {r['id']} — {r['question']}" for r in rows]
    pick = st.selectbox("Answer for", range(len(rows)), format_func=lambda i: labels[i], key="eval_answer_pick")
    row = rows[int(pick or 0)]
    left, right = st.columns(2)
    with left:
        st.markdown("**Answer**")
        st.markdown(md_escape_answer(row["answer"]))  # the reader's bold answer words stay bold
        if row["understood_as"]:
            st.caption(md_escape(f"understood as: {row['understood_as']}"))
    with right:
        st.markdown("**Gold**")
        st.markdown(md_escape(row["gold"] or "(no reference answer)"))
        st.caption(md_escape(f"hit {row['hit']:.0f} · first line {row['hit_first_line']:.0f} · F1 {row['f1']:.2f} · "
                             f"{row['words']} words · {row['ask_ms']:.0f} ms · {row['mode']}"))
