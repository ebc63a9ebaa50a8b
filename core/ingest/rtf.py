"""RTF (.rtf) -> Folio Markdown, through pandoc's RTF reader and the HTML walker.

pandoc (Debian package `pandoc`, installed by .ci/install) turns RTF into HTML with the
headings RTF writes down (outline levels and heading styles) as h1-h6; core.ingest.html then
writes the Markdown. Pages come from LibreOffice's rendition, as for Word files.

Example:
    >>> # read(Path("letter.rtf"), Path("assets/abc"), FormatSettings()).markdown
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from core.config import FormatSettings
from core.errors import IngestError
from core.ingest.formats import ParsedFile
from core.ingest.html import HtmlWalker, parse_html
from core.ingest.md_out import MarkdownOut, one_line


def read(path: Path, assets_dir: Path, settings: FormatSettings) -> ParsedFile:
    """Read an RTF file (see the module doc)."""
    pandoc = shutil.which("pandoc")
    if pandoc is None:
        raise IngestError(str(path), "reading RTF needs pandoc; install it (apt-get install pandoc)")
    try:
        done = subprocess.run([pandoc, "-f", "rtf", "-t", "html5", "--standalone", "--wrap=none", str(path)],
                              capture_output=True, timeout=settings.render_timeout_s, check=False)
    except subprocess.TimeoutExpired as exc:
        raise IngestError(str(path), f"pandoc took longer than {settings.render_timeout_s:g} s; "
                                     "raise FOLIO_RENDER_TIMEOUT") from exc
    if done.returncode != 0:
        reason = one_line(done.stderr.decode("utf-8", "replace"))[:120]
        raise IngestError(str(path), f"corrupt RTF (pandoc: {reason or done.returncode})")
    root = parse_html(done.stdout.decode("utf-8", "replace"))
    out = MarkdownOut()
    body = root.find("body")
    HtmlWalker(out).walk(body if body is not None else root)
    title = one_line(root.findtext(".//title") or "")
    first = next((t for level, t in out.headings if level == 1), "")
    return ParsedFile(title if title and title != path.stem else (first or path.stem), out.markdown())
