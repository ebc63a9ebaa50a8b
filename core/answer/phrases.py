"""Phrase-level helpers of the offline follow-up rewrite.

- `attach_of` adds "of <thing>" after the whole noun phrase that holds an attribute word,
  not inside it: "What is the default block size?" → "What is the default block size of
  bzip2?" (never "the default of bzip2 block size");
- `phrase_end`: where a noun's own phrase ends ("the maximum number of iterations"), before a
  participle or clause that follows it ("the default file | called"), so "of …" goes there;
- `expletive_its` finds the "it" of "is it possible to …", which points at nothing and
  must not be replaced;
- `which_one` reads "which one" as the kind of thing the earlier question asked for:
  "which one is experimental?" after "Which datasource drivers does Biber support?" →
  "which datasource driver is experimental?".

Example:
    >>> attach_of("What is the default block size?", "bzip2")
    'What is the default block size of bzip2?'
"""
from __future__ import annotations

import re

from core.answer.leaning import ATTRIBUTES, parse

_EXPLETIVE_IT = re.compile(r"\b(?:is|was|would|will|does|did|isn't)\s+(it)\s+(?:possible|necessary|safe|ok|okay|true|"
                           r"better|enough|required|allowed|mean\s+(?:when|if|that)|matter)\b", re.IGNORECASE)


def attach_of(text: str, thing: str, prep: str = "of") -> str:
    """`text` with " of `thing`" (or `prep`) after the definite noun phrase that holds an
    attribute word (with its own "of …" tail, not a participle after it: "the default file
    called"); `text` unchanged when it has none."""
    doc = parse(text)
    if doc is None or not thing:
        return text
    for chunk in doc.noun_chunks:
        words = {t.lower_ for t in chunk}
        if chunk[0].lower_ != "the" or not words & ATTRIBUTES:
            continue
        end = phrase_end(chunk.root)  # "the maximum number of iterations": after "iterations"
        while end.i + 1 < len(doc) and any(c.isdigit() for c in doc[end.i + 1].text):
            end = doc[end.i + 1]  # "the value 2": the number names the value
        if re.search(rf"(?<!\w){re.escape(thing)}(?!\w)", doc[chunk.start: end.i + 1].text, re.IGNORECASE):
            return text
        at = end.idx + len(end.text)
        return f"{text[:at]} {prep} {thing}{text[at:]}"
    return text


_OWN_TAIL = frozenset("compound amod nummod appos".split())


def phrase_end(tok):
    """The last token of the noun's own phrase: its describing words and "of" tail, not a
    participle or clause after it."""
    end = tok
    for child in tok.rights:
        if child.dep_ in _OWN_TAIL or (child.dep_ == "prep" and child.lower_ == "of"):
            end = child.right_edge
        else:
            break
    return end


def expletive_its(question: str) -> set[int]:
    """Character offsets of each expletive "it" ("is it possible to …")."""
    return {m.start(1) for m in _EXPLETIVE_IT.finditer(question)}


_HOW_FRAME = re.compile(r"^\s*(how\s+(?:do|can|should|would)\s+(?:I|you|we|one))\s+\w+", re.IGNORECASE)


def gerund_frame(earlier: str, fragment: str, thing: str = "") -> str:
    """ "what about installing JAGS on macOS?" after "How do I start R?": the action asked in
    the earlier frame → "How do I go about installing JAGS on macOS?" ("" when either does not fit)."""
    frame = _HOW_FRAME.match(earlier)
    doc = parse(fragment)
    if not frame or doc is None or not len(doc) or doc[0].tag_ != "VBG":
        return ""
    action = fragment.strip(" ?") + (f" {thing}" if len(doc) == 1 and thing else "")  # "quitting" → "quitting R"
    return f"{frame.group(1)[:1].upper()}{frame.group(1)[1:]} go about {action}?"


_OBJECT_PRONOUN = re.compile(r"(?<=\s)(?:it|them)\b", re.IGNORECASE)


def _frame_object(earlier: str) -> str:
    """The object of the earlier how-question's verb ("How do I open a FITS file with CFITSIO?": "a FITS file")."""
    doc = parse(earlier)
    objects = [t for t in doc if t.dep_ == "dobj" and t.head.dep_ == "ROOT"] if doc is not None else []
    return doc[objects[0].left_edge.i: objects[0].right_edge.i + 1].text if objects else ""


def verb_frame(earlier: str, fragment: str, thing: str = "") -> str:
    """ "and use accessions instead of names?" after "How do I omit the alignments from
    hmmsearch output?": another action in the earlier how-frame, about the same thing →
    "How do I use accessions instead of names in hmmsearch output?" ("" when either does not fit)."""
    frame = _HOW_FRAME.match(earlier)
    doc = parse(f"I {fragment.strip()}")  # alone, "close it" is read as an adverb; after "I", as a verb
    if not frame or doc is None or len(doc) < 3 or doc[1].tag_ not in ("VB", "VBP") or doc[1].pos_ != "VERB":
        return ""
    action = re.sub(r"\s+(?:instead|too|again|as well|then|also)$", "", fragment.strip(" ?"), flags=re.I)  # ellipsis words
    if _OBJECT_PRONOUN.search(action):  # "and close it?" after "How do I open a FITS file …?": that file
        done = _frame_object(earlier)
        if not done:
            return ""
        action = _OBJECT_PRONOUN.sub(done, action, count=1)
    place = f" in {thing}" if thing and thing.lower() not in action.lower() else ""
    return f"{frame.group(1)[:1].upper()}{frame.group(1)[1:]} {action}{place}?"


_WHICH_ONE = re.compile(r"\b(which|what)\s+one\b(?!\s+of\b)", re.IGNORECASE)  # "which one of the options": its own


def asks_which_one(question: str) -> bool:
    """True for "which one …?" without "of …": the kind of thing is said earlier."""
    return bool(_WHICH_ONE.search(question))


def _singular(word: str) -> str:
    """'drivers' → 'driver', 'entries' → 'entry' (the small model has no lemmatiser)."""
    if word.lower().endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.lower().endswith("s") and not word.lower().endswith("ss") else word


def which_one(question: str, earlier: str) -> str:
    """`question` with "which one" made "which <the noun the earlier which/what asked for>"
    (singular); "" when either has no such phrase."""
    m = _WHICH_ONE.search(question)
    doc = parse(earlier) if m else None
    if doc is None:
        return ""
    for chunk in doc.noun_chunks:
        if chunk[0].lower_ in ("which", "what") and len(chunk) > 1 and chunk.root.pos_ == "NOUN":
            last = chunk[-1]
            words = [t.text for t in chunk[1:-1]] + [_singular(last.text) if last.tag_ == "NNS" else last.text]
            return f"{question[:m.end(1)]} {' '.join(words)}{question[m.end():]}"
    return ""


_HOW_TO = re.compile(r"^\s*how\s+(?:do|can|should|would|could)\s+(?:I|you|we|one)\s+(.+?)\s*\?*\s*$", re.IGNORECASE)
MEANS = frozenset("option flag switch setting parameter variable command function program tool method way "
                  "trick key".split())


def means_to(earlier: str, noun: str) -> str:
    """ "the option to make hmmsearch results reproducible" for "that option" after "How do I
    make hmmsearch results reproducible?": a means-word ("option", "command", "way") points at
    the means of doing what the earlier how-question asked ("" for other shapes)."""
    m = _HOW_TO.match(earlier)
    if not m or noun.lower().rstrip("s") not in MEANS:
        return ""
    return f"the {noun} to {m.group(1)}"

