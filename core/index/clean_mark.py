"""A marker saying that a data dir's stores all agree with its catalog ("closed cleanly").

Crash recovery (`Indexer.reconcile`) lists every document id held by the vector and
full-text stores to find orphans; on a 50,000-chunk library that scan alone takes seconds,
and it runs on every open. The writer removes the marker before it changes anything and
writes it back, with the catalog's generation, once every store is flushed. An open that
finds the marker with the current generation can skip the scan; a writer killed mid-way
(kill -9, power loss) leaves no marker, so the next open repairs as before.

Example:
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> mark_clean(folder, generation=7); is_clean(folder, 7), is_clean(folder, 8)
    (True, False)
    >>> mark_dirty(folder); is_clean(folder, 7)
    False
"""
from __future__ import annotations

import json
import os
from pathlib import Path

MARK = ".clean"


def mark_dirty(data_dir: Path) -> None:
    """Forget the clean state before a change (a crash from here on needs recovery)."""
    path = Path(data_dir) / MARK
    if path.exists():
        path.unlink()
        _sync_dir(path.parent)  # the removal must reach the disk before the stores change


def mark_clean(data_dir: Path, generation: int) -> None:
    """Record that every store matches the catalog at `generation` (after all flushes)."""
    path = Path(data_dir) / MARK
    tmp = path.with_name(MARK + ".tmp")
    tmp.write_text(json.dumps({"generation": int(generation)}), "utf-8")
    os.replace(tmp, path)


def is_clean(data_dir: Path, generation: int) -> bool:
    """True when the marker is present and was written at this catalog generation."""
    try:
        saved = json.loads((Path(data_dir) / MARK).read_text("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(saved, dict) and saved.get("generation") == int(generation)


def _sync_dir(folder: Path) -> None:
    """fsync a folder so an unlink in it is durable."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
