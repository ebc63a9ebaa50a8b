"""The lines of a paragraph or a table cell joined into one line of text.

Words hyphenated across a line break are mended ("syn-" / "tax": "syntax"); dot leaders (as
in a book's index) shorten to one ellipsis. Split from `markdown` so that the table readers
(`tables_rows`) join a cell's lines with the same rule without importing the writer.

Example:
    >>> join_lines(["Words hyphen-", "ated here"]), join_lines(["fonts-crosextra-", "carlito"], True)
    ('Words hyphenated here', 'fonts-crosextra-carlito')
"""
from __future__ import annotations

import re
from typing import Sequence

_HYPHEN_END = re.compile(r"[a-z]-$")
_DOT_LEADER = re.compile(r"\s*(?:\.\s+){3,}\.?\s*")  # ". . . . ." between an index entry and its pages
_NAMED = re.compile(r"[-/_.:]")  # a package name, a path or a key before the line's last hyphen


def join_lines(lines: Sequence[str], names_keep_hyphen: bool = False) -> str:
    """Join the lines of a paragraph (or a table cell), mending words hyphenated across a line
    break ("syn-" / "tax": "syntax") and shortening dot leaders (as in a book's index) to one
    ellipsis. `names_keep_hyphen` (table cells): a name already hyphenated or code-like keeps its
    hyphen ("fonts-crosextra-" / "carlito", "config::low-" / "level", ".../debian-" /
    "security/"). Paragraphs do not: there TeX breaks web addresses and hyphenated words at
    soft hyphens too ("iccprofiles", "case-insensitive"), so over 25 manuals the rule mended
    as many words as it broke."""
    out = ""
    for text in (_DOT_LEADER.sub(" … ", t) for t in lines):
        if out and _HYPHEN_END.search(out) and text[:1].islower():
            named = names_keep_hyphen and _NAMED.search(out.rsplit(" ", 1)[-1][:-1])
            out = (out if named else out[:-1]) + text
        else:
            out = f"{out} {text}" if out else text
    return out
