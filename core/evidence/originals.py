"""The user's original files, kept content-addressed in the data dir.

Each file is stored once under `originals/<first two hex digits>/<sha256><ext>` (`.pdf`, or
the extension of a Word, slides, e-book... file), whatever its name and however often it is
added; a file other than a PDF keeps its PDF rendition beside it (`<sha256><ext>.pdf`, see
`rendition`), and goes with it; a `Document` records that path (relative to the data
dir) in `original`. A kept file stays while a document in the library or in the trash
refers to it, and is deleted when the last reference goes (trash emptied, older version
replaced).

Example:
    >>> # store = OriginalStore(data_dir); rel, size = store.keep(Path("manual.pdf"))
    >>> # store.path(rel).read_bytes() == Path("manual.pdf").read_bytes()  -> True
"""
from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path
from typing import Iterable

from core.types import Document

FOLDER = "originals"


def sha256_of(path: Path, block: int = 1 << 20) -> str:
    """Hex sha256 of a file, read in blocks."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(block):
            h.update(chunk)
    return h.hexdigest()


class OriginalStore:
    """Content-addressed PDF files under `data_dir/originals`."""

    def __init__(self, data_dir: Path):
        self.data_dir = Path(data_dir)

    def keep(self, source: Path, suffix: str = ".pdf") -> tuple[str, int]:
        """Store `source` (once per content) under its `suffix`; returns (path relative to the
        data dir, size)."""
        digest = sha256_of(source)
        rel = f"{FOLDER}/{digest[:2]}/{digest}{suffix}"
        return rel, self._copy(source, self.data_dir / rel)

    def keep_rendition(self, rel: str, pdf: Path) -> None:
        """Store the PDF rendition of the kept original `rel` beside it."""
        self._copy(pdf, self.data_dir / (rel + ".pdf"))

    @staticmethod
    def _copy(source: Path, target: Path) -> int:
        if not target.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
            shutil.copyfile(source, tmp)
            tmp.replace(target)  # atomic: a reader never sees half a file
        return target.stat().st_size

    def rendition(self, rel: str) -> Path | None:
        """The PDF whose pages show a kept original: the original itself for a PDF, else its
        rendition; None when there is none (not kept, or LibreOffice was missing)."""
        if not rel:
            return None
        return self.path(rel if rel.lower().endswith(".pdf") else rel + ".pdf")

    def path(self, rel: str) -> Path | None:
        """The kept file for a document's `original`, or None when it was not kept or is gone."""
        if not rel:
            return None
        target = (self.data_dir / rel).resolve()
        root = (self.data_dir / FOLDER).resolve()
        if root not in target.parents or not target.is_file():
            return None  # a tampered record never reads outside the store
        return target

    def release(self, rels: Iterable[str], in_use: Iterable[str]) -> list[str]:
        """Delete the kept files `rels` that no document in `in_use` refers to; returns them."""
        used = set(in_use)
        gone = []
        for rel in dict.fromkeys(r for r in rels if r and r not in used):
            for kept in (rel, rel + ".pdf"):  # the original, and a rendition beside it
                target = self.path(kept)
                if target is not None and (kept == rel or not rel.lower().endswith(".pdf")):
                    target.unlink(missing_ok=True)
                    gone.append(kept)
        return gone


    def sweep(self, in_use: Iterable[str]) -> list[str]:
        """Delete every kept file that nothing refers to (left by an ingest that crashed
        between keeping the file and committing its document); returns them. Call it under
        the library's write lock, so no ingest is half-way."""
        used = set(in_use)
        root = self.data_dir / FOLDER
        files = [p.relative_to(self.data_dir).as_posix() for p in root.glob("*/*")
                 if ".tmp" not in p.name] if root.is_dir() else []
        owned = used | {rel + ".pdf" for rel in used}  # renditions of kept originals
        stray = [rel for rel in files if rel not in owned]
        return self.release(stray, used)


def space_used(docs: Iterable[Document]) -> int:
    """Bytes taken by the kept originals of `docs` (each stored file counted once)."""
    return sum({d.original: d.size_bytes for d in docs if d.original}.values())


def megabytes(size: int) -> str:
    """'2.4 MB' (one decimal; '0.1 MB' at least for a non-empty file)."""
    return f"{max(size / 1048576, 0.1 if size else 0):.1f} MB"


def originals_line(docs: Iterable[Document]) -> str:
    """How many original files are kept and the space they use (each file counted once)."""
    pdfs = [d for d in docs if d.kind != "corpus"]
    kept = [d for d in pdfs if d.original]
    what = "PDFs" if all(d.kind == "pdf" for d in pdfs) else "files"
    return f"original {what} kept: {len(kept)} of {len(pdfs)}, {megabytes(space_used(kept))}"
