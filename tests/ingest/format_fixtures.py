"""Fixture documents in every format but PDF, written by the tests themselves (python-docx,
python-pptx, openpyxl, ebooklib, plain zip/XML, HTML and Markdown by hand), each with a
known heading tree (`TREES`) so readers can be checked exactly."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pymupdf

TREES = {  # (level, heading) in order, as each fixture defines them
    "docx": [(1, "Introduction"), (2, "Background"), (1, "Methods"), (2, "Outline Level Heading"), (3, "Details")],
    "pptx": [(1, "Quarterly Review"), (1, "Sales Figures"), (1, "Slide 3")],
    "xlsx": [(1, "Prices"), (1, "Raw")],
    "odt": [(1, "Overview"), (2, "Scope"), (1, "Results")],
    "odp": [(1, "Kick-off"), (1, "Plan")],
    "ods": [(1, "Budget")],
    "html": [(1, "Gardening Guide"), (2, "Soil"), (3, "Acidity"), (2, "Watering")],
    "markdown": [(1, "Release Notes"), (2, "Fixes"), (2, "Known Issues")],
    "epub": [(1, "Chapter One: Harbour"), (2, "The Lighthouse"), (1, "Chapter Two: Storm")],
    "rtf": [(1, "Getting Started"), (2, "Install Steps")],
}


def png_bytes() -> bytes:
    """A small grey PNG."""
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 40, 30), False)
    pix.clear_with(180)
    return pix.tobytes("png")


def make_docx(path: Path) -> Path:
    """Headings by style and by outline level, a list, a captioned table, a picture with alt text."""
    import docx
    from docx.enum.style import WD_STYLE_TYPE
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    d = docx.Document()
    d.core_properties.title = "Field Guide to Birds"
    d.add_heading("Introduction", 1)
    d.add_paragraph("Birds are warm-blooded vertebrates with feathers and beaks.")
    d.add_heading("Background", 2)
    d.add_paragraph("Robins nest in hedges", style="List Bullet")
    d.add_paragraph("Wrens nest in walls", style="List Bullet")
    d.add_paragraph("Table 1: Typical weights", style="Caption")
    table = d.add_table(rows=3, cols=2)
    for i, row in enumerate([["Bird", "Weight"], ["Robin", "77 g"], ["Wren", "10 g"]]):
        for j, value in enumerate(row):
            table.cell(i, j).text = value
    d.add_heading("Methods", 1)
    d.add_paragraph("Counts were made at dawn along fixed transects.")
    style = d.styles.add_style("Custom Outline", WD_STYLE_TYPE.PARAGRAPH)
    outline = OxmlElement("w:outlineLvl")
    outline.set(qn("w:val"), "1")
    style.element.get_or_add_pPr().append(outline)
    d.add_paragraph("Outline Level Heading", style="Custom Outline")
    d.add_heading("Details", 3)
    png = path.with_suffix(".png")
    png.write_bytes(png_bytes())
    d.add_picture(str(png))
    d.inline_shapes[0]._inline.docPr.set("descr", "Map of the survey transects")
    d.add_paragraph("The survey ends here.")
    d.save(path)
    png.unlink()
    return path


def make_long_docx(path: Path, chapters: int = 40) -> Path:
    """A long report: chapters of several paragraphs (about 2.5 pages each)."""
    import docx

    d = docx.Document()
    d.core_properties.title = "Long Report"
    for c in range(1, chapters + 1):
        d.add_heading(f"Chapter {c} on topic number {c}", 1)
        for p in range(12):
            d.add_paragraph(f"Paragraph {p} of chapter {c} discusses measurement {c * 100 + p} in plain words "
                            "so that the page fills with ordinary running text about the subject at hand.")
    d.save(path)
    return path


def make_pptx(path: Path) -> Path:
    """A titled slide with notes, a slide with bullets and a table, a slide without a title."""
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    s1 = prs.slides.add_slide(prs.slide_layouts[0])
    s1.shapes.title.text = "Quarterly Review"
    s1.placeholders[1].text = "Prepared by the finance team"
    s1.notes_slide.notes_text_frame.text = "Welcome everyone and introduce the agenda."
    s2 = prs.slides.add_slide(prs.slide_layouts[5])
    s2.shapes.title.text = "Sales Figures"
    rows = [["Region", "Sales"], ["North", "120"], ["South", "95"]]
    shape = s2.shapes.add_table(3, 2, Inches(1), Inches(2), Inches(6), Inches(1.5))
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            shape.table.cell(i, j).text = value
    s3 = prs.slides.add_slide(prs.slide_layouts[6])
    box = s3.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(1))
    box.text_frame.text = "Questions are welcome at the end of the meeting."
    prs.save(path)
    return path


def make_xlsx(path: Path) -> Path:
    """Sheet 'Prices' with a header row; sheet 'Raw' with numbers only and two used ranges."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Prices"
    for row in [["Item", "Price", "Stock"], ["Apple", 1.5, 30], ["Pear", 2, 12]]:
        ws.append(row)
    raw = wb.create_sheet("Raw")
    raw.append([1, 2, 3])
    raw.append([4, 5, 6])
    raw.append([])
    raw.append(["Total", 21])
    raw.append(["Mean", 3.5])
    wb.save(path)
    return path


_ODF_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
           'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
           'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
           'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
           'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" '
           'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
           'xmlns:xlink="http://www.w3.org/1999/xlink" '
           'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
           'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"')
_MIME = {"odt": "application/vnd.oasis.opendocument.text",
         "odp": "application/vnd.oasis.opendocument.presentation",
         "ods": "application/vnd.oasis.opendocument.spreadsheet"}


def write_odf(path: Path, kind: str, body: str, manifest_extra: str = "") -> Path:
    """An OpenDocument package: mimetype (stored first), manifest, meta and content."""
    content = f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_ODF_NS} office:version="1.2">' \
              f'<office:body>{body}</office:body></office:document-content>'
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{_MIME[kind]}"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                f'{manifest_extra}</manifest:manifest>')
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(zipfile.ZipInfo("mimetype"), _MIME[kind])
        zf.writestr("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED)
        zf.writestr("content.xml", content, zipfile.ZIP_DEFLATED)
    return path


def make_odt(path: Path) -> Path:
    """Outline-level headings, a list, a table and a footnote."""
    body = ('<office:text>'
            '<text:h text:outline-level="1">Overview</text:h>'
            '<text:p>The project studies river water quality.<text:note text:note-class="footnote">'
            '<text:note-citation>1</text:note-citation><text:note-body><text:p>Samples taken monthly.</text:p>'
            '</text:note-body></text:note> It began in spring.</text:p>'
            '<text:h text:outline-level="2">Scope</text:h>'
            '<text:list><text:list-item><text:p>Upper basin</text:p></text:list-item>'
            '<text:list-item><text:p>Lower basin</text:p></text:list-item></text:list>'
            '<text:h text:outline-level="1">Results</text:h>'
            '<table:table table:name="T1"><table:table-row><table:table-cell><text:p>Site</text:p></table:table-cell>'
            '<table:table-cell><text:p>Nitrate</text:p></table:table-cell></table:table-row>'
            '<table:table-row><table:table-cell><text:p>Mill</text:p></table:table-cell>'
            '<table:table-cell><text:p>4.2</text:p></table:table-cell></table:table-row></table:table>'
            '</office:text>')
    return write_odf(path, "odt", body)


def make_odp(path: Path) -> Path:
    """Two slides with title frames; the first with notes."""
    def frame(cls: str, text: str) -> str:
        return (f'<draw:frame presentation:class="{cls}" svg:x="1cm" svg:y="1cm" svg:width="20cm" svg:height="3cm">'
                f'<draw:text-box><text:p>{text}</text:p></draw:text-box></draw:frame>')
    body = ('<office:presentation>'
            f'<draw:page draw:name="p1">{frame("title", "Kick-off")}{frame("outline", "Meet the team")}'
            '<presentation:notes><draw:frame presentation:class="notes"><draw:text-box>'
            '<text:p>Thank the sponsors first.</text:p></draw:text-box></draw:frame></presentation:notes></draw:page>'
            f'<draw:page draw:name="p2">{frame("title", "Plan")}{frame("outline", "Ship in June")}</draw:page>'
            '</office:presentation>')
    return write_odf(path, "odp", body)


def make_ods(path: Path) -> Path:
    """One sheet with a header row; trailing repeated empty cells and rows as LibreOffice writes them."""
    def cell(v: str) -> str:
        return f'<table:table-cell office:value-type="string"><text:p>{v}</text:p></table:table-cell>'
    rows = [["Item", "Cost"], ["Rent", "900"], ["Food", "300"]]
    body = ('<office:spreadsheet><table:table table:name="Budget">'
            + "".join('<table:table-row>' + "".join(cell(v) for v in r)
                      + '<table:table-cell table:number-columns-repeated="16382"/></table:table-row>' for r in rows)
            + '<table:table-row table:number-rows-repeated="1048573"><table:table-cell '
              'table:number-columns-repeated="16384"/></table:table-row>'
            + '</table:table></office:spreadsheet>')
    return write_odf(path, "ods", body)


HTML = """<!DOCTYPE html><html><head><title>Gardening Guide</title><style>p {color: red}</style>
<script>document.write("never run")</script></head><body>
<nav><a href="/">Home</a></nav>
<h1>Gardening Guide</h1><p>Good soil makes <b>healthy</b> plants.</p>
<h2>Soil</h2><ul><li>Add compost each spring</li><li>Avoid compacting wet soil</li></ul>
<h3>Acidity</h3><table><caption>Table 1: pH ranges</caption><tr><th>Plant</th><th>pH</th></tr>
<tr><td>Blueberry</td><td>4.5-5.5</td></tr><tr><td>Tomato</td><td>6.0-6.8</td></tr></table>
<figure><img src="bed.png" alt="A raised bed"><figcaption>Figure 1: raised bed layout</figcaption></figure>
<h2>Watering</h2><p>Water deeply twice a week &lt;script&gt; stays text.</p></body></html>"""

MARKDOWN = """---
title: Release Notes 2.1
---
Release Notes
=============

Version 2.1 brings faster imports.

## Fixes

- Crash on empty folders fixed
- Dates parse in every locale

| Issue | Status |
|---|---|
| 101 | closed |

## Known Issues

![Screenshot of the import dialog](import.png)

Large folders still take a while.
"""


def make_epub(path: Path) -> Path:
    """Two chapters; the TOC nests a section pointing to an #anchor inside chapter one."""
    from ebooklib import epub

    book = epub.EpubBook()
    book.set_identifier("folio-test-book")
    book.set_title("Sea Stories")
    book.set_language("en")
    c1 = epub.EpubHtml(title="Chapter One: Harbour", file_name="c1.xhtml", lang="en")
    c1.content = ("<html><body><h1>Chapter One: Harbour</h1><p>The harbour was quiet at dawn.</p>"
                  '<h2 id="light">The Lighthouse</h2><p>The keeper lit the lamp at six.</p></body></html>')
    c2 = epub.EpubHtml(title="Chapter Two: Storm", file_name="c2.xhtml", lang="en")
    c2.content = "<html><body><h1>Chapter Two: Storm</h1><p>Waves broke over the pier.</p></body></html>"
    for c in (c1, c2):
        book.add_item(c)
    book.toc = [(epub.Link("c1.xhtml", "Chapter One: Harbour", "c1"),
                 [epub.Link("c1.xhtml#light", "The Lighthouse", "light")]),
                epub.Link("c2.xhtml", "Chapter Two: Storm", "c2")]
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = ["nav", c1, c2]
    epub.write_epub(str(path), book)
    return path


RTF = ("{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times;}}{\\stylesheet{\\s0 Normal;}{\\s1\\outlinelevel0 heading 1;}"
       "{\\s2\\outlinelevel1 heading 2;}}\n{\\pard\\s1\\outlinelevel0 Getting Started\\par}\n"
       "{\\pard\\s0 Plain words here about the tool.\\par}\n{\\pard\\s2\\outlinelevel1 Install Steps\\par}\n"
       "{\\pard\\s0 Run the installer and follow the prompts.\\par}\n}")


def make(kind: str, folder: Path) -> Path:
    """The fixture of one format in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    makers = {"docx": make_docx, "pptx": make_pptx, "xlsx": make_xlsx, "odt": make_odt, "odp": make_odp,
              "ods": make_ods, "epub": make_epub}
    ext = {"markdown": "md"}.get(kind, kind)
    path = folder / f"sample.{ext}"
    if kind in makers:
        return makers[kind](path)
    text = {"html": HTML, "markdown": MARKDOWN, "rtf": RTF, "txt": "First paragraph line one\nline two.\n\n"
            "Second paragraph.\n"}[kind]
    path.write_text(text, "utf-8")
    return path
