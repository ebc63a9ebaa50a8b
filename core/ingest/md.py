"""Markdown (.md, .markdown) -> Folio Markdown, headings exactly as written.

markdown-it-py (CommonMark with tables) renders the file to HTML, which the HTML reader
walks (core.ingest.html): ATX (`## Use`) and setext (`Use` over `===`) headings keep their
level, lists, tables, pictures (alt text) and code blocks keep their place. A YAML front
matter block is left out; its `title:` names the document (else the first level-1 heading,
else the file name). Raw HTML inside the Markdown is parsed, never run.

Example:
    >>> # read(Path("notes.md"), Path("assets/abc"), FormatSettings()).title
"""
from __future__ import annotations

import re
from pathlib import Path

from core.config import FormatSettings
from core.ingest.formats import ParsedFile
from core.ingest.html import HtmlWalker, decode, parse_html
from core.ingest.md_out import MarkdownOut, one_line

_FRONT = re.compile(r"\A---\s*\n(.*?)\n(?:---|\.\.\.)\s*\n", re.S)
_TITLE = re.compile(r"^title:\s*(.+?)\s*$", re.M)


def read(path: Path, assets_dir: Path, settings: FormatSettings) -> ParsedFile:
    """Read a Markdown file (see the module doc)."""
    from markdown_it import MarkdownIt

    text = decode(path.read_bytes())
    title = ""
    front = _FRONT.match(text)
    if front:
        found = _TITLE.search(front.group(1))
        title = one_line(found.group(1).strip("'\"")) if found else ""
        text = text[front.end():]
    html = MarkdownIt("commonmark", {"html": True}).enable("table").render(text)
    out = MarkdownOut()
    HtmlWalker(out).walk(parse_html(f"<html><body>{html}</body></html>"))
    first = next((t for level, t in out.headings if level == 1), "")
    return ParsedFile(title or first or path.stem, out.markdown())
