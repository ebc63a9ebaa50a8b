"""EPUB (.epub) -> Folio Markdown: chapters and their depth from the book's table of contents.

The book is read as what it is, a zip of XML (container.xml -> the OPF package -> manifest,
spine, EPUB 3 navigation document or EPUB 2 NCX): ebooklib refused a real Debian book
whose manifest carried #fragments, this reader does not. The spine gives the reading
order; the table of contents gives each chapter's title and depth, written as the heading where the
entry points (the start of a file, or the element with the entry's #fragment). A chapter
file's own heading that repeats its TOC title is not written twice; its other headings nest
under the chapter (h-levels kept relative to the file's top heading). Pictures keep their alt
text. The book's own contents pages (headings that are only links, or of class "toc") add no
headings. A DRM-encrypted book is refused with one line; scripts never run.

Example:
    >>> # read(Path("book.epub"), Path("assets/abc"), FormatSettings()).markdown
"""
from __future__ import annotations

import posixpath
import zipfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from lxml import etree

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


def _xml(zf: zipfile.ZipFile, name: str):
    return etree.fromstring(zf.read(name), etree.XMLParser(resolve_entities=False, recover=True, huge_tree=True))


def _local(el) -> str:
    return el.tag.rsplit("}", 1)[-1] if isinstance(el.tag, str) else ""


def _join(base: str, href: str) -> tuple[str, str]:
    """(normalised file path inside the zip, fragment) of an href relative to file `base`."""
    file, _, fragment = unquote(href).partition("#")
    return posixpath.normpath(posixpath.join(posixpath.dirname(base), file)) if file else base, fragment


def nav_entries(zf: zipfile.ZipFile, nav: str) -> list[TocEntry]:
    """The EPUB 3 navigation document's toc list, depth from the nesting of its lists."""
    root = _xml(zf, nav)
    navs = [n for n in root.iter() if _local(n) == "nav"]
    toc = next((n for n in navs if "toc" in " ".join(str(v) for v in n.attrib.values())), navs[0] if navs else None)
    out: list[TocEntry] = []

    def walk(ol, depth: int) -> None:
        for li in (c for c in ol if _local(c) == "li"):
            link = next((c for c in li if _local(c) in ("a", "span")), None)
            if link is not None and link.get("href"):
                file, fragment = _join(nav, link.get("href"))
                out.append(TocEntry(file, fragment, depth, one_line("".join(link.itertext()))))
            for sub in (c for c in li if _local(c) == "ol"):
                walk(sub, depth + 1)
    for ol in (c for c in (toc if toc is not None else []) if _local(c) == "ol"):
        walk(ol, 1)
    return out


def ncx_entries(zf: zipfile.ZipFile, ncx: str) -> list[TocEntry]:
    """The EPUB 2 NCX navMap, depth from the nesting of its navPoints."""
    out: list[TocEntry] = []

    def walk(parent, depth: int) -> None:
        for point in (c for c in parent if _local(c) == "navPoint"):
            label = next((t for t in point.iter() if _local(t) == "text"), None)
            content = next((c for c in point if _local(c) == "content"), None)
            if label is not None and content is not None and content.get("src"):
                file, fragment = _join(ncx, content.get("src"))
                out.append(TocEntry(file, fragment, depth, one_line("".join(label.itertext()))))
            walk(point, depth + 1)
    nav_map = next((n for n in _xml(zf, ncx).iter() if _local(n) == "navMap"), None)
    if nav_map is not None:
        walk(nav_map, 1)
    return out


@dataclass(frozen=True)
class Package:
    """What the OPF says: title, spine files in reading order, and the TOC entries."""

    title: str
    spine: list[str]
    toc: list[TocEntry]


def package(zf: zipfile.ZipFile) -> Package:
    """Read container.xml, then the OPF: metadata title, manifest, spine, nav or NCX."""
    container = _xml(zf, "META-INF/container.xml")
    opf = next((r.get("full-path") for r in container.iter() if _local(r) == "rootfile"), None)
    if not opf:
        raise ValueError("no rootfile in META-INF/container.xml")
    root = _xml(zf, opf)
    items = {i.get("id"): i for i in root.iter() if _local(i) == "item"}
    href = {k: _join(opf, v.get("href", ""))[0] for k, v in items.items()}
    spine_el = next((s for s in root.iter() if _local(s) == "spine"), None)
    spine = [href[r.get("idref")] for r in (spine_el if spine_el is not None else []) if r.get("idref") in href]
    nav = next((href[k] for k, v in items.items() if "nav" in (v.get("properties") or "").split()), None)
    ncx = href.get(spine_el.get("toc")) if spine_el is not None and spine_el.get("toc") else None
    ncx = ncx or next((href[k] for k, v in items.items() if v.get("media-type") == "application/x-dtbncx+xml"), None)
    names = set(zf.namelist())
    toc = nav_entries(zf, nav) if nav in names else []
    toc = toc or (ncx_entries(zf, ncx) if ncx in names else [])
    title = next((one_line("".join(t.itertext())) for t in root.iter() if _local(t) == "title"), "")
    # a manifest listing one file under several #fragments repeats it in the spine: read it once
    return Package(title, [s for s in dict.fromkeys(spine) if s in names], toc)


def read(path: Path, assets_dir: Path, settings: FormatSettings) -> ParsedFile:
    """Read an EPUB book (see the module doc)."""
    _refuse_drm(path)
    out = MarkdownOut()
    with zipfile.ZipFile(path) as zf:
        book = package(zf)
        for file in book.spine:
            if file.lower().endswith((".html", ".xhtml", ".htm")):
                _Chapter(out, [e for e in book.toc if e.file == file]).write(parse_html(decode(zf.read(file))))
    return ParsedFile(book.title or path.stem, out.markdown())


def _refuse_drm(path: Path) -> None:
    """Books whose content (not only fonts) is encrypted cannot be read."""
    with zipfile.ZipFile(path) as zf:
        if "META-INF/encryption.xml" in zf.namelist():
            data = zf.read("META-INF/encryption.xml")
            fonts_only = all(b"font" in part.lower() or b"obfuscation" in part.lower()
                             for part in data.split(b"<enc:EncryptedData")[1:] or [b"font"])
            if not fonts_only:
                raise IngestError(str(path), "DRM-protected EPUB (its content is encrypted); it cannot be read")


def is_contents_entry(el, text: str) -> bool:
    """A heading of a contents page: of class "toc", or whose whole text is one link."""
    if "toc" in (el.get("class") or "").lower().split():
        return True
    links = [a for a in el.iter("a") if a.get("href")]
    return len(links) == 1 and one_line(links[0].text_content()) == one_line(text)


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
        """The heading repeating the TOC title is dropped, and so are the entries of a
        contents page (headings that are only a link, or of class "toc"); others nest under
        the chapter."""
        if is_contents_entry(el, text):
            return None
        if self.just_written and one_line(text).lower() == self.just_written:
            self.just_written = ""
            return None
        self.just_written = ""
        return self.depth + max(1, level - self.top + (0 if self.depth else 1))
