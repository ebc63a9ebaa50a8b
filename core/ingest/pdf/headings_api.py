"""Reference-manual entries: a function signature line heads its own entry, `name/arity`.

Erlang/OTP reference manuals (and other generated API references in the same style) list
each exported function as a body-size code line, `append(Pid, LocalFile) -> ok | {error,
Reason}`, in no heading type at all; their outline names each one `append/2`. A code line
at the start of a block (or right after another signature line of that block) that reads
`name(args) -> ...` becomes such an entry, one level below the heading above it; the
signature itself stays in the text. A document needs `_MIN_ENTRIES` of them, so a stray
code example is never taken for a reference page.
"""
from __future__ import annotations

import re
from typing import Sequence

from core.ingest.pdf.layout import Line

_SIGNATURE = re.compile(r"^((?:[A-Z]\w*:|[a-z]\w*:)?[a-z]\w*)\((.*)$")
_MIN_ENTRIES = 3


def api_entries(pages: Sequence[Sequence[Line]], body: float,
                skip: set[tuple[int, int]] = frozenset()) -> dict[tuple[int, int], str]:
    """(page, line index) -> `name/arity` for every signature line (module doc)."""
    found: dict[tuple[int, int], str] = {}
    for lines in pages:
        for i, ln in enumerate(lines):
            if (ln.page, ln.index) in skip or not ln.mono or abs(ln.size - body) > 0.5:
                continue
            prev = lines[i - 1] if i else None
            opens_block = prev is None or prev.block != ln.block or (prev.page, prev.index) in found
            entry = _entry(lines, i) if opens_block else None
            if entry:
                found[(ln.page, ln.index)] = entry
    return found if len(found) >= _MIN_ENTRIES else {}


def _entry(lines: Sequence[Line], i: int) -> str | None:
    """`name/arity` when lines[i] starts a signature `name(args) -> ...` (args may wrap)."""
    m = _SIGNATURE.match(lines[i].text)
    if not m:
        return None
    rest = m.group(2)
    for nxt in lines[i + 1:i + 4]:  # arguments wrapped over the block's next lines
        if _closes(rest) is not None or nxt.block != lines[i].block:
            break
        rest += " " + nxt.text
    end = _closes(rest)
    if end is None or not rest[end + 1:].lstrip().startswith("->"):
        return None
    return f"{m.group(1)}/{arity(rest[:end])}"


def _closes(text: str) -> int | None:
    """Index of the parenthesis closing the argument list (depth 0), if on this text."""
    depth = 0
    for n, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                return n if ch == ")" else None
            depth -= 1
    return None


def arity(args: str) -> int:
    """Number of top-level, comma-separated arguments ('' -> 0, 'A, {B, C}' -> 2)."""
    if not args.strip():
        return 0
    depth, count = 0, 1
    for ch in args:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>" and depth:
            depth -= 1
        elif ch == "," and depth == 0:
            count += 1
    return count
