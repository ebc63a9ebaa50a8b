"""A small learned chooser for the answering sentence: a logistic regression over a few
general signals, so the reader's pick rests on evidence shared by all manuals rather than
on rules fitted to single questions.

For each unit in the reader's answer pool (its best units and the sentences after them) the
signals are: its ranking score and its best candidate's lead (how the hand-made reader sees
it), MiniLM cosine between question and sentence (alone, and read with the next sentence),
the question's key words the sentence holds (rarity-weighted; alone, with the next sentence,
in its context), its passage's retrieval rank, its place in the pool, its length and kind,
and the learned sentence scorer's score (`sentence_scorer`: a linear head over the same
MiniLM vectors, fitted on hotpotqa-dev and musique).

The weights (`choose_weights.json`, plain JSON: feature names, means, scales, coefficients)
were fitted on the tuning questions only: pdfqa-dev's even ids, yorick-doc.jsonl,
debian-docs-tune.jsonl, debian-docs-tune-2.jsonl and debian-docs-2-tune.jsonl
(`benchmarks/answer_tuning/fit_chooser.py`, checked by leaving one set out). The chooser
replaces the hand-made pick only when its unit leads by the fitted margin. Left one set out
(`benchmarks/answer_tuning/loso_scorer.py`) its quoted unit held the answer for 155 of 204
questions at margin 0.1 with or without the learned score (at most 156 at margin 0.2), the
hand-made pick for 156; and embedding the pool took the reader from 22 ms to 496 ms median
(pdfqa-dev even ids, in-process, load average 11 on 2 cores). With debian-docs-tune-5 (84
questions over six more manuals) as a sixth set, refitted leaving one set out, it gained 2 on
that set and lost 1 each on debian2 and sdccnauty: 206 of 288 either way. So it is off by default
(`ExtractiveReader(embedder, use_chooser=True)` turns it on).

Example:
    >>> from core.answer.units import Unit
    >>> u = Unit("The bridge was opened in 1932.", 1, "prose")
    >>> row = unit_features(frozenset({"open", "bridg"}), [u], [0.5], {}, {}, [0.9], {}, [1], learned=[0.2])[0]
    >>> len(row) == len(FEATURES)
    True
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Mapping, Sequence

import numpy as np

from core.answer import sentence_scorer
from core.answer.terms import content_terms, idf_weights
from core.answer.units import Unit
from core.answer.values import SAYS_DEFAULT

WEIGHTS = Path(__file__).with_name("choose_weights.json")
FEATURES = ("pool_score", "cand_lead", "has_span", "cos", "cos_next", "cos_lead", "cover", "cover_next",
            "cover_context", "passage_rank", "pool_place", "log_words", "not_prose", "states_default", "learned")


def _cover(terms: frozenset[str], words: set[str], weights: Mapping[str, float]) -> float:
    """Rarity-weighted share of the question's key words among `words`."""
    total = sum(weights.get(t, 1.0) for t in terms)
    return sum(weights.get(t, 1.0) for t in terms if t in words) / total if total else 0.0


def unit_features(terms: frozenset[str], pool: Sequence[Unit], pool_scores: Sequence[float],
                  best_cand: Mapping[Unit, tuple[float, bool]], following: Mapping[Unit, Unit],
                  cos: Sequence[float], cos_next: Mapping[Unit, float], numbers: Sequence[int],
                  weights: Mapping[str, float] | None = None, default: bool = False,
                  learned: Sequence[float] = ()) -> list[list[float]]:
    """One row of FEATURES per pool unit. `best_cand`: unit -> (its best candidate's score,
    whether that candidate is a span); `cos`: question cosine per pool unit; `cos_next`: the
    cosine of a unit read with its next sentence; `numbers`: passage numbers in rank order;
    `default`: the question asks for a default (a sentence that states one fits it); `learned`:
    the sentence scorer's score per pool unit (0 where absent)."""
    weights = weights or {}
    top_score = max(pool_scores, default=0.0) or 1.0
    top_cand = max((v for v, _ in best_cand.values()), default=0.0)
    top_cos = max(cos, default=0.0)
    rank = {n: i for i, n in enumerate(dict.fromkeys(numbers))}
    rows = []
    for i, (u, s) in enumerate(zip(pool, pool_scores)):
        own = content_terms(u.text)
        nxt = following.get(u)
        with_next = own | (content_terms(nxt.text) if nxt else set())
        cand, span = best_cand.get(u, (top_cand - 1.0, False))
        rows.append([
            s / top_score, cand - top_cand, float(span), cos[i], cos_next.get(u, cos[i]), cos[i] - top_cos,
            _cover(terms, own, weights), _cover(terms, with_next, weights),
            _cover(terms, content_terms(u.context), weights), 1.0 / (1.0 + rank.get(u.number, 0)),
            1.0 / (1.0 + i), math.log1p(len(u.text.split())), float(u.kind != "prose"),
            float(default and bool(SAYS_DEFAULT.search(u.text))), learned[i] if i < len(learned) else 0.0])
    return rows


@lru_cache(maxsize=1)
def load_weights(path: str = str(WEIGHTS)) -> tuple[np.ndarray, np.ndarray, np.ndarray, float] | None:
    """(means, scales, coefficients, intercept) from the JSON file, None when it is absent."""
    p = Path(path)
    if not p.is_file():
        return None
    data = json.loads(p.read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{p.name} was fitted on other features; refit it (benchmarks/answer_tuning/fit_chooser.py)")
    return (np.asarray(data["mean"], dtype=np.float64), np.asarray(data["scale"], dtype=np.float64),
            np.asarray(data["coef"], dtype=np.float64), float(data["intercept"]))


def active() -> bool:
    """Whether fitted weights are there (else the hand-made pick stands, and no cosine is computed)."""
    return load_weights() is not None


def probabilities(rows: Sequence[Sequence[float]], model: tuple[np.ndarray, np.ndarray, np.ndarray, float]) -> np.ndarray:
    """The chance, per row, that the unit holds the answer (rows of one pool)."""
    mean, scale, coef, intercept = model
    x = np.asarray(rows, dtype=np.float64)
    x = (x - x.mean(axis=0) - mean) / scale  # each signal against the pool's own average
    return 1.0 / (1.0 + np.exp(-(x @ coef + intercept)))


def cosines(embedder, question: str, pool: Sequence[Unit], following: Mapping[Unit, Unit]
            ) -> tuple[list[float], dict[Unit, float], list[float]]:
    """MiniLM cosine of the question with each pool unit, with each unit read with its next
    sentence (the normalised sum of the two sentence vectors), and the learned scorer's score
    of each pool unit (from the same vectors)."""
    units = list(dict.fromkeys([*pool, *(following[u] for u in pool if u in following)]))
    q = np.asarray(embedder.embed_query(question), dtype=np.float64)
    m = np.asarray(embedder.embed([u.text for u in units]), dtype=np.float64)
    m /= np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-9)
    q /= max(float(np.linalg.norm(q)), 1e-9)
    vec = dict(zip(units, m))
    cos = [round(float(vec[u] @ q), 6) for u in pool]
    joined = {}
    for u in pool:
        if u in following:
            v = vec[u] + vec[following[u]]
            joined[u] = round(float(v @ q / max(float(np.linalg.norm(v)), 1e-9)), 6)
    learned = sentence_scorer.scores(q, np.stack([vec[u] for u in pool])) if pool else np.zeros(0)
    return cos, joined, [float(x) for x in learned]


def pick_unit(pool: Sequence[Unit], rows: Sequence[Sequence[float]], base: int) -> int:
    """Index of the pool unit the chooser would quote instead of the hand-made pick `base`:
    the likeliest unit, only when it leads `base` by the fitted margin; -1 otherwise (or
    without weights)."""
    model = load_weights()
    if model is None or not rows:
        return -1
    p = np.round(probabilities(rows, model), 6)
    best = int(np.argmax(p))
    return best if best != base and p[best] - p[base] > _margin() else -1


@lru_cache(maxsize=1)
def _margin(path: str = str(WEIGHTS)) -> float:
    """How far the chooser's unit must lead the hand-made pick to replace it."""
    return float(json.loads(Path(path).read_text(encoding="utf-8")).get("margin", 0.0))


def chosen_unit(embedder, q, pool: list[Unit], pool_scores: list[float], ranked: Sequence,
                following: Mapping[Unit, Unit], numbers: Sequence[int]) -> Unit | None:
    """The pool unit the learned chooser rates most likely to hold the answer, for the reader's
    `use_chooser` (`q`: the `question.QuestionInfo`; `ranked`: its candidates, best first); None
    without an embedder or weights."""
    if embedder is None or len(pool) < 2 or not active():
        return None
    best: dict[Unit, tuple[float, bool]] = {}
    for c in ranked:
        if c.unit not in best or c.score > best[c.unit][0]:
            best[c.unit] = (c.score, bool(c.text) or best.get(c.unit, (0.0, False))[1])
        elif c.text:
            best[c.unit] = (best[c.unit][0], True)
    cos, cos_next, learned = cosines(embedder, q.text, pool, following)
    weights = idf_weights([content_terms(u.text) | content_terms(u.context) for u in pool])
    rows = unit_features(q.terms, pool, pool_scores, best, following, cos, cos_next, numbers, weights,
                         q.default, learned)
    at = pick_unit(pool, rows, pool.index(ranked[0].unit) if ranked and ranked[0].unit in pool else 0)
    return pool[at] if at >= 0 else None
