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
    block = [ln.text for ln in lines[i:i + 4]]
    same = next((n for n, ln in enumerate(lines[i:i + 4]) if ln.block != lines[i].block), len(block))
    span = signature_span(block[:same])
    if not span:
        return None
    m = _SIGNATURE.match(" ".join(block[:span]))
    rest = m.group(2)
    return f"{m.group(1)}/{arity(rest[:_closes(rest)])}"


def signature_span(texts: Sequence[str]) -> int:
    """How many of `texts` (consecutive lines) the signature `name(args) -> ...` starting on the
    first one takes (its arguments may wrap over up to three more); 0 when it is none."""
    m = _SIGNATURE.match(texts[0]) if texts else None
    if not m:
        return 0
    rest, span = m.group(2), 1
    for nxt in texts[1:4]:  # arguments wrapped over the next lines
        if _closes(rest) is not None:
            break
        rest, span = rest + " " + nxt, span + 1
    end = _closes(rest)
    return span if end is not None and rest[end + 1:].lstrip().startswith("->") else 0


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
