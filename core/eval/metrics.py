"""Retrieval metrics, as defined in the benchmark README: pure functions.

A question's ranking is summarised by the 1-based ranks of its gold items in the retrieved
list (None when absent); every metric is computed from those ranks.

Example:
    >>> ranks = gold_ranks(["p3", "p1", "p9"], ["p1", "p2"])
    >>> ranks, recall_at_k(ranks, 2), all_recall_at_k(ranks, 2), reciprocal_rank(ranks)
    ([2, None], 0.5, 0.0, 0.5)
"""
from __future__ import annotations

import math
import re
from typing import Iterable, Sequence

import numpy as np

Ranks = Sequence["int | None"]

MRR_CUTOFF = 100  # a first gold item ranked below this counts as not found


def gold_ranks(ranked_ids: Sequence[str], gold: Sequence[str]) -> list[int | None]:
    """1-based rank of each gold id's first occurrence in `ranked_ids`, None when absent."""
    first: dict[str, int] = {}
    for rank, item in enumerate(ranked_ids, start=1):
        first.setdefault(item, rank)
    return [first.get(g) for g in dict.fromkeys(gold)]


def recall_at_k(ranks: Ranks, k: int) -> float:
    """|gold within the top k| / |gold| (0 for a question without gold)."""
    if not ranks:
        return 0.0
    return sum(1 for r in ranks if r is not None and r <= k) / len(ranks)


def all_recall_at_k(ranks: Ranks, k: int) -> float:
    """1.0 when every gold item is within the top k, else 0.0."""
    if not ranks:
        return 0.0
    return 1.0 if all(r is not None and r <= k for r in ranks) else 0.0


def reciprocal_rank(ranks: Ranks, cutoff: int = MRR_CUTOFF) -> float:
    """1 / rank of the best-ranked gold item; 0 when none is within `cutoff`."""
    found = [r for r in ranks if r is not None and r <= cutoff]
    return 1.0 / min(found) if found else 0.0


def log_rank_score(rank: int | None, n: int, gamma: float = 1.0) -> float:
    """HiQA's S(r) = 1 - log(1 + gamma(r - 1)) / log(1 + gamma(N - 1)); unranked means r = N.

    With a one-item list the formula is 0/0: the item scores 1 when ranked, 0 when not.
    """
    if n < 1:
        return 0.0
    if rank is None:
        rank = n
        if n == 1:
            return 0.0
    if rank < 1 or rank > n:
        raise ValueError(f"rank {rank} is outside a list of {n}")
    if n == 1:
        return 1.0
    return 1.0 - math.log1p(gamma * (rank - 1)) / math.log1p(gamma * (n - 1))


def log_rank_index(ranks: Ranks, n: int, gamma: float = 1.0) -> float:
    """Mean log-rank score of a question's gold items; `n` is the corpus size (HiQA's N: the
    chunks in the library, the same for every retriever), not the length of one ranked list."""
    if not ranks:
        return 0.0
    return sum(log_rank_score(r, n, gamma) for r in ranks) / len(ranks)


def collapse(text: str) -> str:
    """Whitespace runs collapsed to one space, ends stripped."""
    return " ".join(text.split())


_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$", re.MULTILINE)


def as_page_text(text: str) -> str:
    """Chunk text as the page shows it: Markdown table rules dropped and cell bars turned to
    spaces, so an answer pattern written against the PDF text matches a table chunk too."""
    if "|" not in text:
        return text
    return _TABLE_RULE.sub(" ", text).replace("|", " ")


def answer_matcher(patterns: Sequence[str], answers: Sequence[str]):
    """A predicate text -> bool for one question.

    With `patterns`, a text matches when a regex matches (case-insensitive) its
    whitespace-collapsed form; otherwise when an answer or alias occurs in it as a
    case-insensitive substring (also whitespace-collapsed).
    """
    compiled = [re.compile(p, re.IGNORECASE) for p in patterns]
    needles = [collapse(a).lower() for a in answers if collapse(a)]

    def matches(text: str) -> bool:
        flat = collapse(as_page_text(text))
        if compiled:
            return any(p.search(flat) for p in compiled)
        low = flat.lower()
        return any(n in low for n in needles)

    return matches


def first_answer_rank(texts: Sequence[str], patterns: Sequence[str], answers: Sequence[str]) -> int | None:
    """1-based rank of the first text that contains the answer, None when none does."""
    matches = answer_matcher(patterns, answers)
    for rank, text in enumerate(texts, start=1):
        if matches(text):
            return rank
    return None


def answer_recall_at_k(answer_rank: int | None, k: int) -> float:
    """1.0 when an answer-bearing chunk is within the top k, else 0.0."""
    return 1.0 if answer_rank is not None and answer_rank <= k else 0.0


def mean(values: Iterable[float]) -> float:
    """Arithmetic mean; 0.0 for no values."""
    vals = list(values)
    return float(sum(vals) / len(vals)) if vals else 0.0


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100, linear interpolation); 0.0 for no values."""
    if not values:
        return 0.0
    return float(np.percentile(np.asarray(values, dtype=np.float64), q))
