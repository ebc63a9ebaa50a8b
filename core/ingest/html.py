"""HTML (.html, .htm, .xhtml) -> Folio Markdown, headings from h1-h6 exactly.

lxml parses the page (no script runs, nothing is fetched). Block elements are written in
document order: h1-h6 as headings at their level, paragraphs, list items ("- "), tables
(first row = header; a DocBook note box laid out as a table is read as its text), pictures by
their alt text and figure caption, preformatted text;
scripts, styles, templates and navigation (`<nav>`, and the Prev/Next bars that documentation
generators write as classed lists and divs) are left out. The Markdown reader
(core.ingest.md) and the EPUB reader (core.ingest.epub) write through `HtmlWalker` too.

Example:
    >>> out = MarkdownOut()
    >>> HtmlWalker(out).walk(parse_html("<h2>Use</h2><p>Run <b>it</b>.</p>"))
    >>> out.markdown()
    '## Use\\n\\nRun it.\\n'
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import lxml.html

from core.config import FormatSettings
from core.errors import IngestError
from core.ingest.formats import ParsedFile
from core.ingest.html_redirect import redirect_target
from core.ingest.markdown import BOOK_SEPARATOR
from core.ingest.md_out import MarkdownOut, one_line

ADMONITIONS = {"note", "tip", "warning", "caution", "important"}
HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
SKIP = {"script", "style", "noscript", "template", "nav", "head", "title", "meta", "link", "button", "select"}
BLOCKS = {"p", "div", "section", "article", "main", "header", "footer", "aside", "body", "html", "ul", "ol",
          "li", "dl", "dt", "dd", "table", "blockquote", "pre", "figure", "figcaption", "hr", "form",
          "fieldset", "details", "summary", "address", "center", *HEADINGS, "img"}
LevelOf = Callable[[object, int, str], "int | None"]  # (element, h level, text) -> level to write, None: drop
# Navigation written as plain elements by documentation generators (DocBook and Publican "navheader",
# "docnav", Sphinx role="navigation", Publican's "banner", breadcrumbs, Texinfo's table of "menu" links):
# "Prev", "Next", "Download the ebook", "• Introduction:".
NAV_ROLES = {"navigation", "banner"}
NAV_NAMES = {"nav", "navbar", "navheader", "navfooter", "navigation", "docnav", "breadcrumb", "breadcrumbs",
             "nav-panel", "banner", "skip-link", "menu"}
_PERMALINK_MARKS = {"¶", "#", "§", "🔗", "\uf0c1"}  # the last: Font Awesome's link glyph (Read the Docs)
_TEXINFO_BAR = re.compile(r"^\s*(?:Next|Previous|Prev|Up):\s")  # Texinfo's div "header": "Next: Installing, Up: Top"


def read(path: Path, assets_dir: Path, settings: FormatSettings) -> ParsedFile:
    """Read an HTML file (see the module doc); IngestError for a page that only redirects to
    another (core.ingest.html_redirect: the folder walk skips those)."""
    target = redirect_target(path)
    if target is not None:
        raise IngestError(str(path), f"an HTML page that only redirects to {target}; add that page instead")
    root = parse_html(decode(path.read_bytes()))
    out = MarkdownOut()
    HtmlWalker(out).walk(root)
    title = one_line(root.findtext(".//title") or "")
    first = next((t for level, t in out.headings if level == 1), "")
    return ParsedFile(with_book(title or first or path.stem, root), out.markdown())


def with_book(title: str, root) -> str:
    """The page title with the title of the book it is a page of, when the page names its book
    only in a `<link rel="home" title="…">` (DocBook's and Publican's chunked HTML): "8.5. Creating
    Accounts — The Debian Administrator's Handbook". A question that names the book ("… on Debian?")
    then finds its name in the page's title, and a library of many books' pages says whose each is."""
    home = next((one_line(el.get("title") or "") for el in root.iter("link")
                 if (el.get("rel") or "").lower() == "home"), "")
    return f"{title}{BOOK_SEPARATOR}{home}" if home and home.casefold() not in title.casefold() else title


def decode(data: bytes) -> str:
    """Text of an HTML/Markdown/text file: UTF-8 (with or without BOM), else the guess of
    charset-normalizer, else Latin-1 (which never fails)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        from charset_normalizer import from_bytes

        best = from_bytes(data).best()
        if best is not None:
            return str(best)
    except ImportError:
        pass
    return data.decode("latin-1")


def parse_html(text: str):
    """An lxml element tree of an HTML text (an empty body for empty input)."""
    if not text.strip():
        return lxml.html.fromstring("<html><body></body></html>")
    text = text.lstrip("\ufeff")
    if text.lstrip().startswith("<?xml"):
        text = text.split("?>", 1)[1]  # lxml refuses str input with an encoding declaration
    root = lxml.html.document_fromstring(text)
    for el in root.iter():
        if isinstance(el.tag, str) and "}" in el.tag:
            el.tag = el.tag.rsplit("}", 1)[1]  # XHTML (EPUB): plain names, so find("body"), iter("tr") work
    return root


def is_navigation(el) -> bool:
    """Whether an element is a page's navigation rather than its content: a role or a class or
    id of the names above ("docnav top", id="banner")."""
    if (el.get("role") or "").lower() in NAV_ROLES:
        return True
    names = f"{el.get('class') or ''} {el.get('id') or ''}".lower().split()
    return any(n in NAV_NAMES for n in names) or "header" in names and bool(_TEXINFO_BAR.match("".join(el.itertext())))


def linked_badge(img) -> bool:
    """A picture that is all of a link to another page (a site's logo, a "Product Site" button):
    navigation, not content. A thumbnail linking to its full-size picture is content."""
    link = img.getparent()
    if link is None or tag_of(link) != "a" or (link.text or "").strip() or (img.tail or "").strip() or len(link) != 1:
        return False
    href = (link.get("href") or "").split("#")[0].split("?")[0].lower()
    return bool(href) and not href.endswith((".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".bmp", ".tif", ".tiff"))


def admonition(table) -> bool:
    """A table that only lays out a note box: DocBook writes each Note, Tip, Warning, Caution
    and Important as a table (summary="Tip") inside a div of that class."""
    return (table.get("summary") or "").strip().lower() in ADMONITIONS or _in_note_box(table)


def admonition_title(heading) -> bool:
    """A heading that titles a note box (DocBook's `<div class="note"><h3>Note</h3>…`), not a
    section: as a heading it would take the text after the box, up to the next heading, into
    a section called "Note". The label alone is left out, as `admonition` does; a title of
    its own ("Using Large Objects") stays as a line of text."""
    return _in_note_box(heading, div_only=True)


def _in_note_box(el, div_only: bool = False) -> bool:
    """`el`'s parent is classed as a note box ("note", "tip", "warning", …); a div only, if asked."""
    parent = el.getparent()
    if parent is None or div_only and tag_of(parent) != "div":
        return False
    return bool(set((parent.get("class") or "").lower().split()) & ADMONITIONS)


def tag_of(el) -> str:
    """Lower-case local tag name ('' for comments and processing instructions)."""
    tag = el.tag if isinstance(el.tag, str) else ""
    return tag.rsplit("}", 1)[-1].lower()


def readable(el) -> bool:
    """An element whose text is content: not a comment or processing instruction (their
    `.text` is the comment: Texinfo's copying notice, a generator's stamp), nor skipped or
    navigation."""
    tag = tag_of(el)
    return bool(tag) and tag not in SKIP and not is_navigation(el) and not permalink(el)


def permalink(el) -> bool:
    """A link to its own heading or entry drawn as a mark (Sphinx's "headerlink", Texinfo's
    "copiable-anchor": `<a href="#install">¶</a>`): without it "Install¶" would be the heading."""
    return (tag_of(el) == "a" and (el.get("href") or "").startswith("#")
            and "".join(el.itertext()).strip() in _PERMALINK_MARKS)


def inline_text(el) -> str:
    """Text of an element and its descendants except skipped ones, on one line."""
    return one_line(_inline_raw(el))


def _inline_raw(el) -> str:
    """`inline_text` before its spaces are collapsed: an inner element keeps the space at its
    edge ("<span>2. </span>How WAL Works" is "2. How WAL Works", not "2.How WAL Works")."""
    parts = [el.text or ""]
    for child in el:
        if readable(child):
            parts.append(" " if tag_of(child) == "br" else _inline_raw(child))
        parts.append(child.tail or "")
    return "".join(parts)


class HtmlWalker:
    """Writes the blocks of an HTML tree; `level_of` may renumber or drop headings."""

    def __init__(self, out: MarkdownOut, level_of: LevelOf | None = None,
                 on_element: Callable[[object], None] | None = None):
        self.out = out
        self.level_of = level_of
        self.on_element = on_element  # sees every element before it is written (EPUB: TOC anchors)

    def walk(self, el, prefix: str = "") -> None:
        """Write `el` and everything inside it, in document order."""
        tag = tag_of(el)
        if tag in SKIP or not tag or is_navigation(el):
            return
        if self.on_element is not None:
            self.on_element(el)
        if tag in HEADINGS and admonition_title(el):  # "Note" over a note box: no section of its own
            if inline_text(el).strip().lower() not in ADMONITIONS:
                self.out.paragraph(inline_text(el))
        elif tag in HEADINGS:
            self.heading(el, HEADINGS[tag])
        elif tag == "table" and admonition(el):
            self.admonition(el)
        elif tag == "table":
            self.table(el)
        elif tag in ("ul", "ol"):
            for item in el:
                self.walk(item, "- " if tag_of(item) == "li" else prefix)
        elif tag == "img":
            if not linked_badge(el):
                self.out.image(el.get("alt") or el.get("title") or "picture", None, Path("assets"))
        elif tag == "figure":
            self.figure(el)
        elif tag == "pre":  # a line of a code block or a synopsis is a line of its own, as a PDF's are
            for line in _inline_raw(el).splitlines():
                self.out.paragraph(line)
        elif any(tag_of(c) in BLOCKS for c in el):
            self.mixed(el, prefix)
        else:
            self.out.paragraph(inline_text(el), prefix)
            for img in el.iter("img"):
                self.walk(img)

    def mixed(self, el, prefix: str) -> None:
        """An element holding both loose text and blocks: loose runs become paragraphs."""
        run = [el.text or ""]
        for child in el:
            if tag_of(child) in BLOCKS:
                loose = one_line("".join(run))
                self.out.paragraph(loose, prefix)
                self.walk(child, "" if loose else prefix)  # "<li><p>…": the marker goes on the first paragraph
                prefix, run = "", []
            elif readable(child):
                run.append(" " if tag_of(child) == "br" else _inline_raw(child))
            run.append(child.tail or "")
        self.out.paragraph("".join(run), prefix)

    def heading(self, el, level: int) -> None:
        text = inline_text(el)
        if self.level_of is not None:
            level = self.level_of(el, level, text)
        if level is not None:
            self.out.heading(level, text)

    def admonition(self, el) -> None:
        """A note box laid out as a table (an icon, its label, its text): the text as blocks;
        the icon and the label ("Tip") left out, so the note reads as the prose it is."""
        for cell in el.iter("td"):
            if next((a for a in cell.iterancestors("table")), None) is el and inline_text(cell).strip():
                self.walk(cell)

    def table(self, el) -> None:
        """Rows of th/td text (nested tables read as text); the caption goes above."""
        rows = []
        for tr in el.iter("tr"):
            if next((a for a in tr.iterancestors("table")), None) is el:
                rows.append([inline_text(c) for c in tr if tag_of(c) in ("td", "th")])
        caption = el.find("caption")
        self.out.table(rows, inline_text(caption) if caption is not None else "")

    def figure(self, el) -> None:
        """A figure: its pictures described by alt text and the figcaption."""
        caption = el.find(".//figcaption")
        cap = inline_text(caption) if caption is not None else ""
        imgs = list(el.iter("img"))
        for img in imgs:
            alt = one_line(img.get("alt") or "")
            self.out.image(" — ".join(p for p in (alt, cap) if p) or "picture", None, Path("assets"))
        for child in el:
            if tag_of(child) not in ("figcaption", "img") and not list(child.iter("img")):
                self.walk(child)
        if not imgs and cap:
            self.out.paragraph(cap)
