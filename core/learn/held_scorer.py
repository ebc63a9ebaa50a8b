"""The next-hop cross-encoder loaded once per saved model, not once per question.

`Library.retrieve` builds its retriever anew for every question (the scope may change),
and iier, kgp and gnn_rerank each loaded `data_dir/models/hop/` in their constructor:
building the network and reading its weights cost ~300 ms wall / ~90 CPU ms a question at
load ~25 on 2 cores (benchmarks/HOP_LATENCY.md). `held_scorer` keeps the loaded model,
keyed by the folder and its files' size and modification time, so a retrained model is
read again on the next question and an unchanged one never is. Scoring reads the model
only (inference mode), so retrievers may share it.

Example:
    >>> # scorer = held_scorer(data_dir)   # None when no model was trained there
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from core.learn.hop_model import CONFIG, WEIGHTS, HopScorer, model_dir

HELD = 2  # models kept: the current one and, briefly, the one a retraining replaced


def _stamp(path: Path) -> tuple[int, int] | None:
    """(size, mtime_ns) of a file, None when it is absent."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return st.st_size, st.st_mtime_ns


def held_scorer(data_dir: Path) -> HopScorer | None:
    """The cross-encoder saved in data_dir/models/hop/ (loaded on first use and again only
    when its files change), or None when none was trained there."""
    folder = model_dir(data_dir)
    stamps = (_stamp(folder / WEIGHTS), _stamp(folder / CONFIG))
    if None in stamps:
        return None
    return _load(str(Path(data_dir).resolve()), stamps)


@lru_cache(maxsize=HELD)
def _load(data_dir: str, stamps: tuple) -> HopScorer | None:
    """HopScorer.load, once per folder and file stamps."""
    return HopScorer.load(Path(data_dir))
