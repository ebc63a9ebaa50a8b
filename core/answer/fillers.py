"""What may fill a place of the earlier question in a rewrite.

- a fragment of adverbs only ("and upward?") takes no noun's place: "How do I make upward
  point …?" is no question a person writes (`no_noun`);
- a pronoun never stands for a phrase holding a code word the question says itself: in "does
  --fast make it faster?" after "What do the --fast and --best options of bzip2 do?", "it"
  is bzip2 (`says_again`);
- the auxiliary agrees with a plural subject put in a pronoun's place: "Do expEYES captures
  have to …?", not "Does …" (`agreeing`); two names read as a word of one and the other
  ("capacitance in expEYES", `names_phrase`).

Example:
    >>> says_again("the --fast and --best options", "does --fast make it faster?")
    True
"""
from __future__ import annotations

from core.answer.decline import question_names
from core.answer.ellipsis import CODE
from core.answer.decline import common_words
from core.answer.leaning import parse
from core.answer.lexicon import english_word, plural_noun


def no_noun(fragment: str) -> bool:
    """True for a fragment of adverbs only ("upward", "backwards")."""
    doc = parse(f"I go {fragment.strip(' ?.!')}")  # read in a clause: alone, a word's part of speech is a guess
    words = [t for t in doc[2:] if not t.is_punct] if doc is not None else []
    return bool(words) and all(t.pos_ == "ADV" for t in words)


def says_again(thing: str, question: str) -> bool:
    """True when `thing` holds a code word that `question` already says itself."""
    own = {w.strip("?,.").lower() for w in question.split() if CODE.search(w)}
    return any(w.strip("?,.").lower() in own for w in thing.split())


def other_name(earlier: str, question: str) -> str:
    """The earlier question's first name that the question does not say ("bzip2"), or ""."""
    return next((n for n in question_names(earlier) if not says_again(n, question) and n.lower() not in question.lower()), "")


_PLURAL_AUX = {"does": "do", "is": "are", "has": "have", "was": "were"}


def agreeing(text: str) -> str:
    """`text` with a singular auxiliary before a plural subject made plural ("Does the files …" → "Do the files …")."""
    doc = parse(text)
    if doc is None:
        return text
    for tok in doc:
        plural = _PLURAL_AUX.get(tok.lower_)
        subject = next((c for c in tok.head.children if c.dep_ == "nsubj"), None) if plural else None
        if (subject is not None and subject.i > tok.i and subject.tag_ == "NNS" and not CODE.search(subject.text)
                and plural_noun(subject.text)):  # not "decr", an unknown name tagged plural
            word = plural.capitalize() if tok.text[:1].isupper() else plural
            return text[:tok.idx] + word + text[tok.idx + len(tok.text):]
    return text


def names_phrase(names: list[str]) -> str:
    """Two names of an earlier question as one phrase: a dictionary word "in" the other
    name ("capacitance in expEYES"), else the two, the later first ("expEYES set_sqrs"), but a number after its
    name ("chmod 755")."""
    words = [n for n in names if n.islower() and english_word(n)]
    if len(names) == 2 and len(words) == 1:
        other = next(n for n in names if n != words[0])
        return f"{words[0]} in {other}"
    return later_first(names)


def later_first(names: list[str]) -> str:
    """Names of an earlier question as one phrase, the later first ("expEYES set_sqrs"), but a number
    stays after the name it goes with ("chmod 755")."""
    return " ".join(names if names and names[-1].isdigit() else reversed(names))
