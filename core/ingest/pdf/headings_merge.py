"""A heading's continuation lines: a title too long for one line goes on in the same style."""
from __future__ import annotations

from typing import Sequence

from core.ingest.pdf.headings_filter import is_numbered
from core.ingest.pdf.layout import Line

MAX_WORDS = 16  # a longer "heading" is a sentence set in bold


def _style(ln: Line) -> tuple[float, bool]:
    return (ln.size, ln.bold)


def merge_heading(lines: Sequence[Line], i: int, body: float = 0.0) -> tuple[Line, str, tuple[int, ...]] | None:
    """Join a heading with its continuation lines (same style, up to 3): in its block, or, for
    large type, the unnumbered line set right below it (a title wrapped into blocks of one line)."""
    first = lines[i]
    parts, idxs = [first.text], [first.index]
    for nxt in lines[i + 1:i + 3]:
        if _style(nxt) != _style(first) or (nxt.block != first.block and not _wrapped(first, nxt, body)):
            break
        parts.append(nxt.text)
        idxs.append(nxt.index)
    text = " ".join(parts)
    if len(text.split()) > MAX_WORDS:
        return None
    return first, text, tuple(idxs)


def _wrapped(first: Line, nxt: Line, body: float) -> bool:
    """A large-type line continued in the next block: directly below (gap under half a line; the
    boxes of tightly set display type overlap by up to a quarter of its size),
    overlapping it across, and not a numbered heading of its own."""
    gap = nxt.bbox[1] - first.bbox[3]
    return (first.size >= body + 1 and nxt.page == first.page and -0.25 * first.size <= gap < 0.5 * first.size
            and nxt.bbox[0] < first.bbox[2] and first.bbox[0] < nxt.bbox[2] and not is_numbered(nxt.text))
