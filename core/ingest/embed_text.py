"""The heading path a chunk's embedded text starts with, optionally cut short.

Folio embeds `heading path > ... \\n text`. A deep path (title > part > chapter > section >
subsection) costs tokens of the model's 256-token window that the chunk's own words then
lose; `short_path` keeps the title and the last `levels` headings, the ones that say what
the chunk is about. benchmarks/ingest_tokens.py measures both (benchmarks/INGEST_RESULTS.md).

Example:
    >>> short_path(("Manual", "Part I", "Setup", "Install", "Linux"), 2)
    ('Manual', 'Install', 'Linux')
"""
from __future__ import annotations

from typing import Sequence

SEPARATOR = " > "


def short_path(path: Sequence[str], levels: int) -> tuple[str, ...]:
    """The title (first entry) and the last `levels` headings of `path`; all of it when
    `levels` is negative or the path is short enough already."""
    path = tuple(path)
    if levels < 0 or len(path) <= levels + 1:
        return path
    return path[:1] + path[len(path) - levels:]


def with_short_path(chunk, levels: int) -> str:
    """`chunk.embed_text` with its leading heading path cut by `short_path` (unchanged when
    it does not start with the chunk's full path)."""
    full = SEPARATOR.join(chunk.heading_path)
    if not chunk.heading_path or not chunk.embed_text.startswith(full + "\n"):
        return chunk.embed_text
    return SEPARATOR.join(short_path(chunk.heading_path, levels)) + chunk.embed_text[len(full):]
