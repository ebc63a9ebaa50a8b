"""Candidate answer spans inside one evidence unit, by the kind of question.

Each generator returns `(start, end, fit)` character spans of the unit text (or of its
context, for a definition-list term) with a fit in 0..1: how well the span's shape suits
the question ("--enable-debug" for an option question, "30 seconds" for a duration, a
PERSON entity for "who"). The reader ranks them with the unit's score and the span's
distance to the question's words.

Example:
    >>> [m.text for m in code_spans("Use --ignore-red or -dUseFastColor=true, see ftp:quote/2.")]
    ['--ignore-red', '-dUseFastColor=true', 'ftp:quote/2']
    >>> [m.text for m in number_spans("It waits 30 seconds, then retries up to five times.")]
    ['30 seconds', 'five times']
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from core.answer.terms import STOP

_CODE = re.compile(
    r"(?<![\w-])--?[A-Za-z][\w-]*(?:=[^\s,;)]+)?"          # --enable-debug, -dUseFastColor=true
    r"|\b[a-z]\w*:[a-z]\w*(?:/\d+)?"                        # ssh:stop_listener/1
    r"|\b[a-z_]\w*/\d+\b"                                    # quote/2
    r"|\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?:=[\w.-]+)?"         # PRESERVE_K_PLANE, GUILE_FLAVOR=guile-3.0
    r"|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"                    # tls_ctrl_session_reuse
    r"|\b[a-z]+(?:[A-Z][a-z0-9]*)+\b|\b[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+\b"  # applyOutput, RandomSeed
    r"|\\[A-Za-z][\w-]*"                                     # \on-first-page
    r"|#:[\w-]+"                                             # #:center-column
    r"|\b[a-z][a-z0-9]*(?:-[a-z0-9]+){2,}\b"                 # hashq-get-handle
    r"|\b[A-Z]+\d+[A-Z0-9]*\b"                               # R5RS
)
_COMPOUND = re.compile(r"\b[a-z][a-z0-9]*-[a-z0-9]+\b")   # scheme-sandbox (only in code-like units)
_NUMBER_WORDS = ("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                 "sixteen twenty thirty forty fifty hundred thousand million billion dozen").split()
_NUMBER = re.compile(
    r"(?<![\w.])(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)*)(?:\s?%)?(?![\w])"
    rf"|\b(?:{'|'.join(_NUMBER_WORDS)})\b", re.IGNORECASE)
_REFERENCE = re.compile(r"\b(?:figure|fig\.|table|section|chapter|page|pages|pp?\.|step|example|appendix|"
                        r"version|release|rfc|otp|v)\s*$", re.IGNORECASE)
_UNIT_WORD = re.compile(r"\s+([A-Za-z][a-z]{0,13}\.?)\b")
_TIME_UNITS = re.compile(r"^(?:ms|milliseconds?|seconds?|secs?|s|minutes?|mins?|hours?|h|days?|weeks?|months?|years?)$", re.I)
_DEFAULT = re.compile(  # what the default is of may take a phrase: "The default for the console program is off"
    r"\bdefaults?(?: value)?(?:(?: \w+){0,2}?| (?:for|of) (?:the |a |an )?[\w.-]+(?: [\w.-]+){0,3}?)"
    r" (?:is|are|was|will be|to)(?: set to| equal to)?\s+"
    r"|\bdefaults? (?:is|to)\s+|\bdefault:\s*|\bby default,?\s+|\bdefaulting to\s+", re.IGNORECASE)
_ASSUMED = re.compile(r"\b([\w:/.\\=-]+) is (?:assumed|the default|used by default|chosen by default)\b", re.IGNORECASE)
_QUALIFIER = re.compile(r"\s(?:for|in|on|at|with|per|during|from|unless|except)\s")
_PREDICATE = re.compile(r"\b(?:is|are|will be|uses?|becomes?)\s+")
_PRONOUN = frozenset("that this it which what there one".split())
_CLAUSE_END = re.compile(r"[.;,)](?:\s|$)|\s(?:which|when|where|if|unless|but|and then|so that|meaning)\s")
_DEFINES = re.compile(r"\b(?:is|are|means|refers to|stands for|denotes|is called|is defined as|represents)\s+", re.IGNORECASE)
_NAMED_AS = re.compile(r"(?:(?:\w+ly|often|also|sometimes|simply|just)\s+)?(?:(?:referred to|known|called|named|abbreviated)\s+as\s+(.{1,60})|called\s+(.{1,60}))",
                       re.IGNORECASE)  # "are often called predicates": an adverb may come first
_PASSIVE = re.compile(r"(?:\w+ly\s+)?\w+(?:ed|en)\s+(?:by|with|from|in|on|at|to)\b")  # "is determined by": no definition
_SUBJECT_START = re.compile(r"(?:^|[.;:]\s+)(?=[^.;:]*$)")
_STEP = re.compile(r"^\s*(?:step\s+\d+[.:]?|\d+[.)]|first(?:ly)?,?|to begin(?: with)?,?)\s*", re.IGNORECASE)
_NAMES = {"ORG": 1.0, "PERSON": 1.0, "WORK_OF_ART": 1.0, "EVENT": 1.0, "PRODUCT": 1.0, "FAC": 0.9, "LAW": 0.9,
          "LANGUAGE": 0.8, "GPE": 0.7, "LOC": 0.7, "NORP": 0.3, "DATE": 0.4, "QUANTITY": 0.4, "CARDINAL": 0.3}
ENTITY_LABELS = {  # label -> fit, per question kind
    "person": {"PERSON": 1.0, "ORG": 0.7},
    "place": {"GPE": 1.0, "LOC": 1.0, "FAC": 0.9, "ORG": 0.4},
    "date": {"DATE": 1.0, "TIME": 0.7},
    "count": {"CARDINAL": 1.0, "QUANTITY": 1.0, "MONEY": 0.9, "PERCENT": 0.9},
    "duration": {"QUANTITY": 1.0, "TIME": 1.0, "DATE": 0.8, "CARDINAL": 0.5},
    "what": _NAMES,
}


@dataclass(frozen=True)
class Match:
    """A candidate span: its text, character offsets in the unit text, and its fit (0..1)."""

    text: str
    start: int
    end: int
    fit: float


def _clip(text: str, start: int, end: int, fit: float) -> Match | None:
    """A Match with surrounding spaces and punctuation trimmed, None when empty."""
    while start < end and text[start] in " \t\"'“‘(":
        start += 1
    while end > start and text[end - 1] in " \t\"'”’).,;:":
        end -= 1
    return Match(text[start:end], start, end, fit) if end > start else None


def code_spans(text: str, compounds: bool = False) -> list[Match]:
    """Option, function, constant and command tokens; `compounds` also takes 'a-b' words."""
    found = [_clip(text, m.start(), m.end(), 1.0) for m in _CODE.finditer(text)]
    if compounds:
        taken = [(m.start, m.end) for m in found if m]
        found += [_clip(text, m.start(), m.end(), 0.8) for m in _COMPOUND.finditer(text)
                  if not any(a <= m.start() < b for a, b in taken)]
    out = [m for m in found if m and len(m.text) > 1 and not re.fullmatch(r"-+\d*", m.text)]
    return sorted(out, key=lambda m: m.start)


_PATH = re.compile(r"(?<![\w/.:>-])(?:~?/[A-Za-z_.][\w.+-]*(?:/[\w.+-]+)*/?"  # /usr/local/atlas/lib, ~/.ne/syntax
                   r"|[A-Za-z_.~][\w.+-]*(?:/[\w.+-]+){2,}/?)(?![\w/])")  # project-dir/cr/corrections/pdf (not and/or)


_FILE = re.compile(r"(?<![\w/.-])(?:[A-Za-z_][\w+-]+(?:\.[\w+-]+)*\.[a-z][a-z0-9]{0,4}|\.[a-z][\w-]{1,14})(?![\w/-])")


def path_spans(text: str) -> list[Match]:
    """Folder and file paths and file names ("/usr/local/atlas/lib", "~/.ne", "foo-final.tex", ".rasmolrc"): a
    place in a software manual."""
    found = [_clip(text, x.start(), x.end(), 1.0) for p in (_PATH, _FILE) for x in p.finditer(text)]
    return sorted({(m.start, m.text): m for m in found if m and len(m.text) > 2}.values(), key=lambda m: m.start)


def is_path(text: str) -> bool:
    """The whole text is one path or file name ("/var/archives", "~/.ne", "foo-final.tex")."""
    return bool(_PATH.fullmatch(text.strip()) or _FILE.fullmatch(text.strip()))


def number_spans(text: str) -> list[Match]:
    """Numbers (digits or words) with the unit word that follows them, if any."""
    out: list[Match] = []
    for m in _NUMBER.finditer(text):
        end = m.end()
        unit = _UNIT_WORD.match(text, end)
        if unit and unit.group(1).lower().rstrip(".") not in STOP and not unit.group(1)[0].isupper():
            end = unit.end()
        if m.group(0).isalpha() and (end == m.end() and m.group(0).lower() == "one" or text.startswith(" of ", m.end())):
            continue  # "which one", "one of the types": not a count
        if _REFERENCE.search(text[: m.start()]):
            continue  # "Figure 7", "page 6", "Table 3.1": a reference, not a value
        fit = 0.6 if re.fullmatch(r"(?:19|20)\d\d", m.group(0)) else 1.0  # a year is rarely a count
        clipped = _clip(text, m.start(), end, fit)
        if clipped:
            out.append(clipped)
    return out


def duration_spans(text: str) -> list[Match]:
    """Numbers followed by a time unit score 1; bare numbers 0.5."""
    out = []
    for m in number_spans(text):
        words = m.text.split()
        out.append(Match(m.text, m.start, m.end, 1.0 if len(words) > 1 and _TIME_UNITS.match(words[-1]) else 0.5))
    return out


def clause_after(text: str, start: int, max_words: int = 8, fit: float = 1.0) -> Match | None:
    """The clause from `start` to the next clause boundary, at most `max_words` words."""
    end = _CLAUSE_END.search(text, start)
    stop = end.start() if end else len(text)
    words = list(re.finditer(r"\S+", text[start:stop]))
    if not words:
        return None
    return _clip(text, start, start + words[min(len(words), max_words) - 1].end(), fit)


def default_spans(text: str) -> list[Match]:
    """What a sentence gives as the default: 'Default is random' -> 'random'; 'By default,
    per the spec, the intent is Relative Colorimetric' -> 'Relative Colorimetric'."""
    out = []
    for m in _DEFAULT.finditer(text):
        start = m.end()
        if m.group(0).lower().startswith("by default"):
            verb = _PREDICATE.search(text, start)
            start = verb.end() if verb else start
        clause = clause_after(text, start)
        if clause:
            cut = _QUALIFIER.search(clause.text)
            out.append(_clip(text, clause.start, clause.start + cut.start(), 1.0) if cut else clause)
    for m in _ASSUMED.finditer(text):
        span = _clip(text, m.start(1), m.end(1), 0.9)
        if span and span.text.lower() not in _PRONOUN:
            out.append(span)
    return out


def definition_spans(text: str, subject_terms: Iterable[str] = ()) -> list[Match]:
    """What a sentence says the subject is: the predicate of 'X is a Y …' / 'X means Y …' (up
    to 14 words), or the subject of 'Y is referred to as X'. Fit 1.0 when the subject stands
    just before the verb, 0.5 otherwise, halved again for a span under three words."""
    out = []
    subject = [t.lower() for t in subject_terms]
    for m in _DEFINES.finditer(text):
        named = _NAMED_AS.match(text, m.end())
        if named and (not subject or any(t in (named.group(1) or named.group(2) or "").lower() for t in subject)):
            start = _SUBJECT_START.search(text[: m.start()])
            span = _clip(text, start.start() if start else 0, m.start(), 1.0)
            out += [span] if span else []
            continue
        if _PASSIVE.match(text, m.end()):
            continue
        before = " ".join(text[: m.start()].lower().split()[-4:])  # the subject is just before the verb
        fit = 1.0 if not subject or any(t in before for t in subject) else 0.5
        clause = clause_after(text, m.end(), max_words=14, fit=fit)
        if clause:
            out.append(Match(clause.text, clause.start, clause.end, fit * (0.5 if len(clause.text.split()) < 3 else 1.0)))
    return out


def description_span(text: str, term: str) -> Match | None:
    """A definition-list description that starts with its term ("set? Set environment
    variable key to value only if …"): the words after the term, up to 14."""
    if not term or not text.lower().startswith(term.lower()):
        return None
    rest = len(term)
    words = list(re.finditer(r"\S+", text[rest:]))
    if len(words) < 3:
        return None
    return _clip(text, rest, rest + words[min(len(words), 14) - 1].end(), 0.8)


def step_span(text: str) -> Match | None:
    """A procedure step without its label, up to 14 words; fit 1.0 for a first step
    ("Step 1.", "1.", "First,"), 0.6 for another labelled step, 0.2 for any sentence."""
    m = _STEP.match(text)
    start = m.end() if m else 0
    words = list(re.finditer(r"\S+", text[start:]))
    if not words:
        return None
    label = m.group(0).lower() if m else ""
    fit = 1.0 if re.search(r"\b1\b|first|begin", label) else 0.6 if label.strip() else 0.2
    return _clip(text, start, start + words[min(len(words), 14) - 1].end(), fit)


def entity_spans(doc, kind: str) -> list[Match]:
    """spaCy entities of the labels that suit `kind`, plus noun chunks for 'what'."""
    labels = ENTITY_LABELS.get(kind, _NAMES)
    out = [Match(e.text, e.start_char, e.end_char, labels[e.label_]) for e in doc.ents
           if e.label_ in labels and not _REFERENCE.search(doc.text[: e.start_char])]
    if kind == "what" and doc.has_annotation("DEP"):
        chunks = [c for c in doc.noun_chunks if c.root.pos_ in ("PROPN", "NOUN") and c.root.text.lower() not in STOP]
        out += [Match(c.text, c.start_char, c.end_char, 0.55) for c in chunks]
        out += [Match(doc.text[a.start_char:b.end_char], a.start_char, b.end_char, 0.6)  # "understanding of public keys"
                for a, b in zip(chunks, chunks[1:]) if doc.text[a.end_char:b.start_char] == " of "]
    return out


def cell_spans(row: str) -> list[tuple[str, Match]]:
    """(header, cell) spans of a table row rendered as 'Header: cell | Header: cell'."""
    out = []
    for m in re.finditer(r"(?:^|\s\|\s)(?:([^|:]{1,60}):\s)?([^|]+?)(?=\s\|\s|$)", row):
        cell = _clip(row, m.start(2), m.end(2), 0.9)
        if cell:
            out.append(((m.group(1) or "").strip(), cell))
    return out


def capitalised_spans(text: str) -> list[Match]:
    """Runs of capitalised words not at the start of the sentence (names, titles)."""
    out = []
    for m in re.finditer(r"(?<![.!?]\s)(?<!^)\b[A-Z][\w'’.-]*(?:\s+(?:of|the|de|von|van|and|for|in)?\s*[A-Z][\w'’.-]*)*", text):
        clipped = _clip(text, m.start(), m.end(), 0.7)
        if clipped and len(clipped.text) > 1:
            out.append(clipped)
    return out
