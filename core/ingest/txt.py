"""Plain text (.txt) -> Folio Markdown: paragraphs split at blank lines, no headings invented.

The encoding is UTF-8, else the guess of charset-normalizer (core.ingest.html.decode).
Lines inside a paragraph are joined; text that would read as Markdown structure is escaped.
The title is the file name: a text file writes no title down.

Example:
    >>> # read(Path("notes.txt"), Path("assets/abc"), FormatSettings()).markdown
"""
from __future__ import annotations

import re
from pathlib import Path

from core.config import FormatSettings
from core.ingest.formats import ParsedFile
from core.ingest.html import decode
from core.ingest.md_out import MarkdownOut

_BLANK = re.compile(r"\n\s*\n")


def read(path: Path, assets_dir: Path, settings: FormatSettings) -> ParsedFile:
    """Read a text file (see the module doc)."""
    out = MarkdownOut()
    for para in _BLANK.split(decode(path.read_bytes()).replace("\r\n", "\n")):
        out.paragraph(para)
    return ParsedFile(path.stem, out.markdown())
