"""A folder of Tesseract readings keyed by page pixels and settings (FOLIO_OCR_CACHE).

Reading a page costs a second or more of CPU; re-ingesting the same scans (a benchmark run
after a change to the parser, a library rebuilt from its files) gets the same reading from
the same pixels and settings. The key is a hash of the decoded pixels (not the PNG bytes,
which differ with the encoder's settings) and of the Tesseract command. Unset, nothing is
cached.

Example:
    >>> import os; os.environ["FOLIO_OCR_CACHE"] = os.path.expanduser("~/.cache/folio-ocr")   # doctest: +SKIP
"""
from __future__ import annotations

import hashlib
import io
import os
from pathlib import Path
from typing import Sequence

from PIL import Image

ENV = "FOLIO_OCR_CACHE"


def _folder() -> Path | None:
    value = os.environ.get(ENV, "").strip()
    return Path(value) if value else None


def cache_key(png: bytes, command: Sequence[str]) -> str:
    """Hash of the page's pixels and the command's options (output paths left out)."""
    with Image.open(io.BytesIO(png)) as img:
        digest = hashlib.sha256(img.tobytes())
        digest.update(f"{img.mode}{img.size}".encode())
    digest.update("\0".join(a for a in command if "/" not in a).encode())
    return digest.hexdigest()[:32]


def cached(key: str) -> tuple[bytes, str] | None:
    """(text-only PDF, TSV) stored under `key`, or None."""
    folder = _folder()
    if folder is None:
        return None
    pdf, tsv = folder / f"{key}.pdf", folder / f"{key}.tsv"
    if pdf.is_file() and tsv.is_file():
        return pdf.read_bytes(), tsv.read_text("utf-8", "replace")
    return None


def store(key: str, pdf: bytes, tsv: str) -> None:
    """Keep a reading (written to a temporary name first: a reader never sees half a file)."""
    folder = _folder()
    if folder is None:
        return
    folder.mkdir(parents=True, exist_ok=True)
    for suffix, data in ((".tsv", tsv.encode("utf-8")), (".pdf", pdf)):
        tmp = folder / f"{key}{suffix}.{os.getpid()}.part"
        tmp.write_bytes(data)
        tmp.replace(folder / f"{key}{suffix}")
