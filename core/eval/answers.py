"""Answer metrics (shared/bench README): answer_hit, answer_f1, exact match, answer length.

- `answer_hit`: the answer text (citation marks removed) is right. With `short_answers`
  every part needs a spelling that occurs in it as whole words (not preceded or followed by
  a letter or digit), case-insensitive, whitespace collapsed; without them an answer
  pattern (regex) must match, or else the answer or an alias occur as whole words.
- `answer_hit_first_line`: the same rule on the first line alone (the short answer).
- Both read the answer as a person sees it: the reader's bold marks (`**`) are dropped, so
  "**Intel** hex" holds "Intel hex".
- `answer_f1` / `answer_em`: SQuAD token F1 / exact match of the first line against the
  answer and its aliases (the best of them).
- `answer_words`: words of the answer text without citation marks (median reported).

Example:
    >>> short_answer_ok("Use ssh:stop_listener/1 [2]", (("stop_listener",),))
    True
    >>> short_answer_ok("TFTP only", (("FTP",),))
    False
    >>> round(token_f1("the Chief of Protocol", "Chief of Protocol"), 2)
    1.0
"""
from __future__ import annotations

import re
import string
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from core.eval import metrics as m
from core.eval.questions import Question
from core.types import Answer

_CITE = re.compile(r"\s*\[\d+\]")
_LABEL = re.compile(r"^\s*(?:\*\*)?(?:the )?(?:short )?answer(?: is)?(?:\*\*)?\s*:\s*", re.IGNORECASE)
_BOLD = re.compile(r"\*\*")  # markdown bold marks: the reader puts them around answer words
_LIGATURES = str.maketrans({"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st"})


@dataclass(frozen=True)
class AnswerScore:
    """One answer graded against one question, for the drill-down and the averages."""

    text: str
    first_line: str
    hit: float
    hit_first_line: float
    f1: float
    em: float
    words: int
    latency_ms: float
    llm_calls: int
    llm_tokens: int
    mode: str
    understood_as: str = ""
    gold: str = ""


def plain(text: str) -> str:
    """Answer text without citation marks, bold marks or ligature glyphs, whitespace
    collapsed."""
    return m.collapse(_BOLD.sub("", _CITE.sub("", text.translate(_LIGATURES))))


def first_line(text: str) -> str:
    """The short answer: the first line with content, without citations or an 'Answer:' /
    'The answer is:' label (a line holding only the label is skipped)."""
    for line in text.splitlines():
        short = _LABEL.sub("", plain(line)).strip("* ")
        if short:
            return short
    return ""


def occurs(spelling: str, text: str) -> bool:
    """`spelling` occurs in `text` as whole words (case-insensitive, whitespace collapsed)."""
    needle = m.collapse(spelling)
    if not needle:
        return False
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(needle)}(?![A-Za-z0-9])", m.collapse(text), re.IGNORECASE) is not None


def short_answer_ok(text: str, parts: Sequence[Sequence[str]]) -> bool:
    """Every required part has a spelling that occurs in `text`."""
    return bool(parts) and all(any(occurs(s, plain(text)) for s in part) for part in parts)


def is_hit(text: str, q: Question) -> bool:
    """answer_hit for one answer: short answers, else patterns, else answer and aliases."""
    flat = plain(text)
    if q.short_answers:
        return short_answer_ok(flat, q.short_answers)
    if q.answer_patterns:
        return any(re.search(p, flat, re.IGNORECASE) for p in q.answer_patterns)
    return any(occurs(a, flat) for a in (q.answer, *q.answer_aliases) if a.strip())


def normalise(text: str) -> str:
    """SQuAD normalisation: lower case, no punctuation or articles, single spaces."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = "".join(ch for ch in text if ch not in set(string.punctuation))
    return " ".join(re.sub(r"\b(a|an|the)\b", " ", text).split())


def token_f1(prediction: str, gold: str) -> float:
    """Token-overlap F1 between the normalised prediction and gold answer."""
    p, g = normalise(prediction).split(), normalise(gold).split()
    common = sum((Counter(p) & Counter(g)).values())
    if not p or not g or not common:
        return float(p == g)
    precision, recall = common / len(p), common / len(g)
    return 2 * precision * recall / (precision + recall)


def word_count(text: str) -> int:
    """Words the user reads: whitespace-separated, citation marks not counted."""
    return len(plain(text).split())


def score_answer(q: Question, answer: Answer) -> AnswerScore:
    """Grade one Answer against one labelled question."""
    short = first_line(answer.text)
    golds = [g for g in (q.answer, *q.answer_aliases) if g.strip()]
    return AnswerScore(
        text=answer.text, first_line=short, hit=float(is_hit(answer.text, q)),
        hit_first_line=float(is_hit(short, q)),
        f1=max((token_f1(short, g) for g in golds), default=0.0),
        em=max((float(normalise(short) == normalise(g)) for g in golds), default=0.0),
        words=word_count(answer.text), latency_ms=round(answer.latency_ms, 2),
        llm_calls=answer.llm_calls, llm_tokens=answer.llm_tokens, mode=answer.mode,
        understood_as=getattr(answer, "understood_as", ""), gold=q.answer,
    )


def summarise_answers(scores: Sequence[AnswerScore]) -> dict[str, float]:
    """The answer metrics of one retriever, averaged (words and latency: median)."""
    if not scores:
        return {}
    return {
        "answer_hit": round(m.mean(s.hit for s in scores), 4),
        "answer_hit_first_line": round(m.mean(s.hit_first_line for s in scores), 4),
        "answer_f1": round(m.mean(s.f1 for s in scores), 4),
        "answer_em": round(m.mean(s.em for s in scores), 4),
        "answer_words_p50": round(m.percentile([s.words for s in scores], 50), 1),
        "ask_ms_p50": round(m.percentile([s.latency_ms for s in scores], 50), 1),
        "llm_calls": int(sum(s.llm_calls for s in scores)),
        "llm_tokens": int(sum(s.llm_tokens for s in scores)),
    }
