"""Word (.docx, .docm) -> Folio Markdown, with the headings the author defined.

python-docx opens the package; the body is walked in document order (paragraphs, tables,
content controls). A paragraph is a heading when its own outline level, or that of its
style (or the style it is based on), is 0-8, or when its style is named "Heading N": no
detection is needed. The "Title" paragraph (or the document properties' title) names the
document. List paragraphs become "- " items, "Caption" paragraphs caption the table below,
pictures are saved with their alt text, and a footnote's text follows the paragraph citing
it ("[n] ..."). Macros are never run: only the XML parts are read.

Example:
    >>> # parsed = read(Path("report.docx"), Path("assets/abc"), FormatSettings())
    >>> # parsed.markdown.splitlines()[0]  -> '# Introduction'
"""
from __future__ import annotations

import re
from pathlib import Path

from core.config import FormatSettings
from core.ingest.formats import ParsedFile
from core.ingest.md_out import MarkdownOut, one_line

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
WP = "{http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing}"
_HEADING_NAME = re.compile(r"^heading\s*(\d)$", re.I)


def read(path: Path, assets_dir: Path, settings: FormatSettings) -> ParsedFile:
    """Read a Word file (see the module doc)."""
    import docx

    document = docx.Document(str(path))
    walker = _Walker(document, assets_dir, path.stem)
    walker.body(document.element.body)
    title = one_line(document.core_properties.title or "") or walker.title or _first_heading(walker.out) or path.stem
    return ParsedFile(title, walker.out.markdown(), tuple(walker.images))


def _first_heading(out: MarkdownOut) -> str:
    return next((t for level, t in out.headings if level == 1), "")


class _Walker:
    """Writes the body of one Word document."""

    def __init__(self, document, assets_dir: Path, stem: str):
        self.document, self.assets_dir, self.stem = document, assets_dir, stem
        self.out = MarkdownOut()
        self.title = ""
        self.images: list[Path] = []
        self.pending_caption = ""
        self.footnotes = _footnotes(document)
        self._levels: dict[str, int | None] = {}

    def body(self, element) -> None:
        """Paragraphs and tables in order; content controls are opened."""
        for child in element.iterchildren():
            if child.tag == f"{W}p":
                self.paragraph(child)
            elif child.tag == f"{W}tbl":
                self.table(child)
            elif child.tag == f"{W}sdt":
                content = child.find(f"{W}sdtContent")
                if content is not None:
                    self.body(content)

    def paragraph(self, p) -> None:
        """One paragraph: title, heading, caption, list item or text, then its pictures and notes."""
        style = self._style_id(p)
        text, notes = _text(p, self.footnotes)
        name = self._style_name(style).lower()
        level = self._outline_level(p, style)
        if name == "title" and not self.title:
            self.title = one_line(text)
        elif level is not None:
            self._flush_caption()
            self.out.heading(level + 1, text)
        elif name == "caption":
            self._flush_caption()
            self.pending_caption = text
        else:
            self._flush_caption()
            listed = p.find(f"{W}pPr/{W}numPr") is not None or name.startswith("list")
            self.out.paragraph(text, "- " if listed else "")
        for blip, alt in _pictures(p):
            self.picture(blip, alt)
        for number, note in notes:
            self.out.paragraph(f"[{number}] {note}")

    def table(self, tbl) -> None:
        """A table, captioned by the "Caption" paragraph just above it."""
        rows = []
        for tr in tbl.iter(f"{W}tr"):
            rows.append([_text(tc, {})[0] for tc in tr.iterchildren(f"{W}tc")])
        caption, self.pending_caption = self.pending_caption, ""
        self.out.table(rows, caption)

    def picture(self, rel_id: str, alt: str) -> None:
        """Save an embedded picture and write it with its alt text."""
        part = self.document.part.related_parts.get(rel_id)
        if part is None:
            return
        self.assets_dir.mkdir(parents=True, exist_ok=True)
        ext = Path(str(part.partname)).suffix or ".bin"
        file = self.assets_dir / f"{self.stem[:40]}-picture-{len(self.images) + 1}{ext}"
        file.write_bytes(part.blob)
        self.images.append(file)
        self.out.image(alt or "picture", file, self.assets_dir)

    def _flush_caption(self) -> None:
        if self.pending_caption:
            self.out.paragraph(self.pending_caption)
            self.pending_caption = ""

    def _style_id(self, p) -> str:
        node = p.find(f"{W}pPr/{W}pStyle")
        return node.get(f"{W}val") if node is not None else ""

    def _style_name(self, style_id: str) -> str:
        style = self._style(style_id)
        return style.name if style is not None and style.name else style_id

    def _style(self, style_id: str):
        if not style_id:
            return None
        try:
            return self.document.styles.get_by_id(style_id, 1)  # 1 = WD_STYLE_TYPE.PARAGRAPH
        except (KeyError, ValueError):
            return None

    def _outline_level(self, p, style_id: str) -> int | None:
        """0-8 for a heading: the paragraph's own outline level, else its style chain's,
        else a 'Heading N' style name; None for body text."""
        own = p.find(f"{W}pPr/{W}outlineLvl")
        if own is not None:
            return _level(own.get(f"{W}val"))
        if style_id not in self._levels:
            self._levels[style_id] = self._style_level(style_id)
        return self._levels[style_id]

    def _style_level(self, style_id: str) -> int | None:
        style, seen = self._style(style_id), set()
        while style is not None and style.style_id not in seen:
            seen.add(style.style_id)
            node = style.element.find(f"{W}pPr/{W}outlineLvl")
            if node is not None:
                return _level(node.get(f"{W}val"))
            named = _HEADING_NAME.match(style.name or "")
            if named:
                return int(named.group(1)) - 1
            style = style.base_style
        return None


def _level(value: str | None) -> int | None:
    """Word's outline level 0-8 is a heading; 9 (body text) or junk is not."""
    try:
        n = int(value or "")
    except ValueError:
        return None
    return n if 0 <= n <= 8 else None


def _text(element, footnotes: dict[str, str]) -> tuple[str, list[tuple[str, str]]]:
    """The visible text of a paragraph or cell, with '[n]' at footnote references, and the
    notes cited (number, text)."""
    parts, notes = [], []
    for node in element.iter(f"{W}t", f"{W}tab", f"{W}br", f"{W}cr", f"{W}footnoteReference", f"{W}p"):
        if node.tag == f"{W}t":
            parts.append(node.text or "")
        elif node.tag == f"{W}footnoteReference":
            number = node.get(f"{W}id", "")
            parts.append(f"[{number}]")
            if number in footnotes:
                notes.append((number, footnotes[number]))
        else:
            parts.append(" ")
    return one_line("".join(parts)), notes


def _pictures(p) -> list[tuple[str, str]]:
    """(relationship id, alt text) of the pictures anchored in a paragraph."""
    found = []
    for drawing in p.iter(f"{W}drawing"):
        doc_pr = drawing.find(f".//{WP}docPr")
        alt = ""
        if doc_pr is not None:
            alt = doc_pr.get("descr") or doc_pr.get("title") or ""
        for blip in drawing.iter(f"{A}blip"):
            rel = blip.get(f"{R}embed")
            if rel:
                found.append((rel, alt))
    return found


def _footnotes(document) -> dict[str, str]:
    """Footnote id -> text, from the footnotes part when there is one."""
    from lxml import etree

    for rel in document.part.rels.values():
        if rel.reltype.endswith("/footnotes") and not rel.is_external:
            root = etree.fromstring(rel.target_part.blob)
            return {n.get(f"{W}id"): _text(n, {})[0] for n in root.iter(f"{W}footnote")
                    if n.get(f"{W}type") is None}
    return {}
