"""The shape of answer a question asks for, and whether an evidence sentence holds one.

A question asks for a shape its wording gives away: "How do I …?" for something to type or
set (an option, an attribute, a command line: `code`), "How many …?", "What is the range /
the largest …?" for a `number`, "Which folder / file extension …?" for a `path`. A sentence
that restates the question ("It can still be difficult to tell which edge a label belongs
to.") often outranks the one that answers it ("If the decorate attribute is set to true, a
line is drawn …"), since it shares more of the question's words; the reader lifts sentences
that hold a new token of the asked shape (`holds`), one the question does not already write.

Example:
    >>> from core.answer.question import analyse_question
    >>> q = analyse_question("How do I make the arrowheads bigger?")
    >>> asked_shape(q)
    'code'
    >>> holds("code", "The attribute arrowsize scales arrowheads.", q.text), holds("code", "Arrowheads can be big.", q.text)
    (True, False)
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Mapping, Sequence

from core.answer import spans as sp
from core.answer.question import QuestionInfo
from core.answer.reading import Reading
from core.answer.terms import STOP, stem, tokens
from core.answer.units import Unit, announces, term_line, term_of

_HOW = re.compile(r"\bhow (?:do|can|could|should|would|may|might|does) (?:i|you|we|one|a user|my|"
                  r"(?:an?|the|my) (?:application|program|user|script|client|caller|process))\b|\bhow to\b|"
                  r"\bwhat (?:do|should|must) (?:i|you|we) (?:type|run|use|pass|set|write|put|add)\b", re.IGNORECASE)
_NUMBER = re.compile(r"\bhow (?:many|much|long|big|large|wide|high|often)\b|\brange\b|\b(?:largest|smallest|"
                     r"maximum|minimum|highest|lowest|longest|shortest)\b|\bat (?:most|least)\b|\bup to\b|"
                     r"\bnumber of\b|\blimit\b", re.IGNORECASE)
_PATH = re.compile(r"\b(?:which|what|in which|in what)\s+(?:[\w-]+\s+){0,3}?(?:folder|directory|file ?name|"
                   r"extension|suffix|path|(?:log |config(?:uration)? )?file(?!\s+(?:format|type|system|size|mode)))\b|"
                   r"\bwhere\b[^?]*?\b(?:install|store|save|write|put|keep|place|cop(?:y|ie)|locate|look|search|"
                   r"find|live)\w*\b",
                   re.IGNORECASE)
_NAMED = (re.compile(r"([\w:/.\\#=-]+)\s+(?:attribute|option|flag|keyword|variable|parameter|command|switch|"
                     r"setting)\b", re.IGNORECASE),
          re.compile(r"\b(?:attribute|option|flag|keyword|variable|command)\s+([\w:/.\\#=-]+)", re.IGNORECASE))
_ASSIGNED = re.compile(r"\b[\w.-]+=[\w.\"'-]+")
_URL = re.compile(r"\S*(?:://|www\.|/)\S*")


def asked_shape(q: QuestionInfo) -> str:
    """'number', 'path' or 'code' (see the module doc); '' when the wording asks for no shape."""
    text = q.text
    if q.kind in ("count", "duration") or q.kind in ("what", "definition") and _NUMBER.search(text):
        return "number"
    if _PATH.search(text):
        return "path"
    if q.kind in ("what", "definition", "person", "place") and _HOW.search(text):
        return "code"
    return ""


def _new(token: str, asked: set[str]) -> bool:
    """Whether `token` says something the question does not already write."""
    parts = {stem(w) for w in tokens(token)} or {token.lower()}
    return not parts <= asked


def holds(shape: str, text: str, question: str) -> bool:
    """Whether the sentence `text` holds a token of `shape` that the `question` does not write."""
    asked = {stem(w) for w in tokens(question)} | {w.lower() for w in tokens(question)}
    if shape == "number":
        text = _URL.sub(" ", text)  # "…/2001/06/0016.html" holds no value
        found = [m.text for m in sp.number_spans(text) if re.search(r"\d", m.text)]
        found = [t for t in found if not re.fullmatch(r"\d{1,2}\.?", t) or not text.lstrip().startswith(t)]
        return any(_new(t.split()[0], asked) for t in found)
    if shape == "path":
        return any(_new(m.text, asked) for m in sp.path_spans(text))  # the candidates' own path reading
    if shape == "code":
        found = [m.text for m in sp.code_spans(text)] + [m.group(0) for m in _ASSIGNED.finditer(text)]
        found += [m.group(1) for p in _NAMED for m in p.finditer(text) if m.group(1).lower() not in STOP]
        return any(t and _new(t, asked) for t in found)
    return False


def shaped_scores(q: QuestionInfo, pool: Sequence[Unit], scores: Sequence[float], bonus: float,
                  following: Mapping[Unit, Unit] | None = None) -> list[float]:
    """The reader's pool scores with `bonus` for a unit that holds a new token of the shape
    the question asks for, or announces the line that holds it (`following`: reading order;
    "To quit the R program the command is" / "> q()")."""
    shape = asked_shape(q) if bonus else ""
    if not shape:
        return list(scores)
    following = following or {}

    def shaped(u: Unit) -> bool:
        nxt = following.get(u)
        return holds(shape, u.text, q.text) or (announces(u, nxt) and (shape == "code" and nxt.kind == "code"
                                                                       or holds(shape, nxt.text, q.text)
                                                                       or holds(shape, _new_term(u, nxt), q.text)))
    return [s + (bonus if shaped(u) else 0.0) for u, s in zip(pool, scores)]


def _new_term(unit: Unit, nxt: Unit) -> str:
    """The term line `nxt` is read under when `unit` is not ("… simply add the flag:" / "--nof77" read as
    the term of "to your configure command."): what `unit` announces; "" otherwise."""
    term = term_of(nxt)
    return term if term and term_line(term) and term not in unit.context else ""


def read_on_to_shape(q: QuestionInfo, reading: Reading, unit: Unit, nxt: Unit | None, words: int) -> Reading:
    """The answering sentence read on into the next sentence of its passage when it lacks the
    shape the question asks for and that sentence holds one ("The workFactor parameter controls
    … Allowable values range from 0 to 250 inclusive."), the two within `words` words (0: never)."""
    shape = asked_shape(q) if words > 0 else ""
    if not shape or nxt is None or nxt.number != unit.number or reading.sentence != unit.text \
            or len(f"{unit.text} {nxt.text}".split()) > words:
        return reading
    if holds(shape, unit.text, q.text) or not holds(shape, nxt.text, q.text):
        return reading
    return replace(reading, sentence=f"{unit.text} {nxt.text.strip()}")
