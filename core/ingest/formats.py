"""The file formats Folio reads: ONE mapping from file extension to reader, used by the folder
walk, watched-folder sync, the app's uploader and the CLI.

Every reader (`core/ingest/<format>.py`) turns a file into a `ParsedFile`: the same Folio
Markdown the PDF parser writes (headings at their true depth, tables as Markdown tables,
pictures as `![description](assets/file.png)`, optional `<!-- page N -->` markers), so
chunking, the graph, the retrievers and answers never ask which format they got.

Example:
    >>> format_of("Report.DOCX"), format_of("notes.md"), format_of("photo.jpg")
    ('docx', 'markdown', None)
    >>> accepted("slides.pptx"), accepted("old.doc")
    (True, False)
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from core.config import FormatSettings

# extension -> format; the format names the reader module core/ingest/<module>.py (see READER_MODULES)
EXTENSIONS: dict[str, str] = {
    ".pdf": "pdf",
    ".docx": "docx", ".docm": "docx",
    ".pptx": "pptx", ".pptm": "pptx",
    ".xlsx": "xlsx", ".xlsm": "xlsx",
    ".odt": "odt", ".odp": "odp", ".ods": "ods",
    ".rtf": "rtf",
    ".html": "html", ".htm": "html", ".xhtml": "html",
    ".md": "markdown", ".markdown": "markdown",
    ".txt": "txt",
    ".epub": "epub",
}
READER_MODULES: dict[str, str] = {  # format -> module under core.ingest holding `read`
    "docx": "docx", "pptx": "pptx", "xlsx": "xlsx", "odt": "odf", "odp": "odf", "ods": "odf",
    "rtf": "rtf", "html": "html", "markdown": "md", "txt": "txt", "epub": "epub",
}
# Paged by LibreOffice. Spreadsheets are laid out from their Markdown instead (like HTML): LibreOffice
# prints a sheet at its column widths, cutting longer cell text ("deb.debian.org" printed "deb.debiar")
# and no sheet names, so the page view lost words and rows were placed on the wrong page.
OFFICE = frozenset({"docx", "pptx", "odt", "odp", "rtf"})
MACRO_EXTENSIONS = frozenset({".docm", ".pptm", ".xlsm"})


def format_of(name: str | Path) -> str | None:
    """The format of a file by its extension (any case), None when Folio does not read it."""
    return EXTENSIONS.get(Path(str(name)).suffix.lower())


def accepted(name: str | Path) -> bool:
    """True for a file name Folio reads (PDF or any other format above)."""
    return format_of(name) is not None


def upload_types() -> list[str]:
    """The extensions (without dot) for a file uploader."""
    return [ext[1:] for ext in EXTENSIONS]


def skipped_type(name: str | Path) -> str:
    """How a skipped file is named in lists: '.doc', or 'no extension'."""
    return Path(str(name)).suffix.lower() or "no extension"


@dataclass(frozen=True)
class ParsedFile:
    """What a reader returns: the title, Folio Markdown (see the module doc), the pictures
    saved, warnings for the file's summary line, and `pages` when the Markdown already
    carries page markers (slides: one page per slide), else 0 (pages come from a rendition)."""

    title: str
    markdown: str
    images: tuple = ()
    warnings: tuple[str, ...] = ()
    pages: int = 0


class Reader(Protocol):
    """One format's reader: `read(path, assets_dir, settings) -> ParsedFile`; raises
    IngestError with a one-line reason for bad input."""

    def __call__(self, path: Path, assets_dir: Path, settings: FormatSettings) -> ParsedFile:
        """Read `path`; pictures go to `assets_dir`."""
        ...


def reader_for(fmt: str) -> Reader:
    """The reader of a format named by `format_of` (not 'pdf', which has its own parser)."""
    if fmt not in READER_MODULES:
        raise ValueError(f"no reader for format {fmt!r}; valid: {', '.join(sorted(READER_MODULES))}")
    return importlib.import_module(f"core.ingest.{READER_MODULES[fmt]}").read
