"""A learned answer-sentence scorer: a linear head over the MiniLM vectors of question and sentence.

The score of a sentence for a question is `coef · (q ⊙ s) + intercept` over the two unit
vectors (a cosine whose 384 dimensions are weighted by how much each tells an answering
sentence from its neighbours). The head was fitted, without any answer test set, on the
retrieval benchmarks hotpotqa-dev and musique (`benchmarks/answer_tuning/fit_scorer.py`):
sentences of a question's supporting paragraphs that hold its short answer against the
others. Its weights are plain JSON (`scorer_weights.json`, 385 numbers); it adds no model
call beyond the sentence vectors the learned chooser (`choose`) computes anyway.

Example:
    >>> import numpy as np
    >>> q = np.eye(384, dtype=np.float32)[0]
    >>> s = np.stack([np.eye(384, dtype=np.float32)[0], np.eye(384, dtype=np.float32)[1]])
    >>> scores(q, s).shape
    (2,)
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np

WEIGHTS = Path(__file__).with_name("scorer_weights.json")


@lru_cache(maxsize=1)
def load_head(path: str = str(WEIGHTS)) -> tuple[np.ndarray, float] | None:
    """(coefficients, intercept) from the JSON file; None when it is absent."""
    p = Path(path)
    if not p.is_file():
        return None
    data = json.loads(p.read_text(encoding="utf-8"))
    return np.asarray(data["coef"], dtype=np.float64), float(data["intercept"])


def scores(question: np.ndarray, sentences: np.ndarray) -> np.ndarray:
    """The head's score per sentence (rows of `sentences`, unit vectors) for the unit vector
    `question`, rounded so that the last bits of a float sum never change a pick; zeros
    (no signal) without weights or with an embedder of another width than MiniLM's."""
    head = load_head()
    if head is None or len(sentences) == 0:
        return np.zeros(len(sentences), dtype=np.float64)
    coef, intercept = head
    q = np.asarray(question, dtype=np.float64)
    s = np.asarray(sentences, dtype=np.float64)
    if s.ndim != 2 or s.shape[1] != coef.shape[0]:  # another embedder: the head does not apply
        return np.zeros(len(s), dtype=np.float64)
    return np.round((s * q) @ coef + intercept, 6)
