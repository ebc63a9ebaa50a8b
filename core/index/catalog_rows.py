"""Rows of the catalog's tables as the app's types: the column lists the catalog selects and
their conversion to `Chunk` and `Document`, and a Document as JSON-ready data.

Example:
    >>> doc = document_from_row(("d1", "Guide", "g.pdf", 3, "pdf", "ready", 7, "2024-01-01", "", None, None, None))
    >>> doc.title, doc.origin, document_as_dict(doc)["size_bytes"]
    ('Guide', '', 0)
"""
from __future__ import annotations

import json
from dataclasses import asdict
from typing import Sequence

from core.types import Chunk, Document

CHUNK_COLUMNS = (
    "chunk_id, doc_id, doc_title, text, embed_text, kind, heading_path, page_start, page_end, "
    "section_id, position, source_id"
)


def chunk_from_row(row: Sequence) -> Chunk:
    """A Chunk from a row of CHUNK_COLUMNS."""
    return Chunk(
        chunk_id=row[0], doc_id=row[1], doc_title=row[2], text=row[3], embed_text=row[4],
        kind=row[5], heading_path=tuple(json.loads(row[6])), page_start=row[7], page_end=row[8],
        section_id=row[9], position=row[10], source_id=row[11],
    )


# Named, not `SELECT *`: columns added by migrations sit in a catalog-dependent order.
DOC_COLUMNS = ("doc_id, title, source, pages, kind, status, chunks, added_at, markdown_path, origin, "
             "original, size_bytes")


def document_from_row(row: Sequence) -> Document:
    """A Document from a row of DOC_COLUMNS (columns added by migrations may be NULL)."""
    return Document(
        doc_id=row[0], title=row[1], source=row[2], pages=row[3], kind=row[4], status=row[5],
        chunks=row[6], added_at=row[7], markdown_path=row[8], origin=row[9] or "",
        original=row[10] or "", size_bytes=row[11] or 0,
    )


def document_as_dict(doc: Document) -> dict:
    """JSON-ready view of a Document."""
    return asdict(doc)
