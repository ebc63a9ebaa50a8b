"""The reader's word helpers over a question's units: the bridge bonus of a two-hop
question, the things a yes/no question names, its rarest words, an option's overlap, and
the words a sentence that points back ("it") is read with.

Split out of `reader` (core/answer/reader.py), which calls them while scoring and choosing.

Example:
    >>> from core.answer.units import Unit
    >>> sorted(rare_terms(analyse_question("Is IPv6 supported?"), [Unit("IPv6 is supported.", 1, "sentence")]))
    ['ipv6', 'supported']
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

import numpy as np

from core.answer.question import QuestionInfo, analyse_question
from core.answer.terms import content_terms, idf_weights, stem, tokens
from core.answer.units import Unit


def bridge_bonus(units: Sequence[Unit], scores: np.ndarray) -> np.ndarray:
    """0.1 for units of a passage whose title one of the three best units (of another
    passage) names: the bridge entity of a two-hop question."""
    bonus = np.zeros(len(units), dtype=np.float32)
    top = [units[i] for i in np.argsort(-scores, kind="stable")[:3]]
    named = {u.title for u in units if len(u.title) > 3} - {top[0].title}
    hit = {title for title in named if any(t.title != title and title.lower() in t.text.lower() for t in top)}
    for i, u in enumerate(units):
        if u.title in hit:
            bonus[i] = 0.1
    return bonus


NAMED_ROW = 0.1  # added to a table row whose first cell is the thing the question names


def named_rows(q: QuestionInfo, units: Sequence[Unit]) -> np.ndarray:
    """NAMED_ROW for each table row whose first cell (its brackets left out) says only words of
    the question, when other rows of its passage say others: "How many bytes does the date type take?"
    reads the row "Name: date | Storage Size: 4 bytes", not "Name: time … | … (no date)"."""
    bonus = np.zeros(len(units), dtype=np.float32)
    firsts = [_first_cell(u) if u.kind == "row" else None for u in units]
    named = [f is not None and bool(f) and f <= q.terms for f in firsts]
    others = {u.number for u, f, n in zip(units, firsts, named) if f is not None and not n}  # passages with other rows
    for i, u in enumerate(units):
        if named[i] and u.number in others:
            bonus[i] = NAMED_ROW
    return bonus


QUOTED_WORDS = 0.1  # added to a unit that writes what the question quotes ("'dots on'")
_QUOTED = re.compile(r"(?<!\w)'([^'\n]{1,40})'(?!\w)|\"([^\"\n]{1,40})\"|‘([^’\n]{1,40})’|“([^”\n]{1,40})”|`([^`\n]{1,40})`")


def quoted_words(q: QuestionInfo, units: Sequence[Unit], bonus: float = QUOTED_WORDS) -> np.ndarray:
    """`bonus` for each unit that writes what the question quotes, quoted too ("when I type 'dots on'" reads
    "The command 'dots on' deletes …", not "the number of dots on the surface"; "the letter 'w'": "A lower
    case ‘w’ will appear …"); a quoted piece of code ("'--prefix=DIR'") counts unquoted too."""
    out = np.zeros(len(units), dtype=np.float32)
    said = [next(g for g in m.groups() if g is not None).strip() for m in _QUOTED.finditer(q.text)]
    if not bonus or not said:
        return out
    tests = [re.compile(rf"(?<!\w){re.escape(x)}(?!\w)" if re.search(r"[^\w\s]", x) else
                        rf"['‘\"“`]{re.escape(x)}['’\"”`]", re.IGNORECASE) for x in said if x]
    for i, u in enumerate(units):
        if any(t.search(u.text) for t in tests):
            out[i] = bonus
    return out


CONTENTS_ENTRY = 0.5  # the score share of a unit that only names sections of the evidence (`contents_entries`)


def contents_entries(units: Sequence[Unit], share: float = CONTENTS_ENTRY) -> np.ndarray:
    """`share` for each unit that only names sections the evidence's passages are headed by, its bullets
    left out (a contents page read as a table: "o: o | Running RasMol Under UNIX or VMS: Command Line
    Interface" over the passage headed "Command Line Interface"), 1.0 for the others: a contents line
    holds the question's words without saying anything about them."""
    out = np.ones(len(units), dtype=np.float32)
    sections = {_plain(h) for u in units for h in u.section.split(" | ")[0].split(" > ")} - {""}  # "A > B | title"
    if share >= 1.0 or not sections:
        return out
    for i, u in enumerate(units):
        cells = [c.split(": ", 1)[1] if ": " in c else c for c in u.text.split(" | ")] if u.kind == "row" else [u.text]
        said = [_plain(c) for c in cells if len(_plain(c)) > 2]
        if said and all(c in sections for c in said):
            out[i] = share
    return out


def _plain(text: str) -> str:
    """Lower-case words only, one space apart (a heading as a contents line writes it)."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def _first_cell(row: Unit) -> set[str]:
    """The content words of a row's first cell ("Name: time [ (p) ] [ without time zone ]" → time)."""
    first = row.text.split(" | ")[0]
    value = first.split(": ", 1)[1] if ": " in first else first
    return content_terms(re.sub(r"\[[^\]]*\]|\([^)]*\)", " ", value))


def named_terms(q: QuestionInfo, unit: Unit) -> set[str]:
    """The things a yes/no question names (capitalised, with digits or code characters:
    "IPv6", "X.509", "FTP") that the unit mentions."""
    words = tokens(q.text)[1:]
    named = {stem(w) for w in words if w[0].isupper() or re.search(r"\d|[._:/-]", w)}
    return named & content_terms(unit.text)

def rare_terms(q: QuestionInfo, units: list[Unit], count: int = 3) -> set[str]:
    """The question's `count` rarest words among the units' words (present in the best unit)."""
    weights = idf_weights([content_terms(u.text) for u in units])
    present = content_terms(units[0].text) & q.terms
    return set(sorted(present, key=lambda t: (-weights.get(t, 0.0), t))[:count])  # ties by name

def option_overlap(q: QuestionInfo) -> Callable[[str, Unit], float]:
    """Share of the question's other words that a unit about an option holds."""
    rest = set(q.terms) - {t for opt in q.options for t in content_terms(opt)}

    def overlap(option: str, unit: Unit) -> float:
        return len(rest & content_terms(unit.text)) / len(rest) if rest else 0.0

    return overlap


_POINTS_BACK = re.compile(r"\b(?:it|its|them)\b", re.IGNORECASE)


def told_before(units: Sequence[Unit], text_terms: Sequence[set[str]]) -> tuple[list[set[str]], list[set[str]]]:
    """Each unit's own context words (those its text lacks), and its context words for the
    ranking, where a prose sentence that points back ("You can change it by the following.",
    "… its Memory Extension Stack …") also has the words of the sentence before it in its
    passage (what "it" names: "… the system default editor …"). Chosen leaving one tuning set
    out (first line 452 -> 454 of 683, whole 511 -> 516); the support a decline reads takes each
    unit's own context words (no decline of 218 unanswerable tuning questions changed)."""
    own = [content_terms(u.context) - t for u, t in zip(units, text_terms)]
    ranked = list(own)
    for i in range(1, len(units)):
        unit, before = units[i], units[i - 1]
        if before.number == unit.number and unit.kind == "prose" and _POINTS_BACK.search(unit.text):
            ranked[i] = ranked[i] | (text_terms[i - 1] - text_terms[i])
    return own, ranked
