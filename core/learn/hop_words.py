"""Word sets of chunk and question text that the next-hop head's features compare.

Example:
    >>> sorted(words("The author of Brand"))
    ['author', 'brand']
"""
from __future__ import annotations

import re

_WORD = re.compile(r"[A-Za-z0-9][\w'-]*")
STOP = frozenset(
    "a an the of in on at to for from by with and or but is are was were be been being it its this that "
    "these those which who whom whose what when where why how as into than then there their they he she "
    "his her him we you i not no do does did has have had can could would should will shall may might "
    "also about after before during over under between more most such other same one two".split())


def words(text: str) -> set[str]:
    """Lower-cased content words (stop words dropped)."""
    return {w for w in (m.lower() for m in _WORD.findall(text)) if w not in STOP and len(w) > 1}


def title_core(title: str) -> str:
    """A title without its disambiguation: 'West Chicago, Illinois' -> 'west chicago',
    'Hello Love (song)' -> 'hello love'."""
    return re.split(r"\s*[(,]", title, maxsplit=1)[0].strip().lower()


def capitals(text: str) -> set[str]:
    """Capitalised words (entity-like), lower-cased."""
    return {m.lower() for m in _WORD.findall(text) if m[0].isupper() and m.lower() not in STOP}
