"""The bridge step of the next-hop head: widen its candidates from the path's entities, and
the features that read a candidate against them. No LLM, no extra transformer call.

A multi-hop chain is held together by a bridge entity: the first-hop chunk names it ("... a
1937 film directed by Raoul Walsh") and the next-hop chunk is about it ("Betrayed ... directed
and written by Raoul Walsh"), often without the question's words and without a graph edge
(the entity is not the next chunk's title, so no mention edge; a keyword edge only when the
extractor kept the name). So, from each path chunk (the head's path: gnn's top chunks, then
the first pass's best):

* `phrases`: its capitalised phrases that the question does not already name (the bridges);
* `bridge_hits`: one BM25 query made of those phrases (an LLM-free IRCoT step: the next query
  is what the last passage added) and one dense query from the question vector moved toward
  the path chunk's stored vector (q + p, normalised: no new embedding); `n` hits each;
* features: the longest bridge phrase of a path chunk found in the candidate (words, and the
  same weighted by the path chunk's rank), the candidate's cosine with q + p, and with the
  question's part the path chunk does not answer (q less its projection on p).

Cost per question: 2 index queries per path chunk (batched into the head's pass), `n` more
candidates each, at most 2 * n * len(path).

Example:
    >>> phrases("Jump for Glory is a 1937 British film directed by Raoul Walsh.", {"jump", "glory"})
    ['British', 'Raoul Walsh']
"""
from __future__ import annotations

import re
from typing import Sequence

import numpy as np

from core.learn.hop_words import STOP, words

BRIDGE_NAMES = ("phrase_shared", "phrase_shared_top", "cos_shift", "cos_resid")
HITS = 5  # hits per bridge query and path chunk (set a priori: half the candidate cap)
_LEAD = re.compile(r"^(?:(?:the|a|an|in|on|at|by|for|from|of|with|and|as|to|after|before|during|when|while|this|that|his|her|its|their)\s+)+", re.I)
_PHRASE = re.compile(r"[A-Z][\w'.-]*(?:\s+(?:(?:of|de|the|von|van|and|du|la|le|del|da)\s+)?[A-Z][\w'.-]*)*")


def phrases(text: str, qwords: set[str]) -> list[str]:
    """Capitalised phrases of `text` (first seen first) with a content word the question lacks."""
    out: list[str] = []
    for m in _PHRASE.findall(text):
        m = _LEAD.sub("", m).rstrip(".'-")  # "The Vienna Walzer Orchestra" is found as "Vienna Walzer Orchestra"
        ws = words(m)
        if not ws or ws <= qwords or (len(ws) == 1 and next(iter(ws)) in STOP) or m in out:
            continue
        out.append(m)
    return out


def shifted(qvec: np.ndarray, pvecs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per path vector p: normalised q + p (the next query), and normalised q less its
    projection on p (what p leaves unanswered); zero rows where undefined."""
    if not len(pvecs):
        return np.zeros((0, len(qvec))), np.zeros((0, len(qvec)))
    p = pvecs / np.maximum(np.linalg.norm(pvecs, axis=1, keepdims=True), 1e-9)
    shift = qvec[None, :] + p
    resid = qvec[None, :] - (p @ qvec)[:, None] * p
    norm = lambda m: m / np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-9)  # noqa: E731
    return norm(shift), norm(resid)


def bridge_hits(state, texts: dict, path: Sequence[str], n: int = HITS) -> list[str]:
    """Chunks found from the path's bridges: per path chunk, `n` BM25 hits of its phrases
    and `n` dense hits of q + p (path chunks themselves excluded)."""
    from core.retrieve.scope import text_search, vector_query

    if n <= 0 or not path:
        return []
    qwords = words(state.question)
    shift, _ = shifted(state.qvec, state.session.vectors(list(path)))
    out: dict = {}
    for p, vec in zip(path, shift):
        query = " ".join(phrases(texts.get(p, ""), qwords))
        if query:
            out.update(dict.fromkeys(c for c, _ in text_search(state.session.ctx, query, n)))
        out.update(dict.fromkeys(c for c, _ in vector_query(state.session.ctx, vec.astype(np.float32), n)))
    return [c for c in out if c not in path]


def bridge_features(state, texts: dict, cands: Sequence[str], path: Sequence[str],
                    cvecs: np.ndarray, pvecs: np.ndarray) -> np.ndarray:
    """One row of BRIDGE_NAMES per candidate (best over the path's chunks; `texts`: id -> text)."""
    rows = np.zeros((len(cands), len(BRIDGE_NAMES)))
    if not len(cands) or not len(path):
        return rows
    qwords = words(state.question)
    shift, resid = shifted(state.qvec, pvecs)
    cos_shift, cos_resid = cvecs @ shift.T, cvecs @ resid.T
    bridges = [[(ph.lower(), len(ph.split())) for ph in phrases(texts.get(p, ""), qwords)] for p in path]
    for i, c in enumerate(cands):
        low = texts.get(c, "").lower()
        for j, p in enumerate(path):
            if p == c:
                continue
            size = max((k for ph, k in bridges[j] if ph in low), default=0)
            rows[i] = np.maximum(rows[i], [np.log1p(size), np.log1p(size) / (1 + j),
                                           cos_shift[i, j], cos_resid[i, j]])
    return rows
