"""Finding input files, hashing them, and reporting what happened to each."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Literal, Mapping

from core.config import WalkSettings
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


def find_pdfs(paths: Iterable[str | Path], limits: WalkSettings = WalkSettings(),
              cancel: Cancel | None = None, allowed: Allowed | None = None,
              progress: WalkProgress | None = None) -> list[Path]:
    """Expand folders (recursively) into their PDFs; plain files are kept as given.

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
        else:
            out.append(path)
    return out


def file_sha256(path: Path) -> str:
    """Hex sha256 of a file's bytes, read in blocks."""
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


