"""The evidence step for files other than PDFs: keep the original and its page rendition,
and find each chunk's boxes on the rendition's pages.

The rendition (LibreOffice's PDF, or the Story layout) holds the document's text on pages;
the chunks' page spans were set from it (core.ingest.paginate), so their boxes are found
exactly as for a PDF (core.evidence.geometry). Without a rendition only the original is
kept, and the document has no page geometry (the page view then shows the section's text).

Example:
    >>> # ev = keep_file_evidence(data_dir, Path("report.docx"), Path("work/report.pdf"), sections, chunks)
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from core.evidence.geometry import document_geometry
from core.evidence.ingest import Evidence
from core.evidence.originals import OriginalStore
from core.types import Chunk, DocGeometry, Section


def keep_file_evidence(data_dir: Path, original: Path, rendition: Path | None, sections: Sequence[Section],
                       chunks: Sequence[Chunk]) -> Evidence:
    """Store the original (under its own extension) and its rendition; boxes from the rendition."""
    store = OriginalStore(data_dir)
    rel, size = store.keep(original, original.suffix.lower() or ".bin")
    if rendition is None:
        return Evidence(rel, size, DocGeometry())
    geometry = document_geometry(rendition, chunks, sections)
    store.keep_rendition(rel, rendition)
    return Evidence(rel, size, geometry)
