"""Turn ingestion ProgressEvents into a bar fraction and a one-line label.

Stages arrive in order (check, ocr, parse, chunk, embed, keywords, graph, index, done); each
owns a slice of the bar, filled by its own done/total. Only scanned pages go through "ocr", so
a born-digital file's bar steps over that slice.

Example:
    >>> from core.ingest.pipeline import ProgressEvent
    >>> fraction(ProgressEvent("a.pdf", "parse", 5, 10))
    0.45
    >>> label(ProgressEvent("a.pdf", "embed", 3, 12), "a.pdf")
    'a.pdf — embedding 3/12'
"""
from __future__ import annotations

from core.ingest.pipeline import ProgressEvent

# stage -> (start, end) share of the bar
_SLICES = {
    "check": (0.0, 0.05), "ocr": (0.05, 0.35), "parse": (0.35, 0.55), "chunk": (0.55, 0.6),
    "embed": (0.6, 0.8), "keywords": (0.8, 0.87), "graph": (0.87, 0.94), "index": (0.94, 0.99),
    "done": (1.0, 1.0), "error": (1.0, 1.0),
}
_WORDS = {
    "check": "checking", "ocr": "reading scanned pages (OCR)", "parse": "reading pages", "chunk": "chunking",
    "embed": "embedding", "keywords": "finding keywords", "index": "indexing", "graph": "linking the graph",
    "done": "done", "error": "failed",
}


def fraction(event: ProgressEvent) -> float:
    """Share of the whole file's work finished at this event (0..1)."""
    start, end = _SLICES.get(event.stage, (0.0, 0.0))
    part = event.done / event.total if event.total > 0 else 0.0
    return round(min(1.0, max(0.0, start + (end - start) * part)), 4)


def label(event: ProgressEvent, name: str) -> str:
    """'name — stage done/total' (or the message for done/error)."""
    word = _WORDS.get(event.stage, event.stage)
    if event.stage in ("done", "error"):
        return f"{name} — {word}" + (f": {event.message}" if event.message else "")
    count = f" {event.done}/{event.total}" if event.total > 1 else ""
    return f"{name} — {word}{count}"
