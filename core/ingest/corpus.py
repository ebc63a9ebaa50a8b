"""Passage corpora (JSON Lines of {"id", "title", "text"}) as documents and chunks.

Passages sharing a title form one document, in file order, so neighbouring passages of a
document get structural edges like the chunks of a PDF section.

Example:
    >>> doc = CorpusDocument("Paris", (("p1", "Paris is the capital of France."),))
    >>> corpus_chunks("d1", doc)[1][0].embed_text
    'Paris\\nParis is the capital of France.'
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from core.errors import IngestError
from core.types import Chunk, Section, content_hash

_FIELDS = ("id", "title", "text")


@dataclass(frozen=True)
class CorpusDocument:
    """A titled group of passages: (passage_id, text) pairs in file order."""

    title: str
    passages: tuple[tuple[str, str], ...]


def read_corpus(path: Path) -> list[CorpusDocument]:
    """Read a JSONL corpus, grouping passages by title in order of first appearance.

    Raises IngestError naming the line for bad JSON, a missing field or a non-string value.
    """
    if not path.is_file():
        raise IngestError(str(path), "not a file")
    groups: dict[str, list[tuple[str, str]]] = {}
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            pid, title, text = _parse_line(path, number, line)
            groups.setdefault(title, []).append((pid, text))
    if not groups:
        raise IngestError(str(path), "no passages (expected JSON lines with id, title, text)")
    return [CorpusDocument(title, tuple(passages)) for title, passages in groups.items()]


def _parse_line(path: Path, number: int, line: str) -> tuple[str, str, str]:
    """(id, title, text) of one JSON line, or IngestError naming the line number."""
    try:
        row = json.loads(line)
    except json.JSONDecodeError as exc:
        raise IngestError(str(path), f"line {number}: not valid JSON ({exc.msg})") from exc
    if not isinstance(row, dict):
        raise IngestError(str(path), f"line {number}: expected a JSON object")
    missing = [f for f in _FIELDS if f not in row]
    if missing:
        raise IngestError(str(path), f"line {number}: missing field(s) {', '.join(missing)}")
    bad = [f for f in _FIELDS if not isinstance(row[f], (str, int)) or isinstance(row[f], bool)]
    if bad:
        raise IngestError(str(path), f"line {number}: field(s) {', '.join(bad)} must be strings")
    return str(row["id"]), str(row["title"]), str(row["text"])


def corpus_chunks(doc_id: str, doc: CorpusDocument) -> tuple[list[Section], list[Chunk]]:
    """One root section and one chunk per passage (source_id = passage id)."""
    path = (doc.title,)
    section = Section(content_hash(doc_id, doc.title), doc_id, path, 0, 1, 1, None)
    chunks = [
        Chunk.create(doc_id=doc_id, doc_title=doc.title, text=text, position=i,
                     embed_text=f"{doc.title}\n{text}", heading_path=path,
                     section_id=section.section_id, source_id=pid)
        for i, (pid, text) in enumerate(doc.passages)
    ]
    return [section], chunks
