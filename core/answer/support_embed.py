"""Embedding for the support check with as little model work as its verdicts allow.

A transformer's cost grows with the tokens it reads, padding included: one batch pads every
text to its longest one, so a single long piece of cited text makes short answer sentences
cost as much as it does. Two measures keep the padded tokens down without changing a verdict
on benchmarks/support_sentences.jsonl:
- `window`: a piece longer than MAX_PIECE_WORDS words is read as the window of that many
  words that holds most of the sentence's words (the rest of a long sentence or a long code
  line is not what the sentence rests on);
- `embed_batches`: texts sorted by length and embedded in one batch, or in two when the
  padding that a split saves outweighs the cost of a second call.

Example:
    >>> window("the pump and the red valve seal", {"valve"}, 2)
    'red valve'
    >>> split_at([50, 10, 9, 8])
    1
    >>> split_at([12, 10, 9, 8])
    0
"""
from __future__ import annotations

import re
from typing import Sequence

import numpy as np

from core.answer.terms import content_terms
from core.index.base import Embedder

MAX_PIECE_WORDS = 40  # 40: the same verdicts on the set as whole pieces (24 changed some)
CALL_TOKENS = 64  # a second model call costs about as much as this many padded tokens
_TOKEN = re.compile(r"\w+|[^\w\s]")  # about one word piece per word or punctuation mark


def window(piece: str, want: set[str], size: int = MAX_PIECE_WORDS) -> str:
    """`piece` itself, or its `size`-word window holding most of the terms `want` (first such)."""
    words = piece.split()
    if len(words) <= size:
        return piece
    hits = np.array([bool(content_terms(w) & want) for w in words], dtype=int)
    sums = np.convolve(hits, np.ones(size, dtype=int), mode="valid")  # hits in each window
    start = int(np.argmax(sums))
    return " ".join(words[start:start + size])


def split_at(lengths: Sequence[int]) -> int:
    """Where to cut `lengths` (sorted longest first) into two batches: the index of the first
    text of the second batch, or 0 for one batch (padded tokens + CALL_TOKENS per extra call)."""
    n = len(lengths)
    best, cut = lengths[0] * n if n else 0, 0
    for k in range(1, n):
        cost = lengths[0] * k + lengths[k] * (n - k) + CALL_TOKENS
        if cost < best:
            best, cut = cost, k
    return cut


def embed_batches(embedder: Embedder, texts: Sequence[str]) -> np.ndarray:
    """Vectors of `texts` (in their order), embedded longest first in one or two batches."""
    if not texts:
        return np.zeros((0, embedder.dim), dtype=np.float32)
    order = sorted(range(len(texts)), key=lambda i: -len(_TOKEN.findall(texts[i])))
    cut = split_at([len(_TOKEN.findall(texts[i])) for i in order])
    out = np.zeros((len(texts), 0), dtype=np.float32)
    for rows in ([order[:cut], order[cut:]] if cut else [order]):
        vectors = np.asarray(embedder.embed([texts[i] for i in rows]), dtype=np.float32)
        if out.shape[1] == 0:
            out = np.zeros((len(texts), vectors.shape[1]), dtype=np.float32)
        out[rows] = vectors
    return out
