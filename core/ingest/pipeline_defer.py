"""A document made ready for embedding, and the hand-off that lets a job embed several at once.

`Indexer.index_markdown` (core/ingest/pipeline.py) is check, parse and chunk (`Prepared`),
then embed, then the atomic write. Run on its own it does all of it; inside `deferring()`
(the job pipeline's parsing thread, core/library/job_pipeline.py) it stops after the
chunking and hands the `Prepared` document over instead, so that the job's main thread can
embed the chunks of several documents in one length-sorted run and then store each document
on its own, still in one transaction each. Nothing of a deferred document is in any store.

Example:
    >>> with deferring() as handed:
    ...     defer("prepared document")
    True
    >>> handed, defer("nothing takes it here")
    (['prepared document'], False)
"""
from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass, field
from typing import Iterator

from core.index.row_entries import row_entries
from core.ingest.progress import ProgressFn, StageClock
from core.types import Chunk, Document, Section

_local = threading.local()  # per thread: the parsing thread defers, the job's main thread does not


@dataclass
class Prepared:
    """One document chunked and not yet embedded: what `Indexer.store_prepared` needs."""

    doc: Document  # pending; markdown_path, original and size are filled in
    name: str  # the file as progress names it
    sections: list[Section]
    chunks: list[Chunk]
    geometry: object  # core.types.DocGeometry
    progress: ProgressFn
    clock: StageClock
    notes: tuple[str, ...] = ()
    texts: list[str] = field(default_factory=list)  # what is embedded: the chunks, then their table rows

    def __post_init__(self) -> None:
        if not self.texts:
            self.texts = [c.embed_text for c in self.chunks] + [r[1] for r in row_entries(self.chunks)]


@contextlib.contextmanager
def deferring() -> Iterator[list[Prepared]]:
    """In this thread, documents stop before embedding; the list collects them."""
    handed: list[Prepared] = []
    _local.handed = handed
    try:
        yield handed
    finally:
        _local.handed = None


def defer(prepared) -> bool:
    """Hand `prepared` over when this thread is `deferring()`; False (keep going) otherwise."""
    handed = getattr(_local, "handed", None)
    if handed is None:
        return False
    handed.append(prepared)
    return True
