"""The offline extractive reader: answers by quoting the evidence sentences that fit best.

Used when no LLM is configured. Each evidence sentence is scored against the question by
embedding cosine and by the share of the question's content words it contains; the best
sentences are quoted with their citation numbers. When even the best sentence is a weak
match the reader says the evidence does not answer the question instead of guessing.

Example:
    >>> reader = ExtractiveReader(embedder=None)
    >>> r = reader.read("When was the bridge opened?", [(1, "The bridge was opened in 1932. It is red.")])
    >>> r.supported, r.sentences[0].number
    (True, 1)
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from core.index.base import Embedder

UNSUPPORTED_TEXT = "The evidence does not answer this question."
_WORD = re.compile(r"[A-Za-z0-9]+(?:['’.-][A-Za-z0-9]+)*")
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])")
_STOP = frozenset(
    "a an and are as at be been being but by can could did do does for from had has have how i if in "
    "into is it its itself may might more most much of on or our shall should so such than that the "
    "their them then there these they this those to was we were what when where which who whom whose "
    "why will with would you your about after before between both during each few other over same "
    "under until up very any all also not no nor only own too just per via name named called tell "
    "me give list describe explain".split()
)


def content_terms(text: str) -> set[str]:
    """Lower-cased words of `text` without stop words, with a plural 's' trimmed."""
    out = set()
    for word in _WORD.findall(text.lower()):
        if word in _STOP or len(word) < 2:
            continue
        out.add(word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word)
    return out


def split_sentences(text: str) -> list[str]:
    """Split a passage into sentences and table rows; drops headings and tiny fragments."""
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or re.fullmatch(r"[|:\-\s]+", line):
            continue
        pieces = [line] if line.startswith("|") else _SENTENCE_END.split(line)
        out.extend(p.strip() for p in pieces if len(_WORD.findall(p)) >= 3 and not _title_like(p))
    return out


def _title_like(piece: str) -> bool:
    """A short line in title case with no closing punctuation: a title or running head
    ("Ghostscript 9.54 Color Management"), not a sentence that can answer anything."""
    words = _WORD.findall(piece)
    return (len(words) <= 8 and not piece.rstrip().endswith((".", "!", "?", ":", ";"))
            and all(w[0].isupper() or w[0].isdigit() for w in words))


@dataclass(frozen=True)
class ReaderSentence:
    """One quoted evidence sentence, the number of its passage, and its match score."""

    text: str
    number: int
    score: float


@dataclass(frozen=True)
class ReaderResult:
    """What the reader found: the quoted sentences, the best score, and whether it suffices."""

    sentences: tuple[ReaderSentence, ...]
    support: float
    supported: bool

    def render(self) -> str:
        """The answer text: labelled extractive quotes with [n], or the unsupported sentence."""
        if not self.supported:
            return UNSUPPORTED_TEXT
        lines = [f"{s.text} [{s.number}]" for s in self.sentences]
        return "Extractive answer (sentences quoted from the evidence, no LLM):\n" + "\n".join(
            f"- {line}" for line in lines
        )


@dataclass(frozen=True)
class ExtractiveReader:
    """Quotes the evidence sentences that best match a question.

    `semantic_weight` mixes embedding cosine with word overlap; an answer needs a best score
    of at least `min_support`; sentences within `keep_ratio` of the best are quoted, at most
    `max_sentences`. Without an embedder only word overlap is used.
    """

    embedder: Embedder | None
    semantic_weight: float = 0.6
    min_support: float = 0.35
    keep_ratio: float = 0.8
    max_sentences: int = 3
    max_candidates: int = 300

    def read(self, question: str, passages: Sequence[tuple[int, str]]) -> ReaderResult:
        """Score every sentence of the numbered passages against `question`."""
        candidates = [(n, s) for n, text in passages for s in split_sentences(text)][: self.max_candidates]
        if not candidates:
            return ReaderResult((), 0.0, False)
        scores = self.score(question, [s for _, s in candidates])
        order = np.argsort(-scores, kind="stable")
        best = round(float(scores[order[0]]), 4)
        picked: list[ReaderSentence] = []
        for i in order[: self.max_sentences]:
            if scores[i] < best * self.keep_ratio:
                break
            number, sentence = candidates[int(i)]
            picked.append(ReaderSentence(sentence, number, round(float(scores[i]), 4)))
        return ReaderResult(tuple(picked), best, best >= self.min_support)

    def score(self, question: str, sentences: Sequence[str]) -> np.ndarray:
        """Combined score per sentence: w * cosine + (1 - w) * share of question words present."""
        q_terms = content_terms(question)
        overlap = np.array(
            [len(q_terms & content_terms(s)) / len(q_terms) if q_terms else 0.0 for s in sentences],
            dtype=np.float32,
        )
        if self.embedder is None:
            return overlap
        q = np.asarray(self.embedder.embed_query(question), dtype=np.float32)
        m = np.asarray(self.embedder.embed(list(sentences)), dtype=np.float32)
        cosine = np.clip(m @ q, 0.0, 1.0)
        w = self.semantic_weight
        return w * cosine + (1.0 - w) * overlap
