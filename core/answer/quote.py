"""The offline answer's lines: quoted evidence sentences, the answer words marked, or a decline.

The first line of an offline answer is the evidence sentence that answers, quoted verbatim
(cut to its shortest readable window around the answer when it is long), with the answer
words in **bold** when the reader is confident, and its citation. Every line ends with its
own citation, so each sentence of the answer can be traced to its passage. A decline says
first that the documents do not say, then shows the closest passages as "Closest evidence".

Example:
    >>> quote_line("The daemon listens on port 69 by default.", 1, (27, 29))
    '“The daemon listens on port **69** by default.” [1]'
    >>> decline_lines(["nginx"], [("Ports are set with the port option.", 2)]).splitlines()[0]
    'The documents do not say anything about nginx.'
"""
from __future__ import annotations

import re
from typing import Sequence

DECLINE_GENERIC = "The documents do not say what this question asks."
CLOSEST = "Closest evidence (not an answer):"


def _words(text: str) -> list[re.Match]:
    """Whitespace-separated words of `text`, with their offsets."""
    return list(re.finditer(r"\S+", text))


def _window(text: str, start: int, end: int, max_words: int) -> tuple[int, int]:
    """Character bounds of at most `max_words` words of `text` that hold [start, end)."""
    words = _words(text)
    if len(words) <= max_words:
        return 0, len(text)
    first = next((i for i, w in enumerate(words) if w.end() > start), 0)
    last = next((i for i, w in enumerate(words) if w.end() >= end), first)
    lead = max(0, (max_words - (last - first + 1)) // 3)  # a third of the room before the answer
    lo = max(0, min(first - lead, len(words) - max_words))
    hi = min(len(words), max(lo + max_words, last + 1))
    return words[lo].start(), words[hi - 1].end()


def clean_markup(text: str) -> str:
    """Document text with '**' runs broken up, so they cannot open or close a bold mark."""
    return text.replace("**", "* *")


def quote_line(text: str, number: int, mark: tuple[int, int] | None = None, max_words: int = 30,
               prefix: str = "", bold: bool = True) -> str:
    """“text” [n]: verbatim, cut to `max_words` words around `mark` (start, end offsets),
    which is shown in bold when `bold`; '…' where the sentence was cut. `prefix` (a
    definition-list term the sentence belongs to) comes first, separated by '…'."""
    text = text.strip()
    start, end = mark if mark and 0 <= mark[0] < mark[1] <= len(text) else (0, 0)
    lo, hi = _window(text, start, end, max_words)
    piece = clean_markup(text[lo:start]) if end and bold else ""
    if end and bold and start >= lo and end <= hi:
        piece += f"**{clean_markup(text[start:end])}**" + clean_markup(text[end:hi])
    else:
        piece = clean_markup(text[lo:hi])
    piece = ("… " if lo else "") + piece.strip() + (" …" if hi < len(text) else "")
    if prefix:
        piece = f"{clean_markup(prefix.strip())} … {piece}"
    return f"“{piece}” [{number}]"


def decline_lines(missing: Sequence[str], closest: Sequence[tuple[str, int]], max_words: int = 20,
                  passing: Sequence[str] = ()) -> str:
    """'The documents do not say …' (naming what the evidence never mentions, or what it mentions
    only in passing, if anything), then the closest passages labelled as such, each quoted with
    its citation."""
    head = f"The documents do not say anything about {_names(missing)}." if missing else DECLINE_GENERIC
    if passing and not missing:
        head = ("The documents do not say what this question asks: "
                f"they mention {_names(passing, 'and')} only in passing.")
    if not closest:
        return head
    lines = [head, CLOSEST] + [quote_line(text, n, None, max_words) for text, n in closest]
    return "\n".join(lines)


def _names(missing: Sequence[str], joiner: str = "or") -> str:
    """'a', 'a or b', 'a, b or c' (or with 'and')."""
    items = [m for m in missing if m][:3]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {joiner} " + items[-1]
