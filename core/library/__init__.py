"""The library: one data dir's documents, and everything that keeps it current.

`Library` (facade.py) is the one object the app, the CLI and the benchmarks open. Beside it:
writing.py (add, replace, remove, restore), jobs.py (the job queue the app fills),
worker.py (the process that runs the jobs), live.py (re-reading the stores when another
process wrote), trash.py (removed documents, restorable) and folders/ (watched folders kept
in step with the disk).

`Library` is loaded on first use, so that the ingest pipeline can import `core.library.trash`
without pulling in the facade that imports the pipeline.
"""
from __future__ import annotations

__all__ = ["Library"]


def __getattr__(name: str):
    if name == "Library":
        from core.library.facade import Library
        return Library
    raise AttributeError(f"module 'core.library' has no attribute {name!r}")
