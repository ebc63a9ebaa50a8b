"""EPUB (.epub) -> Folio Markdown: chapters and their depth from the book's table of contents.

ebooklib opens the book. Its spine gives the reading order; its table of contents (NCX or
navigation document) gives each chapter's title and depth, written as the heading where the
entry points (the start of a file, or the element with the entry's #fragment). A chapter
file's own heading that repeats its TOC title is not written twice; its other headings nest
under the chapter (h-levels kept relative to the file's top heading). Pictures keep their alt
text. A DRM-encrypted book is refused with one line; scripts never run.

Example:
    >>> # read(Path("book.epub"), Path("assets/abc"), FormatSettings()).markdown
"""
from __future__ import annotations

import posixpath
import zipfile
from dataclasses import dataclass
from pathlib import Path

from core.config import FormatSettings
from core.errors import IngestError
from core.ingest.formats import ParsedFile
from core.ingest.html import HEADINGS, HtmlWalker, decode, parse_html, tag_of
from core.ingest.md_out import MarkdownOut, one_line


@dataclass
class TocEntry:
    """One table-of-contents entry: its file, #fragment ('' = file start), depth and title."""

    file: str
    fragment: str
    depth: int
    title: str


def toc_entries(toc, depth: int = 1) -> list[TocEntry]:
    """Flatten ebooklib's nested TOC (Links, and (Section, children) pairs) in order."""
    from ebooklib import epub

    out: list[TocEntry] = []
    for node in toc:
        children = []
        if isinstance(node, tuple):
            node, children = node
        href = getattr(node, "href", "") or ""
        title = one_line(getattr(node, "title", "") or "")
        if title and href:
            file, _, fragment = href.partition("#")
            out.append(TocEntry(posixpath.normpath(file), fragment, depth, title))
        elif title and isinstance(node, epub.Section) and children:
            first = toc_entries(children[:1], depth + 1)
            if first:
                out.append(TocEntry(first[0].file, first[0].fragment, depth, title))
        out += toc_entries(children, depth + 1)
    return out


def read(path: Path, assets_dir: Path, settings: FormatSettings) -> ParsedFile:
    """Read an EPUB book (see the module doc)."""
    from ebooklib import epub

    _refuse_drm(path)
    book = epub.read_epub(str(path), options={"ignore_ncx": False})
    entries = toc_entries(book.toc)
    out = MarkdownOut()
    for idref, _linear in book.spine:
        item = book.get_item_with_id(idref)
        if item is None or not item.get_name().lower().endswith((".html", ".xhtml", ".htm")):
            continue
        _Chapter(out, [e for e in entries if e.file == posixpath.normpath(item.get_name())]).write(
            parse_html(decode(item.get_content())))
    titles = book.get_metadata("DC", "title")
    title = one_line(titles[0][0]) if titles else ""
    return ParsedFile(title or path.stem, out.markdown())


def _refuse_drm(path: Path) -> None:
    """Books whose content (not only fonts) is encrypted cannot be read."""
    with zipfile.ZipFile(path) as zf:
        if "META-INF/encryption.xml" in zf.namelist():
            data = zf.read("META-INF/encryption.xml")
            fonts_only = all(b"font" in part.lower() or b"obfuscation" in part.lower()
                             for part in data.split(b"<enc:EncryptedData")[1:] or [b"font"])
            if not fonts_only:
                raise IngestError(str(path), "DRM-protected EPUB (its content is encrypted); it cannot be read")


class _Chapter:
    """Writes one spine file, with the TOC headings that point into it."""

    def __init__(self, out: MarkdownOut, entries: list[TocEntry]):
        self.out = out
        self.by_fragment = {e.fragment: e for e in entries if e.fragment}
        self.depth = 0
        self.just_written = ""
        self.top = 1
        self.starts = [e for e in entries if not e.fragment]

    def write(self, root) -> None:
        """The file's TOC start entries, then its body."""
        levels = [HEADINGS[tag_of(h)] for h in root.iter() if tag_of(h) in HEADINGS]
        self.top = min(levels, default=1)
        for entry in self.starts:
            self.toc_heading(entry)
        body = root.find("body")
        HtmlWalker(self.out, self.level_of, self.on_element).walk(body if body is not None else root)

    def toc_heading(self, entry: TocEntry) -> None:
        self.out.heading(entry.depth, entry.title)
        self.depth, self.just_written = entry.depth, entry.title.lower()

    def on_element(self, el) -> None:
        """An element a TOC entry points to starts that entry's heading."""
        entry = self.by_fragment.pop(el.get("id") or "", None)
        if entry is not None:
            self.toc_heading(entry)

    def level_of(self, el, level: int, text: str) -> int | None:
        """The heading repeating the TOC title is dropped; others nest under the chapter."""
        if self.just_written and one_line(text).lower() == self.just_written:
            self.just_written = ""
            return None
        self.just_written = ""
        return self.depth + max(1, level - self.top + (0 if self.depth else 1))
