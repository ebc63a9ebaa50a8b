"""Looking at a watched folder: which files are there (the walk's accepted files), their size
and mtime, and whether a file looks finished.

The walk is the ingest's own (`core.ingest.walk`: bounded, symlinked folders never walked,
its accepted file names), so a sync sees exactly the files an import of the folder would
add. A symlinked file is kept only when its target lies inside the watched folder or under
the import roots (FOLIO_IMPORT_ROOTS); hidden names (editors' temporary files, `.git`) are
skipped.

Example:
    >>> # seen = scan(Path("/srv/papers"), WalkSettings(), data_dir)   -> {path: Stat(size, mtime_ns)}
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from core.config import WalkSettings
from core.ingest.roots import ImportRoots
from core.ingest.walk import WalkBudget, walk_pdfs

TAIL_BYTES = 2048  # a finished PDF ends with %%EOF within its last bytes


@dataclass(frozen=True)
class Stat:
    """A file's size and modification time: what a rescan compares."""

    size: int
    mtime_ns: int


def allowed_under(root: Path, data_dir: Path):
    """The walk's `allowed`: a real path inside the watched folder or under the import roots
    (never hidden below either, never inside the library's own folder)."""
    own = ImportRoots.of([os.path.realpath(root)], blocked=[data_dir])
    roots = ImportRoots.from_env(os.environ, data_dir, served_locally=True)
    return lambda real: own.allows(real) or roots.allows(real)


def scan(root: Path, limits: WalkSettings, data_dir: Path, redirects: dict | None = None) -> dict[str, Stat]:
    """Every accepted file under `root` with its size and mtime (files that vanish meanwhile
    are left out); `redirects`, when given, gets the HTML pages left out because they only
    redirect (path -> where to). Raises WalkStopped past the walk's limits."""
    found: dict[str, Stat] = {}
    budget = WalkBudget(limits)
    paths = walk_pdfs(root, budget, allowed_under(root, data_dir))
    if redirects is not None:
        redirects.update({str(p): target for p, target in budget.redirects.items()})
    for path in paths:
        try:
            st = os.stat(path)
        except OSError:
            continue
        found[str(path)] = Stat(st.st_size, st.st_mtime_ns)
    return found


def looks_complete(path: str) -> bool:
    """False for a PDF that is still being written (no %%EOF near its end yet); other
    formats are taken as they are (their reader reports a cut-off file)."""
    if not path.lower().endswith(".pdf"):
        return True
    try:
        with open(path, "rb") as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            fh.seek(max(0, size - TAIL_BYTES))
            return b"%%EOF" in fh.read()
    except OSError:
        return True  # unreadable: hashing reports it in one line
