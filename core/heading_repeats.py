"""Does a heading only say its parent heading again? (`Chunk.path_label` writes it once.)

Example:
    >>> says_again("15 Parameters", "15 Parameters (zsh)"), says_again("Toner", "Printer notes")
    (True, False)
"""
from __future__ import annotations

import re

_SITE_AFTER = re.compile(r"\s*(?:\([^()]*\)|[-–—|:]\s.*)")  # " (zsh)", " — The Debian Handbook"


def says_again(name: str, parent: str) -> bool:
    """`name` says `parent` again: the same words (case and spacing aside), or the parent is
    `name` with a bracketed or dashed tail ("15 Parameters (zsh)" over "15 Parameters")."""
    a, b = " ".join(name.split()).casefold(), " ".join(parent.split()).casefold()
    return a == b or (bool(a) and b.startswith(a) and _SITE_AFTER.fullmatch(b[len(a):]) is not None)
