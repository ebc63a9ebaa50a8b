"""Yes/no and either/or questions: decided from the evidence units, not extracted.

- "Can TFTP transfer files in netascii mode?": the best unit is read for negation
  ("not", "cannot", "is not supported", "the only feature that is not implemented") → No.
- "Is dgrid3d enabled by default?": a state the question names (enabled, allowed, case
  sensitive …) is read in the best units that state it or its opposite outright ("By default
  dgrid3d is disabled." → No), not in a condition ("When enabled, …").
- "Are A and B both P?": each subject's own units must cover P's words → Yes.
- "Were A and B of the same nationality?": the subjects' units must share an entity of the
  kind P names (a nationality, a place) → Yes.
- "Who is older, A or B?": the option whose units give the earliest year; "more"/"higher"
  take the larger number; otherwise the option whose units cover the rest of the question.

Example:
    >>> from core.answer.units import Unit
    >>> yes_no([Unit("The only feature that is not implemented is netascii mode.", 1, "prose")])
    'No'
"""
from __future__ import annotations

import re
from typing import Callable, Collection, Sequence

from core.answer.decline_heard import snowball
from core.answer.question import QuestionInfo
from core.answer.values import BOOLEAN_DEFAULT, says_default
from core.answer.terms import content_terms, stem, tokens
from core.answer.units import Unit, term_of

_NEGATION = re.compile(
    r"\b(?:not|no|never|cannot|can't|isn't|aren't|doesn't|don't|won't|wasn't|weren't|none|neither|nor|"
    r"unsupported|unable|lacks?|impossible|prohibited|disallowed|forbidden|deprecated|removed|dropped)\b|n't\b",
    re.IGNORECASE)
_STATES = (("enabled", "disabled off"), ("allowed", "disallowed forbidden prohibited"),
           ("permitted", "forbidden prohibited"),
           ("true", "false"), ("supported", "unsupported"), ("visible", "hidden invisible"),
           ("sensitive", "insensitive"), ("active", "inactive"), ("required", "optional"))
_OPPOSITE = {a: frozenset(b.split()) for a, b in _STATES} | {b: frozenset({a}) for a, bs in _STATES for b in bs.split()}
DENIED_STATES = frozenset(w for _, bs in _STATES for w in bs.split())  # "disabled", "false": a No when asked the other
_ASKED_VERB = re.compile(r"^\s*(?:can|could|may|should|must|will|would|do|did)\s+(?:i|we|you|one)\s+([a-z]{3,})\b",
                         re.IGNORECASE)
_ON = frozenset("true yes on enabled".split())
_NAME = re.compile(r"[A-Za-z][\w.-]*[_.-][\w.-]*[A-Za-z0-9]|[a-z]+[A-Z]\w*")  # trim_blocks, auto-reload, setFoo
_HEDGE = frozenset("when if unless once whether while can could may might must to should will".split())
_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")
_NUMBER = re.compile(r"\b\d+(?:[.,]\d+)*\b")
_EARLY = ("older", "oldest", "earlier", "earliest", "first")
_LATE = ("younger", "youngest", "later", "latest", "newer", "newest", "last")
_SUBJECTS = re.compile(r"^\s*\w+\s+(?:both\s+)?(?:the\s+)?(.+?),?\s+and\s+(?:the\s+)?(.+)$", re.IGNORECASE)
_CONNECTOR = frozenset("of the de von van for in and on a".split())


def verdict(q: QuestionInfo, units: Sequence[Unit], anchors: Collection[str],
            entities: Callable[[str], set[str]]) -> tuple[str, Unit]:
    """The Yes/No of a yes/no question and the unit it is read from."""
    both = both_or_same(q, units, entities) if q.same else None
    if both:
        return both, units[0]
    if q.default:  # "… by default?": of the best three, a sentence that states a default is read first
        if entry := entry_default(q.text, units):  # "trim_blocks" / "Defaults to False." answers it outright
            return entry
        units = sorted(units[:3], key=lambda u: not says_default(u)) + list(units[3:])
    asked = _ASKED_VERB.match(q.text)  # "Can I change …?": "… cannot be changed …" denies it
    anchors = {*anchors, stem(asked.group(1).lower())} if asked and anchors else anchors
    return stated(q.text, units) or (yes_no(units, anchors), units[0])


def entry_default(asking: str, units: Sequence[Unit], top: int = 8) -> tuple[str, Unit] | None:
    """Yes/No for "Is trim_blocks enabled by default?" from the entry of the name the question
    asks about: of the `top` units, the first read under a term line that is a name the question
    says ("trim_blocks") and that gives a default of on or off ("Defaults to False.", "(default:
    off)"). An "off" default answers No to "enabled"/"on"/"true" and Yes to "disabled"/"off"/"false";
    None when no such unit is found."""
    words = _words(asking)
    for unit in units[:top]:
        term = term_of(unit).strip()
        said = BOOLEAN_DEFAULT.search(unit.text)
        named = _NAME.fullmatch(term) and re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", asking, re.I)
        if not said or not named:
            continue
        on = said.group(1).lower() in _ON
        asked_off = any(w in DENIED_STATES or w == "off" for w in words)
        return ("Yes" if on != asked_off else "No"), unit
    return None


def stated(asking: str, units: Sequence[Unit], top: int = 3) -> tuple[str, Unit] | None:
    """Yes/No from the first of the `top` units (that share a word of the question besides the
    state) that states outright the state the question asks about or its opposite; None when
    the question names no such state (or two) or no unit states one."""
    words = _words(asking)
    asked = [w for w in words if w in _OPPOSITE]
    if len(asked) != 1 or "or" in words:  # "active or passive?" asks for one of two
        return None
    same, other = {asked[0]}, _OPPOSITE[asked[0]]
    about = content_terms(asking) - {asked[0], "default"}
    for unit in (u for u in units[:top] if about & content_terms(f"{u.text} {u.context}")):  # of what is asked
        for clause in re.split(r"[,;:()]", unit.text):  # "When enabled, …": the state is hedged in its clause
            words = _words(clause)
            for i, w in enumerate(words):
                if (w in same or w in other) and not _HEDGE & set(words[:i]):
                    denied = w in other or any(_NEGATION.fullmatch(x) for x in words[max(0, i - 3):i])
                    return ("No" if denied else "Yes"), unit
    return None


def _words(text: str) -> list[str]:
    return [w.lower().replace("’", "'") for w in re.findall(r"[\w'’]+", text)]


def yes_no(units: Sequence[Unit], anchors: Collection[str] = ()) -> str:
    """'No' when the best unit negates what the question asks about, else 'Yes'.

    With `anchors` (the question's distinctive words), a negation counts only within five
    words of one of them: "… only if that does not work it uses IPv4" does not deny IPv6."""
    if not units:
        return "Yes"
    words = [w.replace("’", "'") for w in re.findall(r"[\w.'’-]+", units[0].text)]
    negations = [i for i, w in enumerate(words) if _NEGATION.fullmatch(w) or w.lower().endswith("n't")]
    if not anchors:
        return "No" if negations else "Yes"
    family = {snowball(a) for a in anchors}  # "changed" is near "cannot" when "change" is asked about
    spots = [i for i, w in enumerate(words) if stem(w) in anchors or snowball(w) in family]
    near = any(abs(n - s) <= 5 for n in negations for s in spots) or (negations and not spots)
    return "No" if near else "Yes"


def split_subjects(asking: str) -> tuple[str, str, str] | None:
    """'Are A and B both P?' -> (A, B, P), reading B as the run of capitalised words."""
    m = _SUBJECTS.match(asking.rstrip(" ?"))
    if not m:
        return None
    first, rest = m.group(1).strip(" ,"), m.group(2).split()
    taken = 0
    while taken < len(rest) and (rest[taken][:1].isupper() or rest[taken][:1].isdigit()
                                 or rest[taken].lower() in _CONNECTOR and taken + 1 < len(rest)
                                 and rest[taken + 1][:1].isupper()):
        taken += 1
    if not taken:
        return None
    second, prop = " ".join(rest[:taken]), " ".join(rest[taken:])
    return first, second.strip(" ,"), prop


def units_about(name: str, units: Sequence[Unit]) -> list[Unit]:
    """Units whose context (passage title, heading) or text names `name`, title matches first."""
    terms = content_terms(name)
    if not terms:
        return []
    by_title = [u for u in units if terms <= content_terms(u.context)]
    by_text = [u for u in units if u not in by_title and terms <= content_terms(u.text)]
    return by_title + by_text


def both_or_same(q: QuestionInfo, units: Sequence[Unit], entities: Callable[[str], set[str]]) -> str | None:
    """Yes/No for 'both P' / 'same P' questions about two subjects; None when not one."""
    parts = split_subjects(q.text.split(". ")[-1])
    if not parts:
        return None
    first, second, prop = parts
    about = [units_about(first, units)[:4], units_about(second, units)[:4]]
    if not all(about):
        return None
    texts = [" ".join(u.text for u in group) for group in about]
    prop_terms = content_terms(re.sub(r"\b(?:both|same|the|of)\b", " ", prop, flags=re.I))
    if re.search(r"\bsame\b", prop, re.IGNORECASE):
        shared = entities(texts[0]) & entities(texts[1])
        return "Yes" if shared else "No"
    if not prop_terms:
        return None
    covered = [len(prop_terms & content_terms(t)) / len(prop_terms) for t in texts]
    return "Yes" if min(covered) >= 0.5 else "No"


def _extreme(values: list[tuple[float, str]], largest: bool) -> str | None:
    """The option with the largest (or smallest) value; None when they tie or one is missing."""
    if len(values) < 2 or values[0][0] == values[1][0]:
        return None
    return (max if largest else min)(values)[1]


def choose(q: QuestionInfo, units: Sequence[Unit], overlap: Callable[[str, Unit], float]) -> str:
    """The option of an either/or question that the evidence supports."""
    groups = {opt: units_about(opt, units)[:4] for opt in q.options}
    texts = {opt: " ".join(u.text for u in group) for opt, group in groups.items()}
    if q.comparative in _EARLY + _LATE:
        years = [(min(map(int, _YEAR.findall(t))), opt) for opt, t in texts.items() if _YEAR.search(t)]
        pick = _extreme(years, largest=q.comparative in _LATE)
        if pick:
            return pick
    elif q.comparative:
        numbers = [(max(float(n.replace(",", "")) for n in _NUMBER.findall(t)), opt)
                   for opt, t in texts.items() if _NUMBER.search(t)]
        pick = _extreme(numbers, largest=q.comparative not in ("fewer", "less", "least", "smaller", "smallest",
                                                               "lower", "lowest", "shorter"))
        if pick:
            return pick
    scored = [(max((overlap(opt, u) for u in group), default=0.0), -i, opt)
              for i, (opt, group) in enumerate(groups.items())]
    return max(scored)[2] if scored else q.options[0]


def subject_words(q: QuestionInfo) -> set[str]:
    """Words of the question's options, to leave out when matching the rest of it."""
    return {w.lower() for opt in q.options for w in tokens(opt)}
