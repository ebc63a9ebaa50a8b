"""Cited pieces as the support check embeds them: long ones cut to their window.

A transformer's cost grows with the tokens it reads, padding included: one batch pads every
text to its longest one, so a single long piece of cited text makes short answer sentences
cost as much as it does. A piece longer than MAX_PIECE_WORDS words is therefore read as the
window of that many words that holds most of the sentence's words (the rest of a long
sentence or code line is not what the sentence rests on). 24 words, with 2 pieces a sentence
(core/answer/support.py), is the least that changes no verdict of the tuning half of
benchmarks/support_sentences.jsonl (20 changed one, 16 two). Two batches split by length read
fewer padded tokens still, but measured slower: a second model call costs more than the
padding it saves (one torch thread, passive wait, 4 pieces of 40 words, load ~17 on 2 cores:
85 ms CPU an answer in one batch, 89 in batches of 4, 99 of 2, 117 of 1).

Example:
    >>> window("the pump and the red valve seal", {"valve"}, 2)
    'red valve'
"""
from __future__ import annotations

import numpy as np

from core.answer.terms import content_terms

MAX_PIECE_WORDS = 24  # the least with the tuning half's verdicts unchanged


def window(piece: str, want: set[str], size: int = MAX_PIECE_WORDS) -> str:
    """`piece` itself, or its `size`-word window holding most of the terms `want` (first such)."""
    words = piece.split()
    if len(words) <= size:
        return piece
    hits = np.array([bool(content_terms(w) & want) for w in words], dtype=int)
    sums = np.convolve(hits, np.ones(size, dtype=int), mode="valid")  # hits in each window
    start = int(np.argmax(sums))
    return " ".join(words[start:start + size])
