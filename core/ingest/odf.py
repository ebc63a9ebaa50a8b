"""OpenDocument (.odt, .odp, .ods) -> Folio Markdown, read from the package's content.xml.

ODF writes its structure down: `text:h` carries its `text:outline-level` (the headings,
exact), `draw:page` is a slide whose frame of class "title" names it and whose
`presentation:notes` are its notes, `table:table` in a spreadsheet is a sheet. Lists become
"- " items, pictures keep their title/description, footnotes follow the paragraph citing
them ("[n] ..."), tables keep their place. Spreadsheets are streamed (iterparse) and held to
the same cell limit as Excel files; repeated empty rows and columns are never expanded.
Macros (Basic, Scripts) are never run: only content.xml and meta.xml are read.

Example:
    >>> # read(Path("notes.odt"), Path("assets/abc"), FormatSettings()).markdown
"""
from __future__ import annotations

import zipfile
from pathlib import Path

from lxml import etree

from core.config import FormatSettings
from core.ingest.formats import ParsedFile
from core.ingest.md_out import MarkdownOut, one_line
from core.ingest.xlsx import CellBudget, write_sheet

NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "draw": "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0",
    "presentation": "urn:oasis:names:tc:opendocument:xmlns:presentation:1.0",
    "svg": "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0",
    "xlink": "http://www.w3.org/1999/xlink",
    "dc": "http://purl.org/dc/elements/1.1/",
}


def q(name: str) -> str:
    """'text:h' -> '{urn:...text:1.0}h'."""
    prefix, local = name.split(":")
    return f"{{{NS[prefix]}}}{local}"


def read(path: Path, assets_dir: Path, settings: FormatSettings) -> ParsedFile:
    """Read an OpenDocument file (see the module doc)."""
    out = MarkdownOut()
    with zipfile.ZipFile(path) as zf:
        title = _meta_title(zf)
        if path.suffix.lower() == ".ods":
            _spreadsheet(zf, out, CellBudget(str(path), settings.max_cells))
            return ParsedFile(title or path.stem, out.markdown())
        root = etree.fromstring(zf.read("content.xml"), etree.XMLParser(resolve_entities=False, huge_tree=True))
        writer = _Writer(out, zf, assets_dir, path.stem)
        pages = 0
        for body in root.iter(q("office:text"), q("office:presentation")):
            if body.tag == q("office:presentation"):
                pages = writer.slides(body)
            else:
                writer.flow(body)
    first = next((t for level, t in out.headings if level == 1), "")
    return ParsedFile(title or writer.title or (first if not pages else "") or path.stem, out.markdown(),
                      tuple(writer.images), pages=pages)


def _meta_title(zf: zipfile.ZipFile) -> str:
    try:
        meta = etree.fromstring(zf.read("meta.xml"), etree.XMLParser(resolve_entities=False))
    except (KeyError, etree.XMLSyntaxError):
        return ""
    node = meta.find(f".//{q('dc:title')}")
    return one_line(node.text or "") if node is not None else ""


def text_of(node, notes: list | None = None) -> str:
    """Visible text of an element: spaces for text:s/tab/line-break, footnote bodies left
    out (their citation is kept as '[n]' and the note collected in `notes`)."""
    parts = [node.text or ""]
    for child in node:
        if child.tag == q("text:note"):
            cite = child.find(q("text:note-citation"))
            number = one_line(cite.text if cite is not None else "")
            body = child.find(q("text:note-body"))
            parts.append(f"[{number}]")
            if notes is not None and body is not None:
                notes.append((number, " ".join(text_of(p) for p in body)))
        elif child.tag in (q("text:s"), q("text:tab"), q("text:line-break")):
            parts.append(" ")
        elif child.tag != q("draw:frame"):
            parts.append(text_of(child, notes))
        parts.append(child.tail or "")
    return one_line("".join(parts))


class _Writer:
    """Writes the flow of a text document or the slides of a presentation."""

    def __init__(self, out: MarkdownOut, zf: zipfile.ZipFile, assets_dir: Path, stem: str):
        self.out, self.zf, self.assets_dir, self.stem = out, zf, assets_dir, stem
        self.images: list[Path] = []
        self.title = ""

    def flow(self, element, prefix: str = "") -> None:
        """Headings, paragraphs, lists, tables and sections in order."""
        for child in element:
            tag = child.tag
            if tag == q("text:h"):
                level = int(child.get(q("text:outline-level"), "1") or 1)
                self.out.heading(level, text_of(child))
            elif tag == q("text:p"):
                self.paragraph(child, prefix)
            elif tag == q("text:list"):
                for item in child.findall(q("text:list-item")):
                    self.flow(item, "- ")  # a nested list is a text:list inside the item
            elif tag == q("table:table"):
                self.out.table([[text_of(c) for c in r.iter(q("table:table-cell"))]
                                for r in child.iter(q("table:table-row"))])
            elif tag in (q("text:section"), q("office:text")):
                self.flow(child, prefix)

    def paragraph(self, p, prefix: str = "") -> None:
        """A paragraph (the "Title" one names the document), its pictures, then its notes."""
        notes: list[tuple[str, str]] = []
        text = text_of(p, notes)
        if (p.get(q("text:style-name")) or "").lower() == "title" and not self.title:
            self.title = text
        else:
            self.out.paragraph(text, prefix)
        for frame in p.iter(q("draw:frame")):
            self.frame(frame)
        for number, note in notes:
            self.out.paragraph(f"[{number}] {note}")

    def frame(self, frame) -> None:
        """A picture frame: saved image with its title/description; text boxes as text."""
        image = frame.find(q("draw:image"))
        if image is None:
            return
        alt = " ".join(one_line(n.text or "") for n in (frame.find(q("svg:title")), frame.find(q("svg:desc")))
                       if n is not None)
        href = image.get(q("xlink:href"), "")
        file = None
        if href in self.zf.namelist():
            self.assets_dir.mkdir(parents=True, exist_ok=True)
            file = self.assets_dir / f"{self.stem[:40]}-picture-{len(self.images) + 1}{Path(href).suffix}"
            file.write_bytes(self.zf.read(href))
            self.images.append(file)
        self.out.image(alt or frame.get(q("draw:name"), "") or "picture", file, self.assets_dir)

    def slides(self, body) -> int:
        """One page and level-1 section per draw:page, titled by its title frame; notes last."""
        number = 0
        for number, page in enumerate(body.iter(q("draw:page")), start=1):
            self.out.page(number)
            frames = [f for f in page if f.tag == q("draw:frame")]
            title = next((text_of(f) for f in frames if f.get(q("presentation:class")) == "title"), "")
            self.out.heading(1, title or f"Slide {number}")
            for f in frames:
                if f.get(q("presentation:class")) == "title":
                    continue
                box = f.find(q("draw:text-box"))
                if box is not None:
                    self.flow(box, "- " if f.get(q("presentation:class")) == "outline" else "")
                for tbl in f.iter(q("table:table")):
                    self.flow_table(tbl)
                self.frame(f)
            notes = page.find(q("presentation:notes"))
            if notes is not None:
                text = " ".join(text_of(p) for p in notes.iter(q("text:p")))
                if one_line(text):
                    self.out.paragraph(f"Notes: {text}")
        return number

    def flow_table(self, tbl) -> None:
        self.out.table([[text_of(c) for c in r.iter(q("table:table-cell"))] for r in tbl.iter(q("table:table-row"))])


def _spreadsheet(zf: zipfile.ZipFile, out: MarkdownOut, budget: CellBudget) -> None:
    """Each table:table a sheet; rows streamed, repeats of empty cells and rows not expanded."""
    with zf.open("content.xml") as fh:
        events = etree.iterparse(fh, events=("start", "end"), tag=(q("table:table"), q("table:table-row")),
                                 resolve_entities=False, huge_tree=True)
        rows: list[list[str]] = []
        name = ""
        for event, el in events:
            if el.tag == q("table:table") and event == "start":
                name, rows = el.get(q("table:name"), "Sheet"), []
            elif el.tag == q("table:table-row") and event == "end":
                row = _row(el)
                repeat = int(el.get(q("table:number-rows-repeated"), "1") or 1) if any(row) else 1
                rows.extend([row] * min(repeat, 10_000))
                el.clear()
            elif el.tag == q("table:table") and event == "end":
                write_sheet(out, name, budget.rows(rows))
                el.clear()


def _row(row) -> list[str]:
    """A row's cell texts; repeated cells expanded only up to the last filled one."""
    cells: list[str] = []
    pending = 0
    for cell in row:
        if cell.tag not in (q("table:table-cell"), q("table:covered-table-cell")):
            continue
        text = " ".join(text_of(p) for p in cell.iter(q("text:p")))
        repeat = int(cell.get(q("table:number-columns-repeated"), "1") or 1)
        if not text:
            pending += repeat
            continue
        cells.extend([""] * pending + [text] * min(repeat, 1000))
        pending = 0
    return cells
