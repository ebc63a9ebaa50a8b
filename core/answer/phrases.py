"""Phrase-level helpers of the offline follow-up rewrite.

- `attach_of` adds "of <thing>" after the whole noun phrase that holds an attribute word,
  not inside it: "What is the default block size?" → "What is the default block size of
  bzip2?" (never "the default of bzip2 block size");
- `phrase_end`: where a noun's own phrase ends ("the maximum number of iterations"), before a
  participle or clause that follows it ("the default file | called"), so "of …" goes there;
- `expletive_its` finds the "it" of "is it possible to …", which points at nothing and
  must not be replaced, and of any "it" + "be" + adjective or noun before a clause of its own
  ("Why is it harder to detect convergence problems …?", "Is it a good idea to use more
  chains?", "How long does it take to run 1,000,000 generations?"; not "Is it easy to
  install?", where "it" is what is installed);
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
from core.answer.lexicon import gerund_verb

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
        if _owned_after(doc, end):
            return text
        if re.search(rf"(?<!\w){re.escape(thing)}(?!\w)", doc[chunk.start: end.i + 1].text, re.IGNORECASE):
            return text
        at = end.idx + len(end.text)
        return f"{text[:at]} {prep} {thing}{text[at:]}"
    return text


_OWN_TAIL = frozenset("compound amod nummod appos".split())
_LOCATING = frozenset("at in on for from within inside under".split())


def _owned_after(doc, end) -> bool:
    """The attribute's phrase goes on with a place of its own, a preposition and a definite noun
    phrase of two words or more ("the default action at the spelling correction prompt"): it
    asks about that, not about the earlier question's thing."""
    if end.i + 2 >= len(doc) or doc[end.i + 1].lower_ not in _LOCATING or doc[end.i + 2].lower_ != "the":
        return False
    obj = next((c for c in doc[end.i + 1].children if c.dep_ == "pobj"), None)
    return obj is not None and obj.i - end.i >= 4  # "the", a describing word or more, the noun


def owns_attribute(text: str) -> bool:
    """A definite attribute phrase of `text` with a place of its own (`_owned_after`)."""
    doc = parse(text)
    return doc is not None and any(chunk[0].lower_ == "the" and {t.lower_ for t in chunk} & ATTRIBUTES
                                   and _owned_after(doc, phrase_end(chunk.root)) for chunk in doc.noun_chunks)


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
    """Character offsets of each expletive "it" ("is it possible to …", "why is it harder to
    detect convergence problems …?")."""
    return {m.start(1) for m in _EXPLETIVE_IT.finditer(question) if _holds_place(m, question)} | _extraposed(question)


def _holds_place(match: re.Match, question: str) -> bool:
    """The matched "it" holds the place of what follows ("Is it safe to delete the cache?"), not
    of a thing said before: "Is it safe to use?" and "Is it possible?" end with at most a bare verb."""
    if re.search(r"(?i)\b(?:mean|matter)\b", match.group(0)):
        return True
    return len(re.findall(r"[\w'’-]+", question[match.end():])) >= 3


_CLAUSE_OBJECTS = frozenset("dobj attr prep ccomp xcomp".split())


def _extraposed(question: str) -> set[int]:
    """Offsets of each "it" that only holds the place of a clause after it: "it" is the subject
    of "be" with an adjective or noun ("harder", "a good idea"), and a to-clause or "-ing"
    clause with a complement of its own ("to detect convergence problems", "running more
    chains"), or a "that" clause with a subject of its own, follows. A to-clause without one
    ("Is it easy to install?") may be about "it" and is not read so."""
    doc = parse(question)
    out: set[int] = set()
    for tok in doc if doc is not None else ():
        be = tok.head
        if be.dep_ == "acomp" and be.head.lemma_ == "be":  # "why is it slow to …": "it" hung on the adjective
            be = be.head
        taking = be.lower_ in ("take", "takes", "took")  # "how long does it take to run 1,000,000 generations?"
        if tok.lower_ != "it" or tok.dep_ != "nsubj" or (be.lemma_ != "be" and not taking):
            continue
        said = [c for c in be.children if c.dep_ == "acomp" or (c.dep_ == "attr" and c.i > tok.i)]  # "how hard is it …"
        clauses = [v for c in said + [be] for v in c.children if v.dep_ in ("xcomp", "advcl", "acl", "ccomp")]
        if (said or taking) and any(_own_clause(v) for v in clauses):
            out.add(tok.idx)
    return out


def _own_clause(verb) -> bool:
    """A to- or -ing clause with a complement that is not a pronoun, or a "that" clause with its own subject."""
    kids = list(verb.children)
    if any(c.dep_ == "mark" and c.lower_ in ("that", "whether", "if") for c in kids):
        return any(c.dep_ in ("nsubj", "nsubjpass") for c in kids)
    infinitive = verb.tag_ == "VBG" or any(c.dep_ == "aux" and c.lower_ == "to" for c in kids)
    return infinitive and any(c.dep_ in _CLAUSE_OBJECTS and c.pos_ != "PRON" for c in kids)


HOW_FRAME = re.compile(r"^\s*(how\s+(?:do|can|should|would)\s+(?:I|you|we|one))\s+\w+", re.IGNORECASE)


def gerund_frame(earlier: str, fragment: str, thing: str = "") -> str:
    """ "what about installing JAGS on macOS?" after "How do I start R?": the action asked in
    the earlier frame → "How do I go about installing JAGS on macOS?"; a bare gerund takes the
    earlier thing ("and decrypting?" after "How do I encrypt a file with gpg?" → "How do I go
    about decrypting a file with gpg?"); "" when either does not fit."""
    frame = HOW_FRAME.match(earlier)
    doc = parse(fragment)
    if not frame or doc is None or not len(doc):
        return ""
    if doc[0].tag_ != "VBG" and not (len(doc) == 1 and gerund_verb(doc[0].text, frame.group(0).split()[-1])):
        return ""  # "decrypting" alone is tagged a noun
    action = fragment.strip(" ?") + (f" {thing}" if len(doc) == 1 and thing else "")  # "quitting" → "quitting R"
    return f"{frame.group(1)[:1].upper()}{frame.group(1)[1:]} go about {action}?"


_OBJECT_PRONOUN = re.compile(r"(?<=\s)(?:it|them)\b", re.IGNORECASE)


def main_object(doc):
    """The first direct object of the main verb of a parsed question (None when there is none)."""
    return next((t for t in doc if t.dep_ == "dobj" and t.head.dep_ == "ROOT"), None) if doc is not None else None


def _frame_object(earlier: str) -> str:
    """The object of the earlier how-question's verb ("How do I open a FITS file with CFITSIO?": "a FITS file")."""
    doc = parse(earlier)
    obj = main_object(doc)
    if obj is None and doc is not None:  # "How do I switch to a branch?": the object of its preposition
        obj = next((t for t in doc if t.dep_ == "pobj" and t.head.dep_ == "prep" and t.head.head.dep_ == "ROOT"
                    and t.pos_ in ("NOUN", "PROPN")), None)
    return doc[obj.left_edge.i: obj.right_edge.i + 1].text if obj is not None else ""


def verb_frame(earlier: str, fragment: str, thing: str = "") -> str:
    """ "and use accessions instead of names?" after "How do I omit the alignments from
    hmmsearch output?": another action in the earlier how-frame, about the same thing →
    "How do I use accessions instead of names in hmmsearch output?" ("" when either does not fit)."""
    frame = HOW_FRAME.match(earlier)
    doc = parse(f"I {fragment.strip()}")  # alone, "close it" is read as an adverb; after "I", as a verb
    if not frame or doc is None or len(doc) < 3 or doc[1].tag_ not in ("VB", "VBP") or doc[1].pos_ != "VERB":
        return ""
    named = parse(f"What about {fragment.strip(' ?')}?")  # "line numbers": a noun before a noun, not "I line numbers"
    if named is not None and len(named) > 4 and named[2].tag_ == "NN" and named[2].dep_ == "compound":
        return ""
    action = re.sub(r"\s+(?:instead|too|again|as well|then|also)$", "", fragment.strip(" ?"), flags=re.I)  # ellipsis words
    if _OBJECT_PRONOUN.search(action):  # "and close it?" after "How do I open a FITS file …?": that file
        done = _frame_object(earlier)
        if not done:
            return ""
        action = _OBJECT_PRONOUN.sub(done, action, count=1)
    said = thing and all(w.lower() in action.lower() for w in thing.split())  # "breakpoint gdb" in "a breakpoint in gdb"
    place = f" in {thing}" if thing and not said else (_with_tool(earlier) if not thing else "")
    return f"{frame.group(1)[:1].upper()}{frame.group(1)[1:]} {action}{place}?"


def _with_tool(earlier: str) -> str:
    """The earlier question's one-word tool phrase (" with zip" of "How do I compress a directory
    with zip?"), which another action in its frame keeps ("" when there is none)."""
    doc = parse(earlier)
    for tok in doc if doc is not None else ():
        if tok.dep_ == "pobj" and tok.head.lower_ in ("with", "using") and tok.head.head.dep_ in ("ROOT", "dobj") \
                and tok.n_lefts == 0 and tok.pos_ in ("NOUN", "PROPN"):
            return f" {tok.head.lower_} {tok.text}"
    return ""


_WHICH_ONE = re.compile(r"\b(?:which|what)\s+(?P<one>one)\b(?!\s+of\b)"  # "which one of the options": its own
                        r"|\bwhich\s+(?P<of>of\s+(?:them|those|these))\b"  # "which of them holds …?"
                        r"|\b(?:the|an?)\s+(?:[\w.+-]+\s+){1,2}?(?P<kind>one)\b(?!\s+of\b)",  # "the IGR one"
                        re.IGNORECASE)


_OFFERED = re.compile(r"[,:]\s*[^,:?]+?\s+or\s+[^,:?]+?\s*\?*\s*$")  # "…, FTP or SFTP?"
_LISTED = re.compile(r"(?:\s+[\w-]+){0,3}?\s*,\s*[^,?]+?\s(?:or|and)\s[^,?]+[,?]")  # "… of these commands, paste or join,"


def _kind_one(question: str):
    """The match of "which one", "which of them" or "the IGR one" (a "one" that stands for a
    noun, not one that counts the noun after it: "one field of a record"), or None."""
    for m in _WHICH_ONE.finditer(question):
        if not m.group("kind") and (_OFFERED.search(question, m.end()) or _LISTED.match(question, m.end())):
            continue  # "which one is faster, FTP or SFTP?", "which of these commands, paste or join, …": named choices
        if not m.group("kind"):
            return m
        doc = parse(question)
        one = next((t for t in doc if t.idx == m.start("kind")), None) if doc is not None else None
        if one is not None and not (one.dep_ == "nummod" and one.head.i > one.i):  # "the IGR one": misread as nummod of IGR
            return m
    return None


def asks_which_one(question: str) -> bool:
    """True for "which one …?" without "of …", "which of them …?" and "the IGR one": the kind
    of thing is said earlier."""
    return _kind_one(question) is not None


def _singular(word: str) -> str:
    """'drivers' → 'driver', 'entries' → 'entry' (the small model has no lemmatiser)."""
    if word.lower().endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.lower().endswith("s") and not word.lower().endswith("ss") else word


ORDINALS = "first|second|third|fourth|fifth|last|next|previous"
_ORDINAL = re.compile(rf"\b(?:{ORDINALS})\b", re.IGNORECASE)
_ORDINAL_ONE = re.compile(_ORDINAL.pattern + r"\s+one\b", re.IGNORECASE)


def which_one(question: str, earlier: str) -> str:
    """`question` with "which one", "which of them" or "the IGR one" made "which <the noun the
    earlier which/what asked for>" (singular: "which file", "the IGR relaxed clock model");
    "" when either has no such phrase."""
    m = _kind_one(question)
    doc = parse(earlier) if m and not (_ORDINAL_ONE.search(question) and _ORDINAL.search(earlier)) else None
    if doc is None:  # "and to the second one?" after "… to the first virtual console?": the console (described_one)
        return ""
    group = next(g for g in ("one", "of", "kind") if m.group(g))
    for chunk in doc.noun_chunks:
        if chunk[0].lower_ in ("which", "what") and len(chunk) > 1 and chunk.root.pos_ == "NOUN":
            last = chunk[-1]
            words = [t.text for t in chunk[1:-1]] + [_singular(last.text) if last.tag_ == "NNS" else last.text]
            return f"{question[:m.start(group)]}{' '.join(words)}{question[m.end(group):]}"
    kind = _ASKED_KIND.match(earlier)  # the parser misread "Which relaxed clock models does …": read the words
    if not kind:
        return ""
    *words, last = kind.group(1).split()
    return f"{question[:m.start(group)]}{' '.join(words + [_singular(last)])}{question[m.end(group):]}"


_ASKED_KIND = re.compile(r"^\s*(?:which|what)\s+((?:[A-Za-z][\w-]*\s+){0,2}[A-Za-z][\w-]*s)\s+(?:are|were|does|do|did|can|"
                         r"could|should|will|would|have)\b", re.IGNORECASE)  # a plural kind before its verb


HOW_TO = re.compile(r"^\s*how\s+(?:do|can|should|would|could)\s+(?:I|you|we|one)\s+(.+?)\s*\?*\s*$", re.IGNORECASE)
MEANS = frozenset("option flag switch setting parameter variable command function program tool method way "
                  "trick key".split())


def means_to(earlier: str, noun: str) -> str:
    """ "the option to make hmmsearch results reproducible" for "that option" after "How do I
    make hmmsearch results reproducible?": a means-word ("option", "command", "way") points at
    the means of doing what the earlier how-question asked ("" for other shapes)."""
    m = HOW_TO.match(earlier)
    if not m or noun.lower().rstrip("s") not in MEANS:
        return ""
    return f"the {noun} to {m.group(1)}"

