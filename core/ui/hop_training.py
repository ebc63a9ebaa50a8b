"""The Evaluate page's "Train next-hop model" panel: start the training in the background,
follow its progress, and show the held-out fold figures it saved.

The run is `core.learn.train_job.HopTrainJob` (the same command as `python -m core train
--retriever hop --folds K`), kept in the session so a rerun of the page finds it again.

Example:
    >>> # train_panel(library, questions)  # inside a Streamlit page
"""
from __future__ import annotations

import pandas as pd
import streamlit as st

from core.learn.train_job import HopTrainJob, read_folds
from core.ui.text import md_escape

POLL_S = 2.0  # how often the panel redraws while the training runs
JOB_KEY = "hop_train_job"


def job_view(data_dir, key: str = JOB_KEY, rows_of=read_folds) -> None:
    """Progress of the run kept under `key` while it runs; the outcome and the held-out
    figures (`rows_of(data_dir)`) afterwards."""
    job = st.session_state.get(key)
    status = job.status() if job else None
    if status and status.state == "running":
        what = {"folds": "held-out folds", "train": "training on all questions"}.get(status.stage, status.stage)
        st.progress(status.fraction, text=md_escape(f"{what}: {status.done}/{status.total}"))
    elif status and status.state == "failed":
        st.error(md_escape(f"Training failed: {status.message}"))
    elif status:
        st.success(md_escape(status.message or "Trained."))
    rows = rows_of(data_dir)
    if rows:
        st.caption("Held-out figures (each question scored by a model that never saw it):")
        st.dataframe(pd.DataFrame(rows), hide_index=True)


def train_panel(library, questions) -> None:
    """Controls for the next-hop training and its live view."""
    with st.expander("Train next-hop model (learned step of iier and kgp)", icon=":material/model_training:"):
        st.caption("Trains the small cross-encoder on the loaded questions' supporting passages, first "
                   "k-fold (held-out figures), then on all of them; iier and kgp use it afterwards.")
        left, right = st.columns(2)
        folds = left.number_input("Held-out folds (0: none)", 0, 10, 5, key="hop_folds")
        layers = right.number_input("MiniLM layers kept", 1, 6, 3, key="hop_layers")
        job = st.session_state.get(JOB_KEY)
        running = job is not None and job.status().state == "running"
        labelled = [q for q in questions or [] if q.supporting_ids]
        if st.button("Train next-hop model", disabled=running or not labelled, key="hop_train"):
            try:
                st.session_state[JOB_KEY] = HopTrainJob(library.settings.data_dir, labelled,
                                                        folds=int(folds), layers=int(layers)).start()
                running = True
            except (OSError, ValueError) as exc:
                st.error(md_escape(str(exc)))
        if not labelled:
            st.caption("Load questions with supporting_ids to train.")
        st.fragment(job_view, run_every=POLL_S if running else None)(library.settings.data_dir)
