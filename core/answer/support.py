"""Check each answer sentence against the evidence it cites: supported, partly, or not found.

Offline and without an LLM call. Two signals, both measured on benchmarks/support_sentences.jsonl:
- words: the share of the sentence's content words (stemmed, code tokens with their parts)
  that occur in the cited chunks; a number of the sentence that the cited text lacks caps the
  verdict at "partly" (a changed value is the commonest invention);
- meaning: the best cosine (all-MiniLM-L6-v2) between the sentence and a piece of cited text
  (a sentence, a table row read with its header) among the MAX_PIECES pieces sharing most of
  its words (a long piece read as its window around the sentence's words:
  `core.answer.support_embed`), one embedding batch per answer.
The score is the mean of words and meaning (the words alone when no embedder is given, or when at
least 85% of the sentence's words are in the cited text: a terse "It opened in 1937 [1]." has a
low cosine with the sentence it rests on); a sentence with at most 15% of its words in the cited
text is not found whatever it means, and a sentence whose words are too few to reach `partly_at`
even with a perfect cosine is not embedded (its verdict is already not found). The weight and
the thresholds were tuned on the set's tuning half (`python benchmarks/support_check.py` reports
the test half): below `partly_at` 90% of the flags were right on it, above `supported_at` 95% of
the "supported" verdicts. The band between them is narrow, so "partly" mostly marks a sentence
that the evidence supports except for a number it does not hold. What the model reads was then
cut to the least that changes no verdict of the tuning half (2 pieces of at most 24 words, the
words alone from 85%, instead of 4 pieces of 40 words and 90%): 57% fewer tokens embedded there,
half the padded tokens an answer (`python benchmarks/support_latency.py`).

Generated answers get their not-found sentences marked in the text, "(not in the cited pages)",
and `support_note` gives the footer's count.

Example:
    >>> check = SupportCheck(embedder=None)
    >>> check.verdict("The bridge opened in 1932.", ["The bridge was opened in 1932. It is red."])[0]
    'supported'
    >>> check.verdict("The bridge was painted blue in 1950.", ["The bridge was opened in 1932. It is red."])[0]
    'not_found'
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from core.answer.sentences import best_span, cited_texts, pieces, plain, split_answer
from core.answer.support_embed import window
from core.answer.terms import content_terms
from core.index.base import Embedder
from core.types import AnswerSentence, Citation, Verdict

FLAG = "(not in the cited pages)"
MAX_PIECES = 2  # pieces of cited text embedded per sentence: those sharing most of its words
_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*")


@dataclass(frozen=True)
class SupportCheck:
    """Verdicts for answer sentences (see the module doc). `embedder` may be None (words only)."""

    embedder: Embedder | None
    supported_at: float = 0.73
    partly_at: float = 0.72
    word_weight: float = 0.5  # score = word_weight * words + (1 - word_weight) * meaning
    words_absent: float = 0.15  # below this share of its words the sentence is not found, whatever it means
    words_sure: float = 0.85  # from this share on the words alone decide (a terse "It opened in 1937 [1].")

    def verdict(self, sentence: str, cited: Sequence[str]) -> tuple[Verdict, float]:
        """(verdict, score 0-1) of one sentence against the texts of the chunks it cites."""
        return self.verdicts([(sentence, cited)])[0]

    def verdicts(self, items: Sequence[tuple[str, Sequence[str]]]) -> list[tuple[Verdict, float]]:
        """(verdict, score) per (sentence, cited texts) pair; one embedding batch for them all."""
        words = [word_share(s, cited) if cited else 0.0 for s, cited in items]
        meaning = self._meaning([(s, c) for (s, c), w in zip(items, words)
                                 if c and self.words_absent < w < self.words_sure and self._may_pass(w)])
        out: list[tuple[Verdict, float]] = []
        for (sentence, cited), w in zip(items, words):
            m = meaning.get((sentence, tuple(cited)))
            score = w if m is None else self.word_weight * w + (1 - self.word_weight) * m
            verdict: Verdict = ("supported" if score >= self.supported_at
                                else "partly" if score >= self.partly_at else "not_found")
            if not cited or w <= self.words_absent:
                verdict = "not_found"
            elif verdict == "supported" and missing_numbers(sentence, cited):
                verdict = "partly"
            out.append((verdict, round(float(score), 4)))
        return out

    def _may_pass(self, words: float) -> bool:
        """Whether a sentence with this word share could reach `partly_at` (a cosine is at most 1)."""
        return self.word_weight * words + (1 - self.word_weight) >= self.partly_at

    def _meaning(self, items: Sequence[tuple[str, Sequence[str]]]) -> dict[tuple[str, tuple[str, ...]], float]:
        """Best cosine between each sentence and a piece of its cited texts (no embedder: {})."""
        if self.embedder is None or not items:
            return {}
        cands = {(s, tuple(c)): _closest(s, [p for text in c for p in pieces(text, headed=True)]) for s, c in items}
        texts = list(dict.fromkeys([plain(s) for s, _ in cands] + [p for ps in cands.values() for p in ps]))
        vectors = dict(zip(texts, self.embedder.embed(texts)))
        return {key: float(max((vectors[p] @ vectors[plain(key[0])] for p in ps), default=0.0))
                for key, ps in cands.items()}


def _closest(sentence: str, cands: list[str]) -> list[str]:
    """The MAX_PIECES pieces that share most content words with the sentence (ties: text order),
    each cut to its window around the sentence's words."""
    want = content_terms(plain(sentence))
    order = sorted(range(len(cands)), key=lambda i: (-len(want & content_terms(cands[i])), i))
    return [window(cands[i], want) for i in order[:MAX_PIECES]]


def word_share(sentence: str, cited: Sequence[str]) -> float:
    """Share of the sentence's content words that occur in the cited texts (1.0 when it has none)."""
    want = content_terms(plain(sentence))
    if not want:
        return 1.0
    have = set().union(*(content_terms(t) for t in cited))
    return len(want & have) / len(want)


def missing_numbers(sentence: str, cited: Sequence[str]) -> set[str]:
    """Numbers written in the sentence that none of the cited texts holds."""
    have = {n for t in cited for n in _NUMBER.findall(t)}
    return {n for n in _NUMBER.findall(plain(sentence)) if n not in have}


def answer_sentences(text: str, question: str, citations: Sequence[Citation], check: SupportCheck,
                     infer: bool = False) -> tuple[AnswerSentence, ...]:
    """Every sentence of `text` with its citations, supporting span and verdict (no boxes:
    `core.evidence.spans` adds them where the original PDF is kept). `infer`: a sentence that
    cites nothing (a generated one) is checked against all the evidence and cites the passage
    of its best span."""
    by_number = {c.number: (c.chunk.chunk_id, c.chunk.text) for c in citations}
    number_of = {c.chunk.chunk_id: c.number for c in citations}
    split = []
    for sentence, numbers in split_answer(text):
        cited = cited_texts(numbers or (tuple(by_number) if infer else ()), by_number)
        span, chunk_id, _ = best_span(sentence, cited, question) if cited else ("", "", 0.0)
        split.append((sentence, numbers or ((number_of[chunk_id],) if chunk_id else ()), cited, span, chunk_id))
    verdicts = iter(check.verdicts([(s, [t for _, t in cited]) for s, _, cited, _, _ in split if cited]))
    return tuple(AnswerSentence(sentence, numbers, span, chunk_id, (), *next(verdicts)) if cited
                 else AnswerSentence(sentence, numbers) for sentence, numbers, cited, span, chunk_id in split)


def flag_unsupported(text: str, sentences: Sequence[AnswerSentence]) -> str:
    """`text` with FLAG after every not-found sentence (generated answers)."""
    at = 0
    for s in sentences:
        where = text.find(s.text, at)
        if where < 0:
            continue
        at = where + len(s.text)
        if s.verdict == "not_found":
            text = f"{text[:at]} {FLAG}{text[at:]}"
            at += len(FLAG) + 1
    return text


def support_note(sentences: Sequence[AnswerSentence]) -> str:
    """The footer's count: '1 of 4 sentences not in the cited pages' ('' when none)."""
    checked = [s for s in sentences if s.verdict]
    missing = sum(s.verdict == "not_found" for s in checked)
    if not missing:
        return ""
    return f"{missing} of {len(checked)} sentence{'s' if len(checked) != 1 else ''} not in the cited pages"


def checked_answer(text: str, question: str, citations: Sequence[Citation], embedder: Embedder | None,
                   generated: bool) -> tuple[str, tuple[AnswerSentence, ...]]:
    """(answer text, its sentences): a generated answer is checked with the embedder and its
    not-found sentences flagged; an extractive one (quotes of the evidence) by its words only."""
    check = SupportCheck(embedder if generated else None)
    sentences = answer_sentences(text, question, citations, check, infer=generated)
    return (flag_unsupported(text, sentences) if generated else text), sentences



def cited_span(sentences: Sequence[AnswerSentence], citation: Citation) -> str:
    """The supporting span of the first sentence that cites `citation` and rests on its chunk
    ('' when none does): what its Show on page marks strongly."""
    return next((s.span_text for s in sentences
                 if citation.number in s.citations and s.chunk_id == citation.chunk.chunk_id), "")
