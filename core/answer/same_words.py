"""Words a question and a manual use for one idea: "smallest" asked, "minimum" written.

A user asks for "the smallest rank" where the manual writes "The minimum rank is 2.", or "the
largest file" where it writes "the maximum size"; the ranking matches words by their stems, so
the sentence that answers lost a rare word to one that only restates the question. Each group
below is one idea; a unit that writes any word of a group holds, for the ranking, the group's
word that the question asks with (`asked_as`).

Example:
    >>> sorted(asked_as({"smallest", "rank"}, {"minimum", "rank", "matrix"}))
    ['matrix', 'minimum', 'rank', 'smallest']
    >>> asked_as({"rank"}, {"minimum"}) == {"minimum"}
    True
"""
from __future__ import annotations

from typing import Iterable

GROUPS = (
    frozenset({"smallest", "minimum", "min", "lowest", "minimal", "least", "shortest"}),
    frozenset({"largest", "biggest", "maximum", "max", "highest", "greatest", "maximal", "longest"}),
)
_GROUP_OF = {word: group for group in GROUPS for word in group}


def asked_as(asked: Iterable[str], held: set[str]) -> set[str]:
    """`held` (a unit's terms) with each asked term whose group `held` writes in another word."""
    extra = {t for t in asked if t in _GROUP_OF and t not in held and held & _GROUP_OF[t]}
    return held | extra if extra else held
