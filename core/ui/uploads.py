"""Save browser uploads to disk under safe file names.

An uploaded file's name is chosen by whoever made the file: it may hold "../", slashes,
control characters, a leading dot or hundreds of bytes. `safe_filename` keeps everything
that is harmless (spaces, accents, CJK) so the document's source usually reads exactly as
the original name, and `save_uploads` writes each file into its own fresh sub-folder, so
two uploads with the same name never overwrite each other.

Example:
    >>> safe_filename("../../etc/passwd")
    'passwd.pdf'
    >>> safe_filename("Rapport été 2024.pdf")
    'Rapport été 2024.pdf'
"""
from __future__ import annotations

import re
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Protocol

MAX_NAME_BYTES = 200  # well under the 255-byte limit of common file systems
_BAD = re.compile(r'[\x00-\x1f\x7f<>:"|?*\\/]')


class Upload(Protocol):
    """What Streamlit's UploadedFile offers (a name and the bytes)."""

    name: str

    def getvalue(self) -> bytes:
        """The whole file's bytes."""
        ...


@dataclass(frozen=True)
class SavedUpload:
    """An upload written to disk: where it is and what the user called it."""

    path: Path
    original_name: str


def safe_filename(name: str, suffix: str = ".pdf") -> str:
    """A file name with no path parts, control or shell-hostile characters, ending in `suffix`."""
    name = unicodedata.normalize("NFC", str(name)).replace("\\", "/")
    base = name.rsplit("/", 1)[-1]
    base = _BAD.sub("_", base).strip().lstrip(".").strip()
    stem = base[: -len(suffix)] if base.lower().endswith(suffix) else base
    stem = stem.strip(" .") or "upload"
    limit = MAX_NAME_BYTES - len(suffix.encode())
    while len(stem.encode("utf-8")) > limit:
        stem = stem[:-1]
    return stem.rstrip(" .") + suffix


def upload_suffix(name: str) -> str:
    """The extension a saved upload keeps: its own when Folio reads that format, else '.pdf'."""
    from core.ingest.formats import accepted

    suffix = Path(str(name).replace("\\", "/").rsplit("/", 1)[-1]).suffix.lower()
    return suffix if suffix and accepted(f"x{suffix}") else ".pdf"


def save_uploads(files: Iterable[Upload], root: Path | None = None) -> list[SavedUpload]:
    """Write each upload to `<root>/<n>/<safe name>` (root: a new temp dir); keep the original name."""
    base = Path(root) if root is not None else Path(tempfile.mkdtemp(prefix="folio-upload-"))
    saved: list[SavedUpload] = []
    for n, upload in enumerate(files):
        folder = base / f"{n:04d}"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / safe_filename(upload.name, upload_suffix(upload.name))
        path.write_bytes(upload.getvalue())
        saved.append(SavedUpload(path, str(upload.name)))
    return saved
