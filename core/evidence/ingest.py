"""The evidence step of PDF ingestion: keep the original file and compute the page geometry.

`Indexer.add_pdf` calls `keep_evidence` after chunking (the geometry is then committed with
the document in one transaction) and `backfill` when an already-ingested file is added
again to a library built before originals were kept: the file is stored and the chunk boxes
are computed from the chunks in the catalog, without parsing or embedding anything.

Example:
    >>> # original, size, geometry = keep_evidence(data_dir, path, parsed, sections, chunks)
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Sequence

from core.evidence.geometry import document_geometry
from core.evidence.originals import OriginalStore
from core.types import Chunk, DocGeometry, Document, Section


@dataclass(frozen=True)
class Evidence:
    """What the evidence step produced for one PDF."""

    original: str
    size_bytes: int
    geometry: DocGeometry


def keep_evidence(data_dir: Path, path: Path, parsed: object, sections: Sequence[Section],
                  chunks: Sequence[Chunk], slack: int = 0) -> Evidence:
    """Store the user's file and compute chunk boxes from the text layer that was parsed.

    `parsed` is the parser's `ParsedPdf`: its `source_path` (an OCR'd copy when OCR ran),
    `images` (picture boxes) and `ocr_confidence` are used when present.
    """
    text_layer = Path(getattr(parsed, "source_path", None) or path)
    geometry = document_geometry(text_layer, chunks, sections, getattr(parsed, "images", ()),
                                 getattr(parsed, "ocr_confidence", None), slack)
    original, size = OriginalStore(data_dir).keep(path)
    return Evidence(original, size, geometry)


def backfill(catalog, data_dir: Path, doc: Document, path: Path) -> Document:
    """Keep the original of a document added before originals were kept (the same bytes),
    with page labels and chunk boxes computed from its stored chunks."""
    if doc.original or doc.kind != "pdf":
        return doc
    geometry = document_geometry(path, catalog.doc_chunks(doc.doc_id), catalog.sections(doc.doc_id))
    original, size = OriginalStore(data_dir).keep(path)
    catalog.attach_original(doc.doc_id, original, size, geometry)
    return replace(doc, original=original, size_bytes=size)


def geometry_for(data_dir: Path, doc: Document, sections: Sequence[Section],
                 chunks: Sequence[Chunk]) -> DocGeometry | None:
    """Geometry of re-cut chunks from the kept original (reindex); None when none was kept."""
    pdf = OriginalStore(data_dir).rendition(doc.original)  # a PDF, or the pages of another format
    return document_geometry(pdf, chunks, sections) if pdf is not None else None
