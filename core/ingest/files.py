"""Finding input files, hashing them, and reporting what happened to each."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Literal, Mapping

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


def find_pdfs(paths: Iterable[str | Path]) -> list[Path]:
    """Expand folders (recursively) into their PDFs; plain files are kept as given."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw).expanduser()
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() == ".pdf"))
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


