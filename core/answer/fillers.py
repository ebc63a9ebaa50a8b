"""What may fill a place of the earlier question in a rewrite.

- a fragment of adverbs only ("and upward?") takes no noun's place: "How do I make upward
  point …?" is no question a person writes (`no_noun`);
- a pronoun never stands for a phrase holding a code word the question says itself: in "does
  --fast make it faster?" after "What do the --fast and --best options of bzip2 do?", "it"
  is bzip2 (`says_again`).

Example:
    >>> says_again("the --fast and --best options", "does --fast make it faster?")
    True
"""
from __future__ import annotations

from core.answer.decline import question_names
from core.answer.ellipsis import CODE
from core.answer.leaning import parse


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
