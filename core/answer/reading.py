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
from dataclasses import dataclass, field, replace
from typing import Mapping, Sequence

from core.answer.candidates import Candidate
from core.answer.quote import clean_markup, decline_lines, quote_line
from core.answer.terms import content_terms, tokens
from core.answer.units import Unit, announces, term_line

_NEGATION = re.compile(r"\b(?:not|no|never|cannot|can't|isn't|aren't|doesn't|don't|won't|unsupported|unable)\b|"
                       r"\b\w+n't\b", re.IGNORECASE)


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
        return Reading(answer, text, unit.number, (anchor, anchor + len(answer)))
    if answer == "No":
        neg = _NEGATION.search(text)
        return Reading(answer, text, unit.number, (neg.start(), neg.end()) if neg else None)
    at = text.lower().find(answer.lower()) if answer and answer != "Yes" else -1
    if at >= 0:
        return Reading(answer, text, unit.number, (at, at + len(answer)))
    term = unit.context.split(" | ")[0] if unit.context else ""
    if answer and term and answer in term and term_line(term):
        return Reading(answer, text, unit.number, None, term)
    return Reading(answer, text, unit.number, None)


def completed(reading: Reading, unit: Unit, nxt: Unit | None,
              following: Mapping[Unit, Unit] | None = None, block_words: int = 0) -> Reading:
    """The reading of a sentence that announces what follows (`announces`: "… must include the
    statement:", "… the command is" before a code line) read on into the unit that follows it
    in its passage (what it announces: the command, the list's first item), which the quote
    then shows; when that unit is a line of code, the block's next code lines too
    (`following`: reading order) while the quote stays within `block_words` words ("… start
    the program as before: $ cd work $ R"); any other reading as it is."""
    if nxt is None or nxt.number != unit.number or not announces(unit, nxt) or reading.answer in ("Yes", "No") \
            or reading.sentence != unit.text:
        return reading
    head = unit.text.rstrip()
    term = nxt.context.split(" | ")[0] if nxt.context else ""
    term = term if term and term_line(term) and term not in unit.context else ""  # a code line read as a term
    sentence = " ".join(p for p in (head, term, *announced_block(nxt, following or {}, block_words,
                                                                 len(head.split()) + len(term.split()))) if p)
    return replace(reading, sentence=sentence, window=None if reading.mark else (len(head) + 1, len(sentence)))


def announced_block(first: Unit, following: Mapping[Unit, Unit], words: int, used: int) -> list[str]:
    """The announced unit's text, then, when it is a code line, the code lines after it in
    the same passage while the quote (`used` words so far) stays within `words` words."""
    out, unit = [first.text.strip()], first
    used += len(first.text.split())
    while first.kind == "code" and (unit := following.get(unit)) is not None and unit.kind == "code" \
            and unit.number == first.number and used + len(unit.text.split()) <= words:
        out.append(unit.text.strip())
        used += len(unit.text.split())
    return out


_ANAPHOR = re.compile(r"^(?:This|These|It|They|Such|That|Those)\b")


def read_around(reading: Reading, unit: Unit, prev: Unit | None, nxt: Unit | None, short: int, total: int,
                confident: bool = False) -> Reading:
    """The answering sentence read with a neighbour of its passage when the two fit in `total`
    words: after the sentence before it when it opens by pointing back ("This is the default
    processor target."), else, unless the reader marks a `confident` answer in it, into the
    sentence after it when it has at most `short` words (the answer often follows the sentence
    that names what is asked: "S=# Specify a strategy for Traces." / "Only 0 is supported in
    this version."). Chosen leaving one tuning set out (`benchmarks/answer_tuning/
    loso_first_line.py`); any other reading as it is."""
    if reading.sentence != unit.text or reading.answer in ("Yes", "No") or total <= 0 or unit.kind == "row":
        return reading  # a table row is read with its header, never glued to the next row
    words = len(unit.text.split())
    if prev is not None and prev.number == unit.number and _ANAPHOR.match(unit.text.lstrip()) \
            and words + len(prev.text.split()) <= total:
        shift = len(prev.text.strip()) + 1
        return replace(reading, sentence=f"{prev.text.strip()} {unit.text}", mark=_shifted(reading.mark, shift),
                       window=_shifted(reading.window, shift))
    if not confident and nxt is not None and nxt.number == unit.number and words <= short \
            and not unit.text.rstrip().endswith(":") and nxt.kind != "row" \
            and words + len(nxt.text.split()) <= total:
        return replace(reading, sentence=f"{unit.text} {nxt.text.strip()}")
    return reading


_ONWARD = re.compile(r"^(?:In (?:that|this|such an?|either|which) cases?\b|Instead\b|Alternatively\b|Otherwise\b|"
                     r"However\b|Fortunately\b|Unfortunately\b|The recommended\b)")
_ONWARD_BROAD = re.compile(_ONWARD.pattern + r"|^(?:This|These|It|They|Such)\b")


def read_onward(reading: Reading, unit: Unit, nxt: Unit | None, total: int, broad: bool = False) -> Reading:
    """The answering sentence read on into the next sentence of its passage when that one opens by
    going on from it ("… then you can pipe it." / "In that case the character '-' is used …",
    "Instead, use Yorick's own cd function:"; `broad`: also "This …", "It …") and the two hold at
    most `total` words (0: never); without a marked answer, a quote cut to its window shows the
    second sentence whole. Any other reading as it is."""
    if total <= 0 or nxt is None or nxt.number != unit.number or reading.sentence != unit.text \
            or reading.answer in ("Yes", "No") or nxt.kind == "row":
        return reading
    if not (_ONWARD_BROAD if broad else _ONWARD).match(nxt.text.lstrip()):
        return reading
    if len(unit.text.split()) + len(nxt.text.split()) > total:
        return reading
    sentence = f"{unit.text} {nxt.text.strip()}"
    window = reading.window if reading.mark else (len(unit.text) + 1, len(sentence))  # a cut quote shows what goes on
    return replace(reading, sentence=sentence, window=window)


def _shifted(at: tuple[int, int] | None, by: int) -> tuple[int, int] | None:
    """Offsets `at` moved `by` characters on (None stays None)."""
    return (at[0] + by, at[1] + by) if at else None


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
    decline the question's names that no passage mentions (`missing`)."""

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
            return decline_lines(self.missing, [(q.text, q.number) for q in self.quotes], self.quote_words)
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
