"""Follow-ups that leave out the earlier question's clause: "and why would I?", "how often by default?".

Read from the words of the two questions only:

- a **bare auxiliary** ("and why would I?", "when should I?", "can I?", "why would I want
  to?") asks about the action of the earlier how-question ("How do I turn off heating in
  MrBayes?"): the action follows the auxiliary → "Why would I turn off heating in MrBayes?"
  (`borrowed_action`);
- a **bare wh-adverb** ("how often by default?", "and where?", "when?") asks the earlier
  question again with another wh-adverb: "Where does MrBayes print the convergence
  diagnostics?" → "How often does MrBayes print the convergence diagnostics by default?"
  (`other_adverb`). A wh-word that asks for a thing ("which order?") is `ellipsis`'s;
- a **name alone** ("what about Windows?") takes the place of the earlier question's name
  after a preposition ("Where do I put the Biber binary on Linux?" → "… on Windows?"), not of
  its subject's noun (`name_for_place`);
- when no rule of `rewrite` fits, a **last resort** (`fallback`): a fragment that extends a word
  of the earlier question, "over what range?", or the earlier question's names added.

Example:
    >>> borrowed_action("and why would I?", "How do I turn off heating in MrBayes?")
    'Why would I turn off heating in MrBayes?'
    >>> other_adverb("how often by default?", "Where does MrBayes print the convergence diagnostics?")
    'How often does MrBayes print the convergence diagnostics by default?'
"""
from __future__ import annotations

import re

from core.answer.decline import question_names
from core.answer.decline_english import plain_english
from core.answer.fillers import later_first, names_phrase
from core.answer.leaning import ABOUT, is_name, parse
from core.answer.referent import asked_thing

_OPENER = r"^\s*(?:(?:and|so|but|ok|okay|then)\b[\s,]*)*"
_MODAL = r"(?:would|should|could|can|do|did|will|must|might|may)"
_SUBJECT = r"(?:I|we|you|one)"
_BARE_AUX = re.compile(_OPENER + rf"(?P<wh>why|when|where|how|how often)?\s*(?P<aux>{_MODAL})\s+(?P<who>{_SUBJECT})"
                       r"(?P<to>\s+(?:want|need|have)\s+to)?\s*(?:then|ever|even)?\s*\?*\s*$", re.IGNORECASE)
_BARE_IT = re.compile(r"^\s*(?:(?:and|but|so)\s+)?(?P<is>is|was|would)\s+it(?P<be>\s+be)?\s+(?:also\s+)?"
                      r"(?P<adj>possible|necessary|safe|required|allowed|ok|okay|a good idea)\s*\?*\s*$", re.IGNORECASE)
_ACTION = re.compile(rf"^\s*(?:(?:how|when|where|why)\s+)?{_MODAL}\s+{_SUBJECT}\s+(?P<action>[a-z].+?)\s*\?*\s*$",
                     re.IGNORECASE)
_ADVERBS = r"how\s+often|how\s+long|how\s+soon|how|when|where|why"
_BARE_WH = re.compile(_OPENER + rf"(?P<wh>{_ADVERBS})(?P<rest>(?:\s+(?:by|in|on|at|for|with|under|per)\s+[\w.-]+"
                      r"(?:\s+[\w.-]+)?)?)\s*\?*\s*$", re.IGNORECASE)
_CLAUSE = re.compile(rf"^\s*(?P<wh>{_ADVERBS})\s+(?P<clause>(?:do|does|did|is|are|was|were|can|could|should|would|will|"
                     r"must|has|have)\b.+?)\s*\?*\s*$", re.IGNORECASE)


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def borrowed_action(question: str, earlier: str) -> str:
    """ "Why would I turn off heating …?" for "and why would I?" after "How do I turn off
    heating …?" ("" for other shapes)."""
    m, action = _BARE_AUX.match(question), _ACTION.match(earlier)
    bare_it = _BARE_IT.match(question)
    if bare_it and action:  # "Is it possible?" after "How do I enable huge pages?"
        frame = f"{bare_it.group('is')} it{bare_it.group('be') or ''} {bare_it.group('adj')}"
        return _upper_first(f"{frame} to {action.group('action')}?")
    if not m or not action:
        return ""
    wh = f"{m.group('wh')} " if m.group("wh") else ""
    to = m.group("to") or ""
    return _upper_first(f"{wh}{m.group('aux')} {m.group('who')}{to} {action.group('action')}?")


_YES_NO = re.compile(r"^\s*(?:is|are|was|were|do|does|did|can|could|will|would|should|has|have|may|must)\b", re.I)
_FRONTED = re.compile(_OPENER + r"(?P<wh>(?:under|in|on|with|for|from|at|by|to|since|until|after|before)\s+"
                      r"(?:what|which)\s+[\w.+-]+(?:\s+[\w.+-]+){0,3}|since\s+when|until\s+when|how\s+often|"
                      r"how\s+long|why|when|where)\s*\?+\s*$", re.IGNORECASE)


def fronted_wh(question: str, earlier: str) -> str:
    """A yes/no question asked again with the follow-up's wh-phrase in front: "In which version
    does SDCC support the Z80?" for "in which version?", "Why is IPv6 supported?" for "why?" ("" for
    other shapes)."""
    m = _FRONTED.match(question)
    if not m or not _YES_NO.match(earlier):
        return ""
    return _upper_first(f"{' '.join(m.group('wh').split())} {earlier.strip()[:1].lower()}{earlier.strip()[1:]}")


def other_adverb(question: str, earlier: str) -> str:
    """The earlier question asked with the follow-up's wh-adverb ("how often", "where") and
    what follows it ("by default") in place of its own ("" for other shapes, or the same
    wh-adverb)."""
    m, clause = _BARE_WH.match(question), _CLAUSE.match(earlier)
    if not m or not clause:
        return ""
    wh = " ".join(m.group("wh").lower().split())
    if wh == " ".join(clause.group("wh").lower().split()):
        return ""
    rest = m.group("rest").strip()
    body = clause.group("clause")
    if rest and not body.lower().endswith(rest.lower()):
        body = f"{body} {rest}"
    return _upper_first(f"{wh} {body}?")


_NAME_FRAGMENT = re.compile(r"^\s*(?i:(?:(?:and|so|but|ok|okay|then)\b[\s,]*)*(?:(?:what|how)\s+about\s+)?"
                            r"(?:(?P<prep>for|in|on|with|under|using)\s+)?)"  # "What about …", "And on …": any case
                            r"(?P<name>(?:[A-Z][A-Za-z]+|[a-z]+[A-Z][A-Za-z]*)(?:\s+[A-Z][A-Za-z]+)?)\s*\?*\s*$")


def name_for_place(question: str, earlier: str) -> str:
    """ "Where do I put the Biber binary on Windows?" for "what about Windows?" after "…
    on Linux?": a capitalised name alone takes the place of the earlier question's name after
    a preposition ("on Linux", "with Python"), not of a word of its subject; with its own
    preposition ("and for Apache?" after "How do I enable compression in nginx?") it takes
    the place of the whole phrase when that name is the only one the earlier question has,
    and it may be a program's lower-case name ("" when the earlier question has no such
    name, or several)."""
    m = _NAME_FRAGMENT.match(question)
    doc = parse(earlier) if m else None
    if doc is None or m.group("name").lower() in earlier.lower():
        return ""
    prep = (m.group("prep") or "").lower()
    places = [t for t in doc if t.dep_ == "pobj" and t.i > 0 and t.text.isalpha()
              and (t.text[:1].isupper() or (prep and question_names(t.text))) and t.head.pos_ == "ADP"
              and not any(c.dep_ in ("det", "compound") for c in t.children)]
    if len(places) != 1:
        return ""
    place = places[0]
    others = {n.lower() for n in question_names(earlier)} | {t.lower_ for t in doc if is_name(t)}
    if prep and others - {place.lower_}:
        return ""  # "on Windows" after "… PROJECT_NUMBER … in doxygen?": the program stays
    start = place.head.idx if prep and place.head.i == place.i - 1 else place.idx
    name = f"{prep} {m.group('name')}" if start != place.idx else m.group("name")
    return f"{earlier[:start]}{name}{earlier[place.idx + len(place.text):]}"


_WH_FRAGMENT = re.compile(r"^\s*(?:and\s+)?(?:(?:at|in|over|up to|to|from|for|with|on|by)\s+)?(?:what|which)\s+"
                          r"([A-Za-z][\w -]{1,40}?)\s*\?*\s*$", re.I)


def fallback(question: str, earlier: str, doc, words) -> str:
    """When no rule above rewrote: a fragment that extends a word of the earlier question
    takes its place ("what about capture4?" after "… the capture function?"); "over what
    range?" asks "What is the range of <what the earlier question asked about>?"; a question
    that names nothing gets the earlier question's names ("how is the phase shift given?"
    → "… given in expEYES set_sqrs?")."""
    about = ABOUT.match(question)
    fragment = about.group(1) if about else (doc[words[0].i: words[-1].i + 1].text if words else "")
    wh = None if about else _WH_FRAGMENT.match(question)
    asked = asked_thing(earlier)
    thing = asked if asked.startswith("the ") else names_phrase(question_names(earlier)[:2])
    if wh and thing and not any(t.pos_ in ("VERB", "AUX") for t in words):  # "over what range?"
        verb = "are" if re.search(r"[^s]s$", wh.group(1)) else "is"  # "in which languages?": plural
        return f"What {verb} the {wh.group(1)} of {thing}?"
    if about or (words and not any(t.pos_ in ("VERB", "AUX") for t in words)):
        bare = re.sub(r"^(?:the|a|an)\s+", "", fragment.strip(" ?"), flags=re.I)
        if len(bare.split()) == 1:
            stem_of = lambda w: re.sub(r"[^a-z]+$", "", w.lower())  # noqa: E731
            for word in earlier.split():
                core = word.strip("?,.")
                if len(stem_of(core)) >= 4 and stem_of(bare) == stem_of(core) and core != bare:
                    return earlier.replace(core, bare, 1)
        return ""
    if any(is_name(t) for t in doc) or question_names(question):
        return ""
    earlier_doc = parse(earlier)
    said = {t.text for t in earlier_doc or () if t.pos_ in ("VERB", "AUX", "ADV", "ADJ")}
    names = [n for n in question_names(earlier) if n.lower() not in question.lower()
             and not (n in said and plain_english(n))]  # "makes sessions append", "recursively": English, no name
    if not names:
        return ""
    plain = re.sub(r"^\s*(?:and|so|also|but|then)\s+", "", question.strip(), flags=re.I).rstrip(" ?")
    return f"{plain} in {later_first(names[:2])}?"
