"""The offline reader's first answer line for one passage, as the reader tests read it."""
from __future__ import annotations

from core.answer.reader import ExtractiveReader


def first_line(question: str, passage: str, **settings) -> str:
    """The rendered answer's first line for `question` over passage 1 (no embedder, no tagger)."""
    reader = ExtractiveReader(embedder=None, tagger=None, **settings)
    return reader.read(question, [(1, passage)]).render().splitlines()[0]
