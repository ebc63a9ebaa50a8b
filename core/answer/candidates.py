"""Candidate answers in the best evidence units, ranked by unit score, shape and closeness.

For each of the reader's top units this module asks `spans` for spans that suit the
question's kind, drops spans the question already contains, and scores the rest:

    score = unit_weight * unit score + 0.35 * fit + 0.2 * closeness to the question's (rare) words
            - 0.25 * share of its words the question already has
            + 0.15 when next to the focus noun, + 0.3 in a sentence stating a default
              (default questions), + 0.05 per other unit that writes the same span, …

so a span that several top chunks agree on, or that sits right after "port" in a question
about a port, wins.

Example:
    >>> from core.answer.question import analyse_question
    >>> from core.answer.units import Unit
    >>> q = analyse_question("Which configure option builds it with debugging?")
    >>> u = Unit("Use --enable-debug to build with debugging.", 1, "prose")
    >>> best_candidate(q, [u], [0.9], tagger=None).text
    '--enable-debug'
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

from core.answer import spans as sp
from core.answer.question import QuestionInfo
from core.answer.terms import STOP, content_terms, idf_weights, stem, tokens
from core.answer.spans import Match
from core.answer.units import Unit

Tagger = Callable[[Sequence[str]], list]  # texts -> spaCy Docs (or None when unavailable)
_NAMED = re.compile(r"\b(?:the\s+)?([\w:/.\\#=-]+(?:\s[\w:/.\\#=-]+)?)\s+(?:command|function|procedure|keyword|call|"
                    r"subcommand|macro|option|flag|attribute|variable)\b")
_NAMED_AFTER = re.compile(r"\b(?:option|flag|attribute|keyword|command|function|variable)\s+([\w:/.\\#=-]*[\w\\#-][\w:/.=-]*)")
_NUMERIC_KINDS = {"count": True, "duration": True, "date": True}  # "five times": the unit word may repeat the question
_DOES = re.compile(r"\bwhat (?:does|do) .+ do\b", re.IGNORECASE)
_OTHER = re.compile(r"\b(?:other|else|besides|apart from|aside from|in addition to)\b", re.IGNORECASE)
_BY = re.compile(r"(\w+)\s+by\s+$")
_DEFAULT_WORD = re.compile(r"\bdefault", re.IGNORECASE)
_SEE_ALSO = re.compile(r"\((?:see|cf\.?)\b[^()]*$", re.IGNORECASE)  # inside an open "(see …"
_SAID_OF_OPTIONS = frozenset("set unset given used specified turned enabled disabled passed selected".split())
_VERSIONED = re.compile(r"\b[A-Z][A-Za-z]*\s?\d+(?:\.\d+)*\b")


@dataclass(frozen=True)
class Candidate:
    """A scored answer span: its text, the unit it came from, and its score."""

    text: str
    unit: Unit
    score: float
    start: int = -1  # offset in unit.text (-1 when the span came from the unit's context)


def _code(unit: Unit, kind: str) -> list[sp.Match]:
    """Code tokens of the unit, named things ('the X command'), and its term's tokens."""
    codeish = unit.kind in ("code", "row", "term") or kind == "command"
    found = [m for m in sp.code_spans(unit.text, compounds=codeish) if not _SEE_ALSO.search(unit.text[:m.start])]
    for pattern in (_NAMED, _NAMED_AFTER):
        for m in pattern.finditer(unit.text):
            name = m.group(1).rstrip(":.,;")
            plain_ok = pattern is _NAMED or m.group(0).split()[0].lower() in ("option", "flag", "attribute", "keyword")
            coded = re.search(r"[-_:/=\\#.]", name)
            # "command line" is no name, nor the "set" of "with this option set", nor a "(see also the X option)"
            if _codeish(name) and (plain_ok or coded) and (coded or name.lower() not in _SAID_OF_OPTIONS) \
                    and not _SEE_ALSO.search(unit.text[:m.start(1)]):
                found.append(sp.Match(name, m.start(1), m.start(1) + len(name), 0.85))
    return found


def _codeish(name: str) -> bool:
    """A name that can be an option or command: code characters, or lower-case non-stop words."""
    words = name.split()
    if re.search(r"[-_:/=\\#.]|\d", name):
        return not all(w.lower() in STOP for w in words)
    return all(w.islower() and w not in STOP and len(w) > 2 for w in words)


def _in_context(unit: Unit) -> list[sp.Match]:
    """Code tokens of the unit's definition-list term and heading (offset -1)."""
    parts = [p for p in unit.context.split(" | ") if p and p != unit.title]
    return [sp.Match(m.text, -1, -1, 0.8) for p in parts for m in sp.code_spans(p)]


def _cells(q: QuestionInfo, row: str) -> list[Match]:
    """Cells of a table row: the cell the question names (its key) fits least; a cell
    under a header the question names fits best."""
    cells = [(h, c) for h, c in sp.cell_spans(row) if re.search(r"[A-Za-z0-9]", c.text)]
    overlap = [len(content_terms(c.text) & q.terms) for _, c in cells]
    key = overlap.index(max(overlap)) if overlap and max(overlap) else -1
    return [Match(c.text, c.start, c.end, 0.3 if i == key else 1.0 if content_terms(h) & q.terms or _measured(c.text, q)
                  else 0.8) for i, (h, c) in enumerate(cells)]


def _measured(cell: str, q: QuestionInfo) -> bool:
    """A cell that gives a number in the unit the question asks for ("4 bytes": how many bytes)."""
    m = re.match(r"\s*[-+]?\d[\d.,]*\s*([A-Za-z]+)", cell)
    return bool(m) and stem(m.group(1).lower()) in q.terms


def unit_matches(q: QuestionInfo, unit: Unit, doc, path: bool = False) -> list[sp.Match]:
    """Candidate spans in one unit for the question's kind; `path`: the question asks for a path
    (`answer_type.asked_shape`)."""
    kind, text = q.kind, unit.text
    out: list[sp.Match] = []
    if q.default and kind in ("what", "definition"):
        out += [sp.Match(m.text, m.start, m.end, 1.1) for m in sp.default_spans(text)]
    if kind in ("option", "command"):
        out += _code(unit, kind) + (_in_context(unit) if unit.kind == "prose" else [])
    elif kind == "count":
        out += sp.number_spans(text)
    elif kind == "duration":
        out += sp.duration_spans(text)
    elif kind == "date":
        out += [sp.Match(m.group(0), m.start(), m.end(), 1.0) for m in _VERSIONED.finditer(text)]
        out += [m for m in sp.number_spans(text) if re.search(r"\d", m.text)]
    elif kind == "definition":
        out += sp.definition_spans(text, q.focus_terms)
        term = q.focus.split()[0] if q.focus else ""
        described = sp.description_span(text, term)
        out += [described] if described else []
    elif kind == "step":
        step = sp.step_span(text)
        out += [step] if step else []
    if kind == "place" or path:  # "Where does ATLAS install its files?", "the default directory …": a path
        out += sp.path_spans(text)
    if unit.kind == "row":
        out += _cells(q, text)
    head = q.focus.split()[-1] if q.focus else ""
    if head and kind not in ("yesno", "choice", "step"):  # "which RFC" -> "RFC 4217", "which port" -> "port 69"
        for m in re.finditer(rf"\b{re.escape(head)}s?\s?[#:]?\s?(\d[\w.]*)", text, re.IGNORECASE):
            keep = m.start() if m.group(0)[:1].isupper() else m.start(1)  # "RFC 4217", but "69" for a port
            out.append(sp.Match(text[keep:m.end()].rstrip("."), keep, m.end(), 1.0))
    if kind in ("person", "place", "date", "what", "count", "duration") and doc is not None:
        out += sp.entity_spans(doc, kind)
    if kind in ("person", "place", "what"):  # names spaCy missed; weaker when it ran
        out += [sp.Match(m.text, m.start, m.end, 0.7 if doc is None else 0.45) for m in sp.capitalised_spans(text)]
        if kind == "what":
            out += _code(unit, kind)
    return out


PATH_FIT = 0.15  # added to a path candidate when the question asks for one


def _closeness(unit: Unit, match: sp.Match, anchors: dict[str, float]) -> float:
    """How near the span sits to the question's words in the unit: max over them of
    rarity / (1 + distance/4), rarity in 0..1 (a rare word such as "-dKPreserve" or the
    "2" the question asks about pulls harder than a common one)."""
    if match.start < 0:
        return 0.5
    at = len(tokens(unit.text[: match.start]))
    best = 0.0
    for i, word in enumerate(re.findall(r"[\w.:/\\#-]+", unit.text)):
        key = word.strip(".:").lower()
        weight = anchors.get(stem(key), anchors.get(key, 0.0))
        if weight:
            best = max(best, weight / (1.0 + abs(i - at) / 4.0))
    if not best:  # a sentence that goes on about its definition term or heading
        return 0.3 if any(t in anchors for t in content_terms(unit.context)) else 0.0
    return best


def _anchors(q: QuestionInfo, units: Sequence[Unit]) -> dict[str, float]:
    """The question's words (content terms and bare numbers) with their rarity among `units`."""
    weights = idf_weights([content_terms(u.text) | content_terms(u.context) for u in units])
    top = max(weights.values(), default=1.0)
    digits = {t for t in tokens(q.text) if t.isdigit()}
    return {t: min(1.0, weights.get(t, top) / top) for t in set(q.terms) | digits}


def _next_to_focus(unit: Unit, match: sp.Match, focus: frozenset[str]) -> bool:
    """True when a focus word is one of the two words right before or after the span."""
    if match.start < 0 or not focus:
        return False
    around = tokens(unit.text[: match.start])[-2:] + tokens(unit.text[match.end:])[:2]
    return any(stem(w) in focus for w in around)


def _names_focus(text: str, focus: frozenset[str]) -> bool:
    """The span names its kind: a word shares a 5-letter stem with a focus word
    ("PRESERVE_K_PLANE" for a "black-preservation mode")."""
    stems = {w[:5] for w in focus if len(w) >= 5}
    return bool(stems) and any(p.lower()[:5] in stems for p in re.split(r"[\W_]+", text) if len(p) >= 5)


def _last_anchor(text: str, anchors: dict[str, float]) -> int:
    """Character offset of the last question word in `text`, -1 when none."""
    spots = [m.start() for m in re.finditer(r"[\w.:/\\#-]+", text) if stem(m.group(0).strip(".:")) in anchors]
    return spots[-1] if spots else -1


def _by_agent(before: str, head: str) -> bool:
    """True when the span follows "<verb> by" and the verb shares its stem with the focus
    noun: "written by" for a writer, "founded by" for a founder (not "recorded by")."""
    m = _BY.search(before)
    return bool(m) and m.group(1).lower()[:4] == head[:4]


def _question_share(text: str, q: QuestionInfo) -> float:
    """Share of the span's words that the question already contains (1.0: it answers
    nothing), averaged over whole code tokens and their parts: "tls_ctrl_session_reuse" is
    new even where "session" and "reuse" are not, "file_name" less so."""
    asked = set(q.terms) | {stem(w) for w in tokens(q.text)} | {w.lower() for w in tokens(q.text)}

    def share(words: set[str]) -> float:
        return len(words & asked) / len(words) if words else 0.0

    whole = {stem(w.strip(".,:;")) for w in re.findall(r"[\w'’.:/\\#=-]+", text) if w.strip(".,:;")}
    parts = {stem(w) for w in tokens(text) if w.lower() not in STOP} or {stem(w) for w in tokens(text)}
    if not whole:
        return 0.0  # a value of symbols only ("+ ", "#"): nothing the question says
    if whole <= asked:
        return 1.0
    return (share(whole - {w for w in whole if w in STOP}) + share(parts)) / 2


def rank_candidates(q: QuestionInfo, units: Sequence[Unit], scores: Sequence[float],
                    tagger: Tagger | None, unit_weight: float = 1.0, path: bool = False) -> list[Candidate]:
    """All candidates of the given (top) units, best first; `unit_weight` scales the unit's
    own score against the span's shape and place; `path`: the question asks for a path, whose
    spans are candidates and a whole path scores PATH_FIT more."""
    docs = tagger([u.text for u in units]) if tagger and q.kind in sp.ENTITY_LABELS else [None] * len(units)
    focus = q.focus_terms - {"default", "value"}
    anchors = _anchors(q, units)
    other = bool(_OTHER.search(q.text))  # "what other background …": not the ones the question names
    head = q.focus.split()[-1].lower() if q.focus else ""
    agent = q.kind in ("person", "what") and head.endswith(("er", "or", "ist"))  # "writer": "written by X"
    defined = focus if q.kind == "definition" and not q.default and _DOES.search(q.text) else set()
    raw: list[Candidate] = []
    for unit, score, doc in zip(units, scores, docs):
        for m in unit_matches(q, unit, doc, path):
            text = m.text.strip()
            share = _question_share(text.split()[0] if _NUMERIC_KINDS.get(q.kind) else text, q)
            if len(text) < 1 or len(tokens(text)) > 16 or share >= 1.0 or defined and defined & content_terms(text):
                continue  # "What does the reset command do?": a span that names reset is not what it does
            value = unit_weight * score + 0.35 * m.fit + 0.2 * _closeness(unit, m, anchors) - 0.25 * share
            value += 0.15 if _next_to_focus(unit, m, focus) else 0.0
            value += 0.15 if agent and _by_agent(unit.text[: max(0, m.start)], head) else 0.0
            value += 0.3 if q.default and _DEFAULT_WORD.search(unit.text) else 0.0
            value += 0.1 if _names_focus(text, focus) else 0.0
            value += 0.15 if other and m.start > _last_anchor(unit.text, anchors) >= 0 else 0.0
            value += 0.25 if q.kind == "step" and m.fit >= 1.0 else 0.0  # labelled as the first step
            value += 0.15 if unit.lead_in and 0 <= m.start < 40 and q.kind in ("option", "command") else 0.0
            value += PATH_FIT if path and sp.is_path(text) else 0.0  # "the default directory": "/var/archives"
            raw.append(Candidate(text, unit, value, m.start))
    seen: dict[str, set[tuple[int, int]]] = {}
    for c in raw:  # agreement: the same span written in several units (a heading's span is written once)
        seen.setdefault(c.text.lower(), set()).add((c.unit.number, c.unit.index) if c.start >= 0 else (0, -1))
    ranked = [Candidate(c.text, c.unit, c.score + 0.05 * (len(seen[c.text.lower()]) - 1), c.start) for c in raw]
    return sorted(ranked, key=lambda c: -c.score)


def with_sentences(ranked: Sequence[Candidate], units: Sequence[Unit], scores: Sequence[float],
                   unit_weight: float, base: float) -> list[Candidate]:
    """`ranked` with each unit itself as a candidate too ('' at offset -1, scored
    `unit_weight` x its score + `base`), best first: a sentence that matches the question
    far better than the others answers even when no span of the asked shape is in it
    ("What does the pr1 function return?")."""
    whole = [Candidate("", u, unit_weight * s + base, -1) for u, s in zip(units, scores)]
    return sorted([*ranked, *whole], key=lambda c: -c.score)


def best_candidate(q: QuestionInfo, units: Sequence[Unit], scores: Sequence[float],
                   tagger: Tagger | None) -> Candidate | None:
    """The best candidate, or None when no unit has a span of the right shape."""
    ranked = rank_candidates(q, units, scores, tagger)
    return ranked[0] if ranked else None
