"""One-letter names in a question: "R" of "How do I start R?", "C" of "Can I call it from C?".

The names test (`decline.missing_names`) skips words shorter than two letters, so a question
about R asked of a library without an R manual was answered from whatever passage came first.
A capital letter counts as a name when the asking sentence uses it as one, and as seen only
when the evidence writes it as a word of its own or the head of a compound (`WRITTEN`: "R",
"R's", "C-", "R-devel"), not as an option ("-r", "-R"), and as a name there (`written_letters`):
not a symbol of a formula ("M = C ∩ L"), an initial ("Sean R. Eddy") or one of a list of
letters ("A or C or G R").

    >>> letter_names("How do I start R?")
    ['R']
    >>> letter_names("What is in Appendix C of the manual?")
    []
    >>> sorted(written_letters("Start R now; later C = A + B, and ask Sean D. Eddy".split()))
    ['R']
"""
from __future__ import annotations

import re

from core.answer.question import last_sentence

# Words that make a capital letter after them a label, not a name ("Appendix C", "the G parameter").
_LABELS = frozenset("appendix section chapter figure table part type class plan option step level grade version "
                    "column row vitamin category model series mode".split())
_LETTER = re.compile(r"^[(\"'“‘]*([B-HJ-Z])(?:['’]s)?[)\"'”’.,;:!?]*$")
# The same letter as the evidence writes it, also at the head of a compound ("C-", "C/C++", "R-devel"),
# never after a dash ("-R" is an option).
WRITTEN = re.compile(r"^[(\"'“‘]*([B-HJ-Z])(?:['’]s|[-/+]\S*)?[)\"'”’.,;:!?]*$")
# A formula's operators: a word that is one of them, or opens or ends with one of the signs.
_OPERATORS = frozenset("= == := != < > <= >= + * / ^ ~ <- ->".split())
# Another letter of a list ("B, C or D", "G R A or G"); not a call such as "q()" nor the article or "I".
_LISTED = re.compile(r"^[(\"'“‘]?(?![aAI]\b)[A-Za-z][)\"'”’]?[.,;:?!]?$")
_SIGNS = "=≠≤≥≈∈∉∩∪⊂⊆⊃→←↦×÷−·∘"


def letter_names(question: str) -> list[str]:
    """The capital letters the asking sentence uses as names, not as the first word ("How do I
    start R?", "Can I call it from C?"): a one-letter product the evidence must write as a word
    of its own (`_seen`). "A" and "I" are words; a letter after a capitalised word or a label is
    part of a longer name or a label ("Mac OS X", "Appendix C"; a capitalised first word,
    "Which C standard …", does not count), and a letter within two words of
    another one-letter word is one of a list ("B, C or D")."""
    words = last_sentence(question).split()
    out: list[str] = []
    for i, word in enumerate(words):
        m = _LETTER.match(word)
        if i == 0 or not m:
            continue
        before = words[i - 1].strip("(\"'“‘")
        after = words[i + 1] if i + 1 < len(words) else ""
        labelled = before.lower() in _LABELS or after.lower().startswith(("parameter", "option"))
        listed = any(_LISTED.match(w) for w in words[max(0, i - 2):i] + words[i + 1:i + 3])
        if (i > 1 and before[:1].isupper()) or labelled or listed:
            continue
        out.append(m.group(1))
    return list(dict.fromkeys(out))


def written_letters(words: list[str]) -> set[str]:
    """The capital letters `words` (a passage split on whitespace) write as names (`WRITTEN`):
    not next to a formula's operator ("the ring R = Z/nZ", "M = C ∩L"), nor anywhere in a
    passage that makes the letter such a symbol ("the elements of R" after "R = Z/nZ"); not
    a middle initial between two capitalised words ("Sean R. Eddy"); not within two words of
    another one-letter word ("A or C or G R A", a list of letters, as `letter_names` reads a
    question)."""
    out: set[str] = set()
    symbols: set[str] = set()
    for i, word in enumerate(words):
        m = WRITTEN.match(word)
        if not m:
            continue
        before = words[i - 1] if i else ""
        after = words[i + 1] if i + 1 < len(words) else ""
        initial = word.endswith(".") and before[:1].isupper() and before.isalpha() and after[:1].isupper()
        listed = any(_LISTED.match(w) for w in words[max(0, i - 2):i] + words[i + 1:i + 3])
        if _operator(before) or _operator(after):
            symbols.add(m.group(1))
        elif not (initial or listed):
            out.add(m.group(1))
    return out - symbols


def _operator(word: str) -> bool:
    """A formula's operator, or a word that opens or ends with one of its signs ("∩L")."""
    return word in _OPERATORS or (bool(word) and (word[0] in _SIGNS or word[-1] in _SIGNS))
