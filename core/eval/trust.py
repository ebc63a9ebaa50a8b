"""Answer-trust metrics: is the first line right, is a decline a decline, is a follow-up
rewritten only when it should be (definitions in benchmarks/answer_sets/README.md).

- `answer_hit_first_line`: `answer_hit` on the first line alone (see `lead_line`).
- `answer_hit`: `answer_hit` on the whole answer text (citation marks removed).
- `declined`: the first line opens with a decline phrase (`DECLINE_PHRASES`).
- `span_hit`: `answer_hit` on `answer.sentences[0].span_text`; None (reported "n/a") when the
  answer has no `sentences` attribute. A question whose short answer is a bare Yes or No
  (no page can hold it) counts when the first line gives that verdict and the span matches
  one of the question's `answer_patterns`, the sentence the verdict rests on.
- follow-ups: `rewritten` (the text retrieved with, `retrieved_as`, differs from the question
  asked) and `rewrite_summary` (page_hit@5 of the text retrieved with relative to the
  standalone form's). A rewrite not shown as "understood as" is still what the app retrieves
  with, so it counts as a rewrite and its page hits are those of the hidden text.

Example:
    >>> lead_line("**Answer:** `--enable-shared` [2]\\n> quote")
    '--enable-shared'
    >>> is_declined("The documents do not say which port.\\nClosest evidence: ...")
    True
    >>> split_half("pdfdev-14"), split_half("pdfdev-07")
    ('tune', 'test')
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from core.eval import metrics as m
from core.eval.answers import first_line, is_hit, plain, word_count
from core.eval.questions import Question

# The offline reader's decline openings: the new one and today's.
DECLINE_PHRASES = ("The documents do not say", "The evidence does not answer this question")
_MARKUP = re.compile(r"[*`]")
_LAST_DIGIT = re.compile(r"(\d)\D*$")
_VERDICTS = frozenset({"yes", "no"})


def lead_line(text: str) -> str:
    """The line a person reads first: the first line with content, citation marks and a
    leading 'Answer:' label removed, markup (`*`, backticks) dropped, whitespace collapsed."""
    return m.collapse(_MARKUP.sub("", first_line(text)))


def is_declined(text: str) -> bool:
    """The answer's first line opens with one of the decline phrases (case-insensitive)."""
    lead = lead_line(text).lstrip("\"'“ ").lower()
    return any(lead.startswith(p.lower()) for p in DECLINE_PHRASES)


def split_half(qid: str) -> str:
    """The fixed pdfqa-dev split: id ending in an even digit -> 'tune', odd -> 'test'."""
    found = _LAST_DIGIT.search(qid)
    if found is None:
        raise ValueError(f"question id {qid!r} has no digit to split on")
    return "tune" if int(found.group(1)) % 2 == 0 else "test"


def span_text(answer: object) -> str | None:
    """The supporting span of the answer's first sentence; None when answers carry no
    `sentences` (the metric is then n/a), '' when there is no sentence or span."""
    sentences = getattr(answer, "sentences", None)
    if sentences is None:
        return None
    if not sentences:
        return ""
    return str(getattr(sentences[0], "span_text", "") or "")


def rewritten(asked: str, understood_as: str) -> bool:
    """A rewrite happened: `understood_as` is given and differs from the question asked
    (whitespace and case ignored)."""
    return bool(understood_as.strip()) and m.collapse(understood_as).lower() != m.collapse(asked).lower()


def retrieved_as(row: Mapping[str, object]) -> str:
    """The text the app retrieved with for a benchmark row: `retrieved_as` (the answer's
    `retrieval.question`, a hidden rewrite included), else the shown `understood_as`, else the
    question as asked (rows written before `retrieved_as` was recorded)."""
    return str(row.get("retrieved_as") or row.get("understood_as") or row["question"])


@dataclass(frozen=True)
class TrustRow:
    """One answer graded for trust."""

    qid: str
    hit_first_line: float
    hit: float
    words: int
    declined: bool
    span_hit: float | None = None  # None: the answer has no sentences (n/a)
    span_words: int | None = None


def span_holds(span: str, q: Question, lead: str) -> bool:
    """The span holds the short answer; for a bare Yes/No answer, the first line `lead`
    gives the verdict and the span is the sentence it rests on (an answer pattern matches)."""
    if not span:
        return False
    verdict = bool(q.short_answers) and all(
        s.strip().lower() in _VERDICTS for part in q.short_answers for s in part)
    if verdict and q.answer_patterns:
        flat = plain(span)
        return is_hit(lead, q) and any(re.search(p, flat, re.IGNORECASE) for p in q.answer_patterns)
    return is_hit(span, q)


def score_trust(q: Question, text: str, span: str | None = None) -> TrustRow:
    """Grade one answer text (and its first sentence's span, when known) against `q`."""
    return TrustRow(
        qid=q.qid, hit_first_line=float(is_hit(lead_line(text), q)) if q.has_answers else 0.0,
        hit=float(is_hit(text, q)) if q.has_answers else 0.0, words=word_count(text),
        declined=is_declined(text),
        span_hit=None if span is None else float(span_holds(span, q, lead_line(text))),
        span_words=None if span is None else word_count(span),
    )


def summarise_trust(rows: Sequence[TrustRow]) -> dict[str, float | str | int]:
    """Averages over one set: hits, median words, declined rate, span_hit (or 'n/a')."""
    if not rows:
        return {"questions": 0}
    spans = [r for r in rows if r.span_hit is not None]
    out: dict[str, float | str | int] = {
        "questions": len(rows),
        "answer_hit_first_line": round(m.mean(r.hit_first_line for r in rows), 4),
        "answer_hit": round(m.mean(r.hit for r in rows), 4),
        "answer_words_p50": round(m.percentile([r.words for r in rows], 50), 1),
        "answer_words_p90": round(m.percentile([r.words for r in rows], 90), 1),
        "declined": round(m.mean(float(r.declined) for r in rows), 4),
    }
    if len(spans) == len(rows):
        out["span_hit"] = round(m.mean(r.span_hit or 0.0 for r in spans), 4)
        out["span_words_p50"] = round(m.percentile([r.span_words or 0 for r in spans], 50), 1)
    else:
        out["span_hit"] = out["span_words_p50"] = "n/a"
    return out


@dataclass(frozen=True)
class RewriteRow:
    """One second question of a conversation: was it rewritten, and do the rewritten and
    the standalone forms retrieve a gold page in the top 5?"""

    qid: str
    kind: str  # "follow-up" or "self-contained"
    rewritten: bool
    page_hit5: float  # of the text the app retrieved with (`retrieved_as`)
    standalone_page_hit5: float


def rewrite_summary(rows: Iterable[RewriteRow]) -> dict[str, float | int]:
    """Follow-ups: page_hit@5 of the rewritten questions, of their standalone forms, their
    ratio (target >= 0.9) and how many were rewritten; self-contained: how many were
    rewritten (target 0)."""
    rows = list(rows)
    follow = [r for r in rows if r.kind == "follow-up"]
    fresh = [r for r in rows if r.kind == "self-contained"]
    asked = m.mean(r.page_hit5 for r in follow)
    standalone = m.mean(r.standalone_page_hit5 for r in follow)
    return {
        "follow_ups": len(follow),
        "follow_ups_rewritten": sum(r.rewritten for r in follow),
        "page_hit@5_understood": round(asked, 4),
        "page_hit@5_standalone": round(standalone, 4),
        "page_hit@5_ratio": round(asked / standalone, 4) if standalone else 0.0,
        "self_contained": len(fresh),
        "self_contained_rewritten": sum(r.rewritten for r in fresh),
    }


def differing(first: Mapping[str, str], second: Mapping[str, str]) -> list[str]:
    """Ids whose answer text differs between two runs (or that only one run has), sorted."""
    return sorted(k for k in set(first) | set(second) if first.get(k) != second.get(k))
