"""page_hit@k: did a top-k chunk come from an evidence page? (definition in the bench README)

For question files whose `evidence` lists `{"file", "page"}` (physical, 1-based pages): a
chunk is a page hit when its document's file name is an evidence file and its page span
covers one of that file's evidence pages. page_hit@k is 1 when one of the top k chunks is.

Example:
    >>> from core.types import Chunk
    >>> c = Chunk.create(doc_id="d", doc_title="T", text="x", position=0, page_start=4, page_end=5)
    >>> first_page_hit_rank([c], (("manual.pdf", 5),), {"d": "manual.pdf"})
    1
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable, Mapping, Sequence

from core.types import Chunk, Document

Evidence = Sequence[tuple[str, int]]  # (file name, physical page)


def document_files(docs: Iterable[Document]) -> dict[str, str]:
    """doc id -> the file name an evidence entry uses (the base name of the source)."""
    return {d.doc_id: Path(d.source.split("#", 1)[0]).name for d in docs}


def is_page_hit(chunk: Chunk, evidence: Evidence, files: Mapping[str, str]) -> bool:
    """The chunk comes from an evidence file and its pages cover an evidence page."""
    name = files.get(chunk.doc_id)
    return any(name == file and chunk.page_start <= page <= max(chunk.page_start, chunk.page_end)
               for file, page in evidence)


def first_page_hit_rank(chunks: Sequence[Chunk], evidence: Evidence, files: Mapping[str, str]) -> int | None:
    """1-based rank of the first chunk on an evidence page, None when there is none."""
    for rank, chunk in enumerate(chunks, start=1):
        if is_page_hit(chunk, evidence, files):
            return rank
    return None


def page_hit_at_k(rank: int | None, k: int) -> float:
    """1.0 when the first chunk on an evidence page is within the top k, else 0.0."""
    return 1.0 if rank is not None and rank <= k else 0.0
