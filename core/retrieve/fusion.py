"""Score-fusion maths shared by the hybrid and multi-route retrievers: pure functions.

Example:
    >>> reciprocal_rank_fusion([["a", "b"], ["b", "c"]], k=60)["b"] > 2 / 62
    True
    >>> min_max(np.array([2.0, 4.0, 3.0])).tolist()
    [0.0, 1.0, 0.5]
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Mapping, Sequence

import numpy as np

# How many candidates each route contributes before fusion (at least k).
FUSION_POOL = 50

_TOKEN = re.compile(r"[a-z0-9][a-z0-9'\-]*")
_WORD = re.compile(r"\w+")

# Words that carry no topic on their own; used when no keyword extractor is configured.
STOPWORDS = frozenset(
    """a about above after again against all also am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it
    its itself just me more most my myself no nor not now of off on once only or other our ours
    out over own same she should so some such than that the their theirs them themselves then
    there these they this those through to too under until up very was we were what when where
    which while who whom whose why will with would you your yours yourself yourselves
    many much one ones first last name named called known located""".split()
)


def candidate_depth(k: int) -> int:
    """How many results each route is asked for so that fusion has a pool to rerank."""
    return max(int(k), FUSION_POOL)


def reciprocal_rank_fusion(rankings: Sequence[Sequence[str]], k: int = 60) -> dict[str, float]:
    """RRF: each id scores sum(1 / (k + rank)) over the rankings it appears in (rank from 1).

    The result is ordered best first; ties keep the order of first appearance.
    """
    if k < 0:
        raise ValueError(f"rrf k={k} must be >= 0")
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(dict.fromkeys(ranking), start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    order = sorted(scores, key=lambda i: -scores[i])  # stable sort keeps first-seen order on ties
    return {i: scores[i] for i in order}


def min_max(values: np.ndarray, bounds: tuple[float, float] | None = None) -> np.ndarray:
    """Rescale to [0, 1] (or by the given (low, high) bounds, where values outside fall outside
    [0, 1]); a constant (or empty) array maps to zeros: it cannot rank anything."""
    arr = np.asarray(values, dtype=np.float64)
    if arr.size == 0:
        return arr
    low, high = bounds if bounds is not None else (float(arr.min()), float(arr.max()))
    if high - low <= 1e-12:
        return np.zeros_like(arr)
    return (arr - low) / (high - low)


def hiqa_score(
    vector: np.ndarray, fulltext: np.ndarray, matched: np.ndarray, alpha: float, beta: float
) -> np.ndarray:
    """HiQA multi-route score: alpha*vector + (1-alpha)*fulltext + beta*log(1 + matched).

    `vector` and `fulltext` are expected already normalised over the candidate pool;
    `matched` counts the critical keywords each candidate contains.
    """
    if not 0.0 <= alpha <= 1.0:
        raise ValueError(f"multiroute_alpha={alpha} must lie in [0, 1]")
    v = np.asarray(vector, dtype=np.float64)
    t = np.asarray(fulltext, dtype=np.float64)
    m = np.asarray(matched, dtype=np.float64)
    return alpha * v + (1.0 - alpha) * t + beta * np.log1p(m)


def scores_for(ids: Sequence[str], found: Mapping[str, float], missing: float = 0.0) -> np.ndarray:
    """Scores of `ids` looked up in `found`, with `missing` for ids a route did not return."""
    return np.array([found.get(i, missing) for i in ids], dtype=np.float64)


def content_terms(text: str) -> list[str]:
    """Lower-cased word tokens of `text` (possessive 's dropped) without stopwords or one-letter
    words, each once, in order."""
    seen = dict.fromkeys(t.strip("'-").removesuffix("'s") for t in _TOKEN.findall(text.lower()))
    return [t for t in seen if len(t) > 1 and t not in STOPWORDS]


@lru_cache(maxsize=8192)
def _word_string(text: str) -> str:
    """Lower-cased word tokens joined by single spaces and padded, for whole-word lookups.

    Cached: the same chunk texts and keywords come back query after query.
    """
    return " " + " ".join(_WORD.findall(text.lower())) + " "


def matched_keywords(keywords: Iterable[str], haystack: str, stored: Iterable[str] = ()) -> list[str]:
    """The keywords found in `haystack` as whole words (case-insensitive) or among `stored`.

    Text is compared as sequences of word tokens, so punctuation and line breaks between
    words do not matter. `stored` are keywords already extracted for the chunk at indexing time.
    """
    text = _word_string(haystack)
    known = {_word_string(s) for s in stored}
    found: list[str] = []
    for kw in dict.fromkeys(keywords):
        word = _word_string(kw)
        if word.strip() and (word in known or word in text):
            found.append(kw)
    return found
