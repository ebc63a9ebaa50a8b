"""Follow-ups that ask beyond what was said, without a pronoun: "How do I set a different
number?", "can I use another port?", "is there a faster way?".

"and keep the timestamps?" after "How do I …?" asks for another action in the same frame
(`continues_action`). "a different"/"another"/"the same" before a noun (and a comparative before "way") leans on
the earlier question when the question names nothing of its own (`asks_beyond`); the noun
then takes the earlier question's counted thing: after "How many worker threads does HMMER
use by default?", "a different number" is "a different number of worker threads"
(`count_of`).

Example:
    >>> count_of("How do I set a different number?", "How many worker threads does HMMER use?")   # doctest: +SKIP
    'How do I set a different number of worker threads?'
"""
from __future__ import annotations

import re

from core.answer.decline import question_names
from core.answer.fresh import whole_request
from core.answer.leaning import is_name, parse
from core.answer.phrases import HOW_TO, ORDINALS
from core.answer.referent import asked_thing

_BEYOND = re.compile(r"\b(?:a\s+different|another|the\s+same|a\s+new|an?\s+(?:faster|quicker|easier|simpler|better)"
                     r"|(?:faster|quicker|easier|simpler|better)\s+way)\b", re.IGNORECASE)
_HOW_MANY = re.compile(r"^\s*how\s+(?:many|much)\s+(.+?)\s+(?:does|do|did|is|are|was|were|can|will|should|would)\b",
                       re.IGNORECASE)
_COUNT_NOUN = re.compile(r"\b(number|amount|count)\b(?!\s+of\b)", re.IGNORECASE)


def asks_beyond(question: str) -> bool:
    """True for a question that asks for a different/another/the same thing and names nothing."""
    if not _BEYOND.search(question):
        return False
    doc = parse(question)
    named = doc is not None and any(is_name(t) for t in doc)
    return not named and not question_names(question)


def count_of(text: str, earlier: str) -> str:
    """`text` with "number" made "number of <what the earlier how-many counted>" ("" when
    the earlier question counts nothing or the text has no such noun)."""
    m = _HOW_MANY.match(earlier)
    noun = _COUNT_NOUN.search(text)
    if not m or not noun:
        return ""
    return f"{text[:noun.end()]} of {m.group(1)}{text[noun.end():]}"


_OPENER = re.compile(r"^\s*(?:and|or|but|also|then|and\s+then|and\s+also)\s+(?=\w)", re.IGNORECASE)


def continues_action(question: str) -> bool:
    """True for "and keep the timestamps?", "or delete them?": an opener, then a bare verb
    with no subject of its own (another action for the earlier how-question)."""
    m = _OPENER.match(question)
    doc = parse(question[m.end():]) if m else None
    if doc is None or len(doc) < 2 or doc[0].tag_ != "VB" or doc[0].pos_ != "VERB":
        return False
    return not whole_request(question[m.end():])  # "and show the syntax of the plot command": its own topic


_ONE = re.compile(r"\b(?:write|make|create|get|use|add|build|define|declare|need|find|pick|choose|set up|select|"
                  r"remove|delete|open|edit|install|rename|copy)\s+(one)\b(?!\s+of\b)", re.IGNORECASE)


def one_stands_for(question: str, earlier: str) -> str:
    """ "How do I write a Ragel state chart?" for "how do I write one?" after "What is a Ragel
    state chart?": "one" after a verb stands for the thing the earlier question asked about
    ("" when there is no such "one" or no thing)."""
    m = _ONE.search(question)
    if not m or re.search(r"\b(?:a|an)\s+\w", question[:m.start()], re.IGNORECASE):
        return ""  # "What is a virtual package and when should I use one?": its own noun
    thing = asked_thing(earlier) or _one_of(earlier)
    return f"{question[:m.start(1)]}{thing}{question[m.end(1):]}" if thing else ""


def _one_of(earlier: str) -> str:
    """ "one of the available devices" for an earlier "How do I list the available devices …?":
    its object when plural, read as one of them ("" otherwise)."""
    doc = parse(earlier)
    objects = [t for t in doc if t.dep_ == "dobj" and t.tag_ == "NNS"] if doc is not None else []
    if not objects:
        return ""
    words = doc[objects[0].left_edge.i: objects[0].i + 1].text
    return f"one of {words}" if words.lower().startswith(("the ", "its ", "their ")) else f"one of the {words}"



_ORDINAL = re.compile(rf"{ORDINALS}|other|same|new", re.IGNORECASE)  # fullmatch: one word
_DESCRIBED_ONE = re.compile(r"\b(?:a|an|the)\s+[\w-]+(?:\+\+|#)?\s+(one)\b(?!\s+of\b)", re.IGNORECASE)  # "a C++ one"


def described_one(question: str, earlier: str) -> str:
    """ "and a hard one?" after "How do I make a symbolic link with ln?": "one" with its own describing
    word stands for the head noun of the earlier question's object → "and a hard link?" ("" otherwise)."""
    m = _DESCRIBED_ONE.search(question)
    doc = parse(earlier) if m else None
    heads = [t for t in doc if t.dep_ in ("dobj", "pobj") and t.pos_ == "NOUN" and t.tag_ == "NN"] if doc is not None else []
    heads = heads or [t for t in doc if t.dep_ == "attr" and any(c.dep_ == "det" for c in t.children)] if doc else heads
    if not heads:  # "Is there a Python binding for cairo?": the thing there is
        return ""
    head = heads[0]  # "the second one": another of the same kind, with its describing words ("virtual console");
    if re.search(r"\d|_|\w[A-Z]", head.text) and head.i > 0 and doc[head.i - 1].head.i == head.i \
            and doc[head.i - 1].text.isalpha() and doc[head.i - 1].text.islower():
        head = doc[head.i - 1]  # "the secondary prompt PS2" / "the primary one": the kind, not the name
    ordinal = _ORDINAL.fullmatch(m.group(0).split()[-2])  # "a hard one": another kind ("hard link", not "hard symbolic")
    kept, at = [], head.i - 1
    while ordinal and at >= 0 and doc[at].head.i == head.i and doc[at].dep_ in ("amod", "compound") \
            and not _ORDINAL.fullmatch(doc[at].text):
        kept, at = [doc[at].text] + kept, at - 1
    return f"{question[:m.start(1)]}{' '.join(kept + [head.text])}{question[m.end(1):]}"


_DO_IT = re.compile(r"\bdo\s+(?:it|so|(?:that|this)(?=\s*(?:[?.!,]|$|\s(?:with|without|on|in|from|for|while|when|if|too|"
                    r"again|instead|by|using|via|at|automatically)\b)))\b", re.IGNORECASE)  # not "do that cron cannot"


def done_again(question: str, earlier: str) -> str:
    """ "Can gdb disassemble binary code too?" for "Can gdb do it too?" after "How do I disassemble
    binary code?": "do it" stands for what the earlier how-question asked to do ("" otherwise: when
    a verb of the question's own comes before it, or the words after it open with one the action
    already has, "do that with zip" after "… with tar")."""
    m = _DO_IT.search(question)
    how = HOW_TO.match(earlier) if m else None
    doc = parse(question) if how else None
    if doc is None or any(t.idx < m.start() and t.pos_ == "VERB" and t.dep_ not in ("aux", "auxpass")
                          for t in doc):  # "Can X convert …, and … does it do so?": a verb of its own first
        return ""
    action, rest = how.group(1), question[m.end():]
    following = rest.split()[0].lower() if rest.split() else ""
    if following in {w.lower() for w in action.split()}:
        return ""
    return f"{question[:m.start()]}{action}{rest}"
