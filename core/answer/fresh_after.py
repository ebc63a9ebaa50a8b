"""Questions that stand alone *given the earlier question*: it has nothing they could borrow.

`core.answer.fresh` reads a question alone; these rules also read the earlier question:

- **another setting** (`another_setting`): after a question about an option ("What does
  -cov_cutoff do?"), "Is the hash length limited?" or "What is the default maximum gap count?"
  asks about a setting of its own: an option has a default, a value or a range, but no "hash
  length"; a definite phrase whose head is an attribute word and that carries a describing
  word of its own, not said in the earlier question, names another setting;
- **nothing to lend** (`nothing_to_lend`): "How do I estimate the insert length and check that
  it is right?" after "How do I set the insert length?" already holds every noun and name of
  the earlier question (a code word spelled out counts: "the maximum branch length" after
  "-max_branch_length"): a rewrite could only add words it has;
- **an action of its own** (`own_action`): "what about searching all man pages for a keyword
  with apropos?" after "How do I search a man page?": a gerund with its own object and a name
  the earlier question does not have asks a whole question, not the earlier one again;
- **nothing plural to point at** (`generic_they`): "Do they recommend two independent runs in
  MrBayes?" or "They say MrBayes is slow; …" after "What does lset do?": a subject "they" in a
  question that names its own thing, with no plural noun in the earlier question, stands for
  people in general, not for anything said.

Example:
    >>> another_setting("Is the hash length limited?", "What does -read_trkg do?")
    True
    >>> another_setting("What is its default?", "What does -read_trkg do?")
    False
"""
from __future__ import annotations

import re

from core.answer.decline import question_names
from core.answer.leaning import ABOUT, ATTRIBUTES, dangling, is_name, leans_on_context, parse
from core.answer.phrases import expletive_its

_OPTION = re.compile(r"(?<![\w-])-{1,2}[A-Za-z][\w-]*|\b(?:option|flag|switch|parameter)s?\b", re.IGNORECASE)
_SETTING_HEADS = ATTRIBUTES | frozenset("count number rate threshold cutoff depth width height".split())
_NOT_DESCRIBING = ATTRIBUTES | frozenset("client server daemon user host application program tool package library "
                                         "module file command option output input same other first last next new "
                                         "previous whole current".split())


def _describing(det) -> list[str]:
    """The describing nouns between "the" and its head, when that head is a setting word."""
    head = det.head
    if det.lower_ != "the" or head.i <= det.i or head.lower_ not in _SETTING_HEADS:
        return []
    between = det.doc[det.i + 1: head.i]
    return [t.lower_ for t in between if t.is_alpha and t.pos_ in ("NOUN", "PROPN") and t.lower_ not in _NOT_DESCRIBING]


def _whole(doc, question: str) -> bool:
    """A question with a verb of its own, no name and no pronoun pointing outside it."""
    return (any(t.pos_ in ("VERB", "AUX") for t in doc) and not any(is_name(t) for t in doc)
            and not question_names(question) and not ABOUT.match(question)
            and not any(t.idx not in expletive_its(question) for t in dangling(doc, question)))


def another_setting(question: str, earlier: str) -> bool:
    """True when `earlier` asks about an option and `question` asks about another setting
    (see the module docstring)."""
    doc = parse(question)
    if doc is None or not _OPTION.search(earlier) or not _whole(doc, question):
        return False
    said = earlier.lower()
    for det in (t for t in doc if t.dep_ == "det"):
        own = _describing(det)
        if own and not any(word in said for word in own):
            return True
    return False


def _nouns(doc) -> set[str]:
    return {t.lower_ for t in doc if t.pos_ in ("NOUN", "PROPN") or is_name(t)}


def _spelled_out(word: str, has: set[str]) -> bool:
    """True when `word` is in `has`, or is a code word whose parts all are, at least as the
    start of a word there ("-max_branch_length" in "the maximum branch length")."""
    parts = [p for p in re.split(r"[-_]+", word) if p]
    return word in has or (len(parts) > 1 and all(any(h.startswith(p) for h in has) for p in parts))


def nothing_to_lend(question: str, earlier: str) -> bool:
    """True when `question`, a whole question, already holds every noun and name of `earlier`."""
    doc, before = parse(question), parse(earlier)
    if doc is None or before is None or not any(t.pos_ in ("VERB", "AUX") for t in doc) or ABOUT.match(question):
        return False
    has = {t.lower_ for t in doc}
    lent = {w for w in _nouns(before) | {n.lower() for n in question_names(earlier)} if not _spelled_out(w, has)}
    return bool(_nouns(before)) and not lent and not any(t.idx not in expletive_its(question)
                                                  for t in dangling(doc, question) if t.lower_ not in ("it", "them"))


def generic_they(question: str, earlier: str) -> bool:
    """True when each pronoun of `question` pointing outside it is a subject "they", the question
    names a thing of its own, the earlier question has no plural noun "they" could stand for, and
    read as "people" the question leans on nothing else."""
    doc, before = parse(question), parse(earlier)
    if doc is None or before is None or any(t.tag_ in ("NNS", "NNPS") or t.dep_ == "conj" for t in before):
        return False
    loose = [t for t in dangling(doc, question) if t.idx not in expletive_its(question)]
    if not loose or any(t.lower_ != "they" or t.dep_ != "nsubj" for t in loose):
        return False  # "how do I use them?" after "How do I define a character set?": character sets
    if not any(is_name(t) for t in doc) and not question_names(question):
        return False  # "where are they stored?": what is stored is said earlier
    text = question
    for t in sorted(loose, key=lambda t: t.idx, reverse=True):
        text = f"{text[:t.idx]}people{text[t.idx + len(t.text):]}"
    return not leans_on_context(text)


def own_action(question: str, earlier: str) -> bool:
    """True for "what about <gerund> <object> …?" whose phrase names a thing (a program's name,
    a capitalised name) that `earlier` does not: it asks its own question."""
    about = ABOUT.match(question)
    doc = parse(about.group(1)) if about else None
    if doc is None or not len(doc) or doc[0].tag_ != "VBG":
        return False
    if not any(c.dep_ == "dobj" and c.pos_ != "PRON" for c in doc[0].children):
        return False  # "what about quitting?": the earlier question's thing
    said = earlier.lower()
    names = [n for n in question_names(about.group(1)) if n.lower() not in said]
    return bool(names) or any(is_name(t) and t.lower_ not in said for t in doc)
