"""The Evaluate page's "Train next-hop head" panel: train gnn_rerank's feature head in the
background on the loaded labelled questions, follow its progress, and show the held-out
fold figures (recall@5 against plain gnn) it saved.

The run is `core.learn.head_job.HeadTrainJob` (`python -m core train --retriever head
--folds K`), kept in the session so a rerun of the page finds it again.

Example:
    >>> # head_panel(library, questions)  # inside a Streamlit page
"""
from __future__ import annotations

import streamlit as st

from core.learn.head_job import HeadTrainJob, head_fold_rows
from core.ui.hop_training import POLL_S, job_view
from core.ui.text import md_escape

HEAD_JOB_KEY = "head_train_job"


def folds_problem(folds: int, labelled: int) -> str:
    """Why `folds` cannot split `labelled` questions ('' when it can)."""
    if folds == 1:
        return "Held-out folds: choose 0 (train on all, no figures) or at least 2."
    if labelled and folds > labelled:
        return f"Held-out folds: {folds} folds need at least {folds} labelled questions; {labelled} are loaded."
    return ""


def head_panel(library, questions) -> None:
    """Controls for the head's training and its live view."""
    with st.expander("Train next-hop head (learned step of gnn_rerank)", icon=":material/model_training:"):
        st.caption("Fits gnn_rerank's feature head on the loaded questions' supporting passages: first "
                   "k-fold, each fold's head scored beside plain gnn on questions it never saw, then on "
                   "all of them; gnn_rerank uses it afterwards. Seconds to a few minutes.")
        folds = int(st.number_input("Held-out folds (0: none)", 0, 10, 5, key="head_folds"))
        job = st.session_state.get(HEAD_JOB_KEY)
        running = job is not None and job.status().state == "running"
        labelled = [q for q in questions or [] if q.supporting_ids]
        problem = folds_problem(folds, len(labelled))
        if problem:
            st.error(problem)
        if st.button("Train next-hop head", disabled=running or not labelled or bool(problem), key="head_train"):
            try:
                st.session_state[HEAD_JOB_KEY] = HeadTrainJob(library.settings.data_dir, labelled,
                                                              folds=folds).start()
                running = True
            except (OSError, ValueError) as exc:
                st.error(md_escape(str(exc)))
        if not labelled:
            st.caption("Load questions with supporting_ids to train.")
        st.fragment(job_view, run_every=POLL_S if running else None)(
            library.settings.data_dir, HEAD_JOB_KEY, head_fold_rows)
