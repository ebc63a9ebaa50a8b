"""What a setting's value looks like, as a manual writes it: the answer to "What is the default …?".

A value is a number, bare or with a unit or size suffix ("900k", "100,000 bytes", "0.001",
"3.5 MB", "10%"), a quoted setting ('"random"'), a switch word ("on", "false", "none"), an
option or assignment in code ("--fast", "-9", "level=6"), or a constant written in capitals
("HKY85", "R_PAPERSIZE"). A program, library or command name that merely holds a digit
("bunzip2", "libxml2", "python3") is no value: it is a lower-case word with a digit stuck to it.
`value_mark` moves the mark of a default question, inside the sentence the reader chose, from
such a name to the value the sentence gives ("For files compressed with the default 900k block
size, bunzip2 will require …": 900k); `value_like` is the looser test the reader's bold rests on.

Example:
    >>> [is_value(t) for t in ("900k", "100,000 bytes", "bunzip2", "HKY85", "--fast", "the program")]
    [True, True, False, True, True, False]
    >>> parenthesised_defaults("Sizes run from 100,000 bytes through 900,000 bytes (the default).")
    [('900,000 bytes', 37)]
    >>> [value_like(t) for t in ("bunzip2", "HKY85", "Relative Colorimetric", "optimised")]
    [False, True, True, False]
"""
from __future__ import annotations

import re

from typing import Sequence, TypeVar

from core.answer.spans import default_spans, is_path
from core.answer.terms import stem, tokens
from core.answer.units import term_of

C = TypeVar("C")  # a candidates.Candidate (text, unit, score, start)
CONFIDENT_KINDS = frozenset({"count", "duration", "step", "yesno", "choice"})

_SIZE_UNITS = (r"(?:[kKMGT](?:i?B|b)?|bytes?|bits?|kbytes|kilobytes?|megabytes?|gigabytes?|KiB|MiB|GiB|"
               r"ms|s|sec(?:onds?)?|min(?:utes?)?|h(?:ours?)?|days?|px|pt|mm|cm|in|dpi|Hz|kHz|MHz|V|mV|A|mA|"
               r"lines?|columns?|characters?|chars?|threads?|times|%)")
_NUMBER = r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_QUANTITY = re.compile(rf"^(?:about |approximately |up to )?{_NUMBER}(?:\s?{_SIZE_UNITS})?\.?$")
_QUOTED = re.compile(r"^[\"'`‘“«].+[\"'`’”»]$")
_SWITCH = re.compile(r"^(?:on|off|true|false|yes|no|none|null|nil|enabled|disabled|auto(?:matic)?|unlimited|"
                     r"infinite|empty)$", re.IGNORECASE)
_OPTION = re.compile(r"^--?[A-Za-z0-9][\w-]*(?:[= ]\S+)?$")
_ASSIGNED = re.compile(r"^[\w.-]+\s?[=:]\s?\S+$")
_CONSTANT = re.compile(r"^(?=.*[A-Z])[A-Z0-9][A-Z0-9_.+-]*$")  # HKY85, R_PAPERSIZE, UTF-8
_RELATIVE = re.compile(r"^\.{1,2}/[\w./+-]*$")  # ./configure, ../lib: spans.is_path takes the rest of a path
_NAME_WITH_DIGIT = re.compile(r"^[a-z][a-z_-]*\d+[a-z]*$")  # bunzip2, libxml2, python3: a name, not a value
_PAREN_DEFAULT = re.compile(r"\s*\((?:the |which is the |is the )?default(?: value)?\)", re.IGNORECASE)
_VALUE_BEFORE = re.compile(rf"(?:{_NUMBER}(?:\s?{_SIZE_UNITS})?|[\"'`‘“][^\"'`’”]+[\"'`’”]|--?[\w-]+|[\w.-]+)$")
_AFTER_DEFAULT = re.compile(r"\bdefault\s+(?:value\s+(?:of\s+)?)?([^\s,;()]+?)(?=[.,;:)]?(?:\s|$))", re.IGNORECASE)
_LOOSE = re.compile(r"\d|[-_./=<>\\]|[A-Z]")  # a number, a name, code: what a default's value may look like


def is_value(text: str) -> bool:
    """Whether `text` (a candidate answer span) reads as a setting's value, not as a name or phrase."""
    t = text.strip().rstrip(",;:")
    if not t or _NAME_WITH_DIGIT.match(t):
        return False
    if is_path(t) or _RELATIVE.match(t):  # /etc/foo.conf, .bashrc, out.txt (not "e.g", "Fig.3")
        return True
    return any(p.match(t) for p in (_QUANTITY, _QUOTED, _SWITCH, _OPTION, _ASSIGNED, _CONSTANT))


def value_like(text: str, sentence: str = "") -> bool:
    """The reader's looser test for marking a default's answer: a digit, a capital or a code
    character ("0.001", "HKY85", "--log", "Relative Colorimetric"), but a lower-case name with a
    digit ("bunzip2") only where `sentence` states it as the default ("Default encoding is utf8")."""
    t = text.strip()
    if _NAME_WITH_DIGIT.match(t):
        return any(m.text.strip() == t for m in default_spans(sentence))
    return bool(_LOOSE.search(t))


def value_mark(text: str, start: int, sentence: str, ranked: Sequence[C], unit: object) -> tuple[str, int]:
    """For a default question: the mark (text, offset) inside the chosen sentence. A value the
    sentence marks "(the default)" wins; a mark on a name with a digit that the sentence does not
    state as the default ("bunzip2") moves to the value written right after "default" ("the default
    900k block size"), else to the best-scored candidate of the same sentence (`unit`) that is a
    value (`is_value`); any other mark stays (moving marks from plain
    words to values lost more than it gained on the tuning sets)."""
    stated = parenthesised_defaults(sentence)
    if stated:
        return stated[0]
    if not _NAME_WITH_DIGIT.match(text.strip()) or value_like(text, sentence):
        return text, start
    after = next((m for m in _AFTER_DEFAULT.finditer(sentence) if is_value(m.group(1))), None)
    if after:  # "the default 900k block size"
        return after.group(1), after.start(1)
    same = (c for c in ranked if c.unit == unit and c.text and c.start >= 0 and is_value(c.text))
    return next(((c.text, c.start) for c in same), (text, start))


def marked(q, best, ranked: Sequence[C]) -> tuple[str, int]:
    """The mark (text, offset) of the chosen candidate `best` in its sentence: for a default
    question the value (`value_mark`); for "how many X" the same sentence's number counted in X
    when the best one counts something else ("Storage Size: 4 bytes", not "Low Value: 4713");
    else the candidate's own."""
    if q.default:
        return value_mark(best.text, best.start, best.unit.text, ranked, best.unit)
    if q.kind == "count" and not counts_asked(best.text, q.text):
        same = (c for c in ranked if c.unit == best.unit and c.text and c.start >= 0 and counts_asked(c.text, q.text))
        return next(((c.text, c.start) for c in same), (best.text, best.start))
    return best.text, best.start


def counts_asked(text: str, question: str) -> bool:
    """A number with the thing the question counts as its unit ("4 bytes" for "how many bytes")."""
    words, asked = tokens(text), re.search(r"\bhow\s+many\s+(\w+)", question, re.IGNORECASE)
    return bool(asked) and len(words) >= 2 and words[0][:1].isdigit() \
        and stem(words[-1].lower()) == stem(asked.group(1).lower())


def parenthesised_defaults(sentence: str) -> list[tuple[str, int]]:
    """The values that a bracket after them marks as the default, with their offsets
    ("… through 900,000 bytes (the default) respectively", "-O2 (default)")."""
    out = []
    for m in _PAREN_DEFAULT.finditer(sentence):
        before = _VALUE_BEFORE.search(sentence[: m.start()])
        if before and is_value(before.group(0)):
            out.append((before.group(0), before.start()))
    return out


def shaped(q) -> bool:
    """Whether the question (a `question.QuestionInfo`) asks for a shape whose spans the reader
    finds reliably (tuning half of pdfqa-dev): defaults, counts, durations, procedure steps, yes/no
    and either/or."""
    return q.default or q.kind in CONFIDENT_KINDS


def confident(q, answer: str, sentence: str = "") -> bool:
    """Whether the answer words are marked: for the shaped questions, a default only when
    its span looks like a value (a digit, a capital, code characters: "0.001", "HKY85",
    "--log"), not plain words ("optimised", "the program"). Marks of default questions
    right: value-like 5 of 10, word-like 0 of 7 on debian-docs-tune-5 (where the rule was
    drawn); on debian, debian2 and pdfqa-dev's even ids 11 of 18 and 0 of 4. "bunzip2" is no
    value unless the `sentence` states it as the default (`value_like`)."""
    return q.kind in CONFIDENT_KINDS or (q.default and value_like(answer, sentence))


SAYS_DEFAULT = re.compile(r"(?<!-)\bdefault", re.IGNORECASE)  # not "non-default"; the chooser's "states_default" too
# a default of on or off, its value in group 1: "Defaults to False.", "(default: off)", "The default is yes"
BOOLEAN_DEFAULT = re.compile(r"(?<!-)\bdefaults?\b(?:\s+(?:is|to|value\s+is))?\s*[:=]?\s*['\"`‘“]?"
                             r"(true|false|yes|no|on|off|enabled|disabled)\b", re.IGNORECASE)


def says_default(unit) -> bool:
    """The unit (an `units.Unit`), or the term line it is read under ("n (‘no’) (default)" /
    "Discard the correction and run the command."), says "default": it answers a question
    about one before the sentences that do not."""
    term = term_of(unit)
    return bool(SAYS_DEFAULT.search(unit.text)
                or term not in ("", unit.title, unit.section) and SAYS_DEFAULT.search(term))
