"""What the offline reader found, and how it reads to the user.

A `Reading` is the sentence that answers (one per part of a two-part question), with the
answer's place in it; a `ReaderResult` renders the answer: the reading's sentence quoted
first with its [n] (the answer words in bold when the reader is confident), then at most two
other quotes; or, for a decline, "The documents do not say …" and the closest evidence.

Example:
    >>> r = Reading("69", "Defaults is the standardized number 69.", 1, (36, 38))
    >>> ReaderResult("69", 1, (), 0.5, True, readings=(r,)).render()
    '“Defaults is the standardized number **69**.” [1]'
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

from core.answer.candidates import Candidate
from core.answer.judge import DENIED_STATES
from core.answer.quote import clean_markup, decline_lines, quote_line
from core.answer.terms import content_terms, tokens
from core.answer.units import Unit, as_written, term_line, term_of
from core.answer.values import BOOLEAN_DEFAULT

_NEGATION = re.compile(r"\b(?:not|no|never|cannot|can't|isn't|aren't|doesn't|don't|won't|unsupported|unable|"
                       + "|".join(sorted(DENIED_STATES)) + r")\b|\b\w+n['’]t\b", re.IGNORECASE)  # what a "No" marks


@dataclass(frozen=True)
class ReaderSentence:
    """One evidence unit as quoted, the number of its passage, and its match score."""

    text: str
    number: int
    score: float
    focus: tuple[int, int] | None = None  # where the question's words sit: the quote's window holds it


@dataclass(frozen=True)
class Reading:
    """The sentence that answers: the short answer, the sentence, its passage number, the
    answer's offsets in the sentence (None when it is not written there) and the definition
    term the sentence is read with (when the answer is that term)."""

    answer: str
    sentence: str
    number: int
    mark: tuple[int, int] | None = None
    prefix: str = ""
    window: tuple[int, int] | None = None  # without a mark: the part of the sentence the quote must show

    def line(self, bold: bool, max_words: int) -> str:
        """The quoted sentence with its citation, cut around the answer, the answer in bold
        when `bold`; a yes/no verdict comes first ("No: “… **not** …” [2]")."""
        prefix = clean_markup(self.prefix)
        if bold and prefix and self.mark is None and self.answer and self.answer in prefix:
            prefix = prefix.replace(self.answer, f"**{self.answer}**", 1)
        if self.mark is None and self.window is not None:  # shown, never bold: it is no answer span
            return quote_line(self.sentence, self.number, self.window, max_words, prefix, bold=False)
        line = quote_line(self.sentence, self.number, self.mark, max_words, prefix, bold)
        return f"{self.answer}: {line}" if self.answer in ("Yes", "No") else line  # the verdict, then its evidence


def reading_of(answer: str, unit: Unit, anchor: int) -> Reading:
    """The Reading for an answer found in `unit` at `anchor` (-1: not located by the span
    finder: looked up in the sentence, then in its definition term; a "No" marks the
    sentence's negation)."""
    text = unit.text
    if anchor >= 0 and text[anchor:anchor + len(answer)] == answer:
        start, end = closed(text, anchor, anchor + len(answer))
        return Reading(text[start:end], text, unit.number, (start, end))
    term = term_of(unit)
    if answer in ("Yes", "No") and term and term_line(term) and (said := BOOLEAN_DEFAULT.search(text)):
        return Reading(answer, text, unit.number, said.span(1), as_written(term))  # "trim_blocks … Defaults to False."
    if answer == "No":
        neg = _NEGATION.search(text)
        return Reading(answer, text, unit.number, (neg.start(), neg.end()) if neg else None)
    at = text.lower().find(answer.lower()) if answer and answer != "Yes" else -1
    if at >= 0:
        start, end = closed(text, at, at + len(answer))
        return Reading(text[start:end] if (start, end) != (at, at + len(answer)) else answer, text, unit.number,
                       (start, end))
    if answer and term and answer in term and term_line(term):
        return Reading(answer, text, unit.number, None, as_written(term))
    return Reading(answer, text, unit.number, None)


def closed(text: str, start: int, end: int) -> tuple[int, int]:
    """The mark text[start:end] with the bracket or quote that closes one it opens ("four
    megabytes (4MB" → "… (4MB)"), or opens one it closes ("--’ (two hyphens)" → "‘--’ …"), and the
    rest of a word it cuts."""
    for left, right in ("()", "[]", "‘’", "“”"):
        opened = text.count(left, start, end) - text.count(right, start, end)
        if opened > 0 and text[end:end + 1] == right:
            end += 1
        elif opened < 0 and start and text[start - 1] == left:
            start -= 1
    if start < end:  # a mark never cuts a word: "about 780" in "about 780MB" marks "about 780MB"
        while end < len(text) and text[end - 1].isalnum() and text[end].isalnum():
            end += 1
        while start > 0 and text[start].isalnum() and text[start - 1].isalnum():
            start -= 1
    return start, end


def focus_of(text: str, terms: frozenset[str] | set[str], words: int) -> tuple[int, int] | None:
    """Character bounds of the question's words in `text`, from the first to the last that
    fit in `words` words after it (an answer tends to follow the words that ask for it, so
    a quote cut to its window should hold them and what comes after); None without any."""
    found = [m for m in re.finditer(r"\S+", text) if content_terms(m.group(0)) & terms]
    if not found:
        return None
    first = found[0]
    last = [m for m in found if len(text[first.start():m.end()].split()) <= max(1, words // 2)][-1]
    return first.start(), last.end()


def other_quotes(readings: Sequence[Reading], ranked: Sequence[Unit], count: int, words: int,
                 terms: frozenset[str] | set[str] = frozenset()) -> tuple[ReaderSentence, ...]:
    """Up to `count` best-ranked units other than the readings' own sentences (≥ 3 words),
    each with the place of the question's `terms` in it."""
    shown = {r.sentence for r in readings}
    out: list[ReaderSentence] = []
    for u in ranked:
        if len(out) >= count:
            break
        if u.text in shown or len(tokens(u.text)) < 3 or any(u.text.strip() in r.sentence for r in readings):
            continue
        shown.add(u.text)
        focus = focus_of(u.text.strip(), terms, words) if terms and u.kind != "row" else None  # a row opens with its key
        out.append(ReaderSentence(u.text, u.number, 0.0, focus))
    return tuple(out)


def about_question(quotes: Sequence[ReaderSentence], units: Sequence[Unit],
                   terms: frozenset[str] | set[str]) -> tuple[ReaderSentence, ...]:
    """The quotes whose unit, read with its context (definition term, caption, heading), holds
    one of the question's `terms`: a sentence about something else is no evidence for it and is
    left out, not replaced (all of them without terms)."""
    if not terms:
        return tuple(quotes)
    context = {u.text: u.context for u in units}
    return tuple(q for q in quotes if terms & (content_terms(q.text) | content_terms(context.get(q.text, ""))))


def answer_quotes(readings: Sequence[Reading], candidates: Sequence[Candidate], count: int, words: int,
                  terms: frozenset[str] | set[str] = frozenset(), answer: str = "") -> tuple[ReaderSentence, ...]:
    """Up to `count` sentences of the best `candidates` (ranked answer spans, best first) after
    the readings' own: one per unit, none the first line already shows, none whose span is
    `answer` again; each quote's window holds its candidate's span (a sentence candidate, or a
    span of its term: the question's words), so when the first line's pick is wrong the
    runner-up answer is read next."""
    shown = {r.sentence for r in readings}
    out: list[ReaderSentence] = []
    for c in candidates:
        if len(out) >= count:
            break
        u = c.unit
        if u.text in shown or len(tokens(u.text)) < 3 or any(u.text.strip() in r.sentence for r in readings) \
                or (answer and c.text.lower() == answer.lower()):
            continue
        shown.add(u.text)
        out.append(ReaderSentence(u.text, u.number, round(c.score, 4), _candidate_focus(c, terms, words)))
    return tuple(out)


def _candidate_focus(c: Candidate, terms: frozenset[str] | set[str], words: int) -> tuple[int, int] | None:
    """Where the quote of `c`'s unit must look: its span (offsets in the stripped text), else
    the question's words."""
    text = c.unit.text
    lead = len(text) - len(text.lstrip())
    if c.text and c.start >= lead and text[c.start:c.start + len(c.text)] == c.text:
        return c.start - lead, c.start - lead + len(c.text)
    return focus_of(text.strip(), terms, words) if terms and c.unit.kind != "row" else None


@dataclass(frozen=True)
class ReaderResult:
    """The short answer and its citation number, the other quotes, the best unit's support
    and whether the evidence answers, the question's kind, the ranked units, the answering
    sentence(s) (`readings`), whether the answer words are marked (`confident`), and for a
    decline the question's names that no passage mentions (`missing`) or that the answering
    document mentions only in passing (`passing`)."""

    answer: str
    number: int
    quotes: tuple[ReaderSentence, ...]
    support: float
    supported: bool
    kind: str = "what"
    sentences: tuple[ReaderSentence, ...] = field(default=())
    readings: tuple[Reading, ...] = ()
    confident: bool = True
    missing: tuple[str, ...] = ()
    passing: tuple[str, ...] = ()
    first_words: int = 28
    quote_words: int = 14
    margin: float = 0.0  # the answer's lead over the next candidate answer
    max_words: int = 40  # the whole answer's word budget: quotes that would pass it are left out …
    fit_words: int = 0  # … or cut to the words left when at least this many are (0: never);
    lead_room: int = 0  # … but at least this many words past the first line (0: the budget alone)

    def render(self) -> str:
        """First line: the answering sentence(s), each quoted with its [n] (the answer in bold
        when confident); then each other quote on its own line, as long as the answer stays
        within `max_words` words. A decline says "The
        documents do not say …" and shows the closest passages as closest evidence."""
        if not self.supported or not self.readings:
            return decline_lines(self.missing, [(q.text, q.number) for q in self.quotes], self.quote_words,
                                 self.passing)
        lines = [" ".join(r.line(self.confident, self.first_words) for r in self.readings)]
        budget = max(self.max_words, _words(lines) + self.lead_room) if self.lead_room else self.max_words
        for q in self.quotes:  # other quotes while the whole answer stays within its word budget
            line = quote_line(q.text, q.number, q.focus, self.quote_words, bold=False)
            if _words(lines) + len(line.split()) > budget:
                lines += self._cut(q, budget - _words(lines))
                break
            lines.append(line)
        return "\n".join(lines)

    def _cut(self, q: ReaderSentence, room: int) -> list[str]:
        """The quote cut to the `room` words left (its citation and '…' counted), showing at
        least `fit_words` words of the evidence; [] when it cannot (or `fit_words` is 0)."""
        for n in range(min(room, self.quote_words), max(1, self.fit_words) - 1, -1) if self.fit_words else ():
            line = quote_line(q.text, q.number, q.focus, n, bold=False)
            if len(line.split()) <= room:
                return [line]
        return []


def _words(lines: Sequence[str]) -> int:
    """Words the user reads in `lines`, citation marks and '…' not counted."""
    return sum(1 for line in lines for w in line.split() if not re.fullmatch(r"\[\d+\]|…", w))
