"""Finding input files, hashing them, and reporting what happened to each."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Literal, Mapping

from core.config import WalkSettings
from core.errors import IngestError
from core.ingest.formats import accepted, skipped_type
from core.ingest.walk import Allowed, Cancel, WalkBudget, WalkProgress, walk_pdfs
from core.types import Document

Status = Literal["added", "duplicate", "replaced", "error"]


@dataclass(frozen=True)
class AddOutcome:
    """What happened to one input file."""

    source: str
    status: Status
    message: str
    doc: Document | None = None
    seconds: float = 0.0
    stage_seconds: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Found:
    """What a walk found: the files Folio reads, and the other files (skipped, not failed)."""

    files: list[Path]
    skipped: list[Path]

    redirects: Mapping[Path, str] = field(default_factory=dict)  # skipped pages that only redirect -> where to

    def skipped_lines(self, most: int = 10) -> list[str]:
        """'skipped (type .doc, …): a/old.doc' for the first `most` skipped files ('skipped (an
        HTML page that only redirects to Grammar.html): a/Aliasing.html'), then a count."""
        lines = [f"skipped (an HTML page that only redirects to {self.redirects[p]}): {p}" if p in self.redirects
                 else f"skipped (type {skipped_type(p)}, not a format Folio reads): {p}" for p in self.skipped[:most]]
        more = len(self.skipped) - most
        return lines + ([f"and {more} more skipped files"] if more > 0 else [])


def find_documents(paths: Iterable[str | Path], limits: WalkSettings = WalkSettings(),
                   cancel: Cancel | None = None, allowed: Allowed | None = None,
                   progress: WalkProgress | None = None) -> Found:
    """Expand folders (recursively) into the files Folio reads (core.ingest.formats); a plain
    file is kept when its extension is read (or it starts like a PDF), else listed as skipped; an
    HTML page that only redirects is skipped in a folder, and refused in one line when named.

    The walk is bounded by `limits` (one budget for all `paths`) and stops when `cancel()`
    turns true, raising WalkStopped with a one-line reason; symlinked folders are not walked,
    and `allowed` may refuse real paths (see core.ingest.walk).
    """
    budget = WalkBudget(limits, cancel, progress)
    out: list[Path] = []
    for raw in paths:
        path = Path(raw).expanduser()
        if path.is_dir():
            out.extend(walk_pdfs(path, budget, allowed))
        elif accepted(path) or not path.is_file() or _starts_like_pdf(path):
            out.append(path)  # a missing file fails on its own line, as before
        else:
            budget.skipped.append(path)
    return Found(out, budget.skipped, budget.redirects)


def _starts_like_pdf(path: Path) -> bool:
    """A PDF saved without its extension."""
    try:
        with path.open("rb") as fh:
            return b"%PDF-" in fh.read(1024)
    except OSError:
        return False


def find_pdfs(paths: Iterable[str | Path], limits: WalkSettings = WalkSettings(),
              cancel: Cancel | None = None, allowed: Allowed | None = None,
              progress: WalkProgress | None = None) -> list[Path]:
    """The files of `find_documents` (PDFs and every other format Folio reads), without the
    skipped ones; kept under its old name for its callers."""
    return find_documents(paths, limits, cancel, allowed, progress).files


def checked_size(path: Path, max_mb: int) -> int:
    """The size of a file to ingest; IngestError when it is missing, empty or over `max_mb`
    (the message names FOLIO_MAX_FILE_MB)."""
    if not path.is_file():
        raise IngestError(str(path), "not a file")
    size = path.stat().st_size
    if size == 0:
        raise IngestError(str(path), "empty file")
    if size > max_mb * 1024 * 1024:
        raise IngestError(str(path), f"larger than {max_mb} MB ({size / 1048576:.1f} MB); raise FOLIO_MAX_FILE_MB")
    return size


def file_sha256(path: Path) -> str:
    """Hex sha256 of a file's bytes, read in blocks."""
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


