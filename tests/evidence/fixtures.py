"""A generated 'book' PDF for the evidence tests: roman-numbered front matter (PDF page
labels i-iii, then 1-5), numbered sections whose outline titles leave the number out (as
LaTeX/Texinfo manuals do), two captioned tables and two captioned figures.

    make_book_pdf(tmp_path / "chemnum.pdf", "The chemnum manual", "chemnum")

Physical page -> printed label: 1 i, 2 ii, 3 iii, 4 1, 5 2, 6 3, 7 4, 8 5.
"""
from __future__ import annotations

from pathlib import Path

import pymupdf

W, H = 595, 842
LEFT, RIGHT = 72, 523
LABELS = ["i", "ii", "iii", "1", "2", "3", "4", "5"]
# (physical page, number, title) of every section; the outline holds the titles only
SECTIONS = [(4, "1", "Getting started"), (4, "1.1", "Installing"), (5, "1.2", "First steps"),
            (6, "2", "Grid graphics"), (6, "2.1", "Viewports"), (7, "3", "Reference"),
            (7, "3.1", "Options"), (7, "3.2", "Colours"), (8, "3.3", "Output formats")]
TABLES = {"Table 1": 5, "Table 2": 7}  # caption number -> physical page
FIGURES = {"Figure 1": 6, "Figure 2": 8}


def paragraph(name: str, key: str) -> str:
    """The body text of one section (unique per document and section)."""
    texts = {
        "Preface": "This preface of the {n} manual explains the typographic conventions and thanks "
                   "the early testers who reported problems with the first drafts.",
        "Installing": "Install {n} from the package archive; the installer copies the style files "
                      "into the local tree and refreshes the file name database afterwards.",
        "First steps": "The first document with {n} loads the package in the preamble and then "
                       "prints a short sample so that every option can be checked by eye.",
        "Getting started": "This chapter walks through the setup of {n} on a fresh system.",
        "Grid graphics": "Grid graphics in {n} place every drawing inside nested rectangular "
                         "regions, so that labels and axes line up without manual offsets.",
        "Viewports": "A viewport of {n} is a rectangular region with its own coordinate system; "
                     "pushing a viewport makes it current until it is popped again.",
        "Reference": "This chapter lists every {n} option with its default value.",
        "Options": "Options of {n} are given as key value pairs when the package is loaded, and "
                   "most of them can be changed later in the document body.",
        "Colours": "Colours in {n} are named after the xcolor model; the table below gives the "
                   "names that the package defines for structure formulas.",
        "Output formats": "The {n} output pipeline writes PDF by default and can also produce "
                          "scalable vector graphics for web pages.",
        "Ack": "Acknowledgements: the {n} authors thank the members of the user group.",
    }
    return texts[key].format(n=name)


def _text(page: pymupdf.Page, y: float, text: str, size: float = 11, bold: bool = False) -> float:
    rect = pymupdf.Rect(LEFT, y, RIGHT, y + 200)
    spare = page.insert_textbox(rect, text, fontsize=size, fontname="hebo" if bold else "helv")
    return y + 200 - spare + 8


def _table(page: pymupdf.Page, y: float, caption: str, rows: list[list[str]]) -> float:
    y = _text(page, y, caption, size=10)
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            rect = pymupdf.Rect(LEFT + c * 130, y + r * 20, LEFT + (c + 1) * 130, y + (r + 1) * 20)
            page.draw_rect(rect, color=(0, 0, 0), width=0.8)
            page.insert_text((rect.x0 + 4, rect.y1 - 6), cell, fontsize=10, fontname="helv")
    return y + len(rows) * 20 + 14


def _figure(page: pymupdf.Page, y: float, caption: str, colour: tuple[int, int, int]) -> float:
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 64, 64), False)
    pix.set_rect(pix.irect, colour)
    page.insert_image(pymupdf.Rect(LEFT, y, LEFT + 90, y + 90), stream=pix.tobytes("png"))
    return _text(page, y + 96, caption, size=10)


def _body(doc: pymupdf.Document, name: str) -> None:
    """Pages 4-8: numbered section headings, paragraphs, tables and figures."""
    y = 0.0
    for phys in range(4, 9):
        page = doc[phys - 1]
        y = 80.0
        for p, number, title in SECTIONS:
            if p != phys:
                continue
            y = _text(page, y, f"{number} {title}", size=18 if "." not in number else 14, bold=True)
            y = _text(page, y, paragraph(name, title))
            if title == "First steps":
                y = _table(page, y, f"Table 1: Default settings of {name}",
                           [["Setting", "Default"], ["numbering", "arabic"], ["font", "serif"]])
            elif title == "Viewports":
                y = _figure(page, y, f"Figure 1: Viewport layout in {name}", (40, 90, 220))
            elif title == "Colours":
                y = _table(page, y, f"Table 2: Colour names of {name}",
                           [["Name", "Model"], ["ochre", "rgb"], ["teal", "cmyk"]])
            elif title == "Output formats":
                y = _figure(page, y, f"Figure 2: Output pipeline of {name}", (220, 60, 40))


def make_book_pdf(path: Path, title: str, name: str) -> Path:
    """Write the 8-page book (see the module doc) and return its path."""
    doc = pymupdf.open()
    doc.set_metadata({"title": title})
    for _ in LABELS:
        doc.new_page(width=W, height=H)
    y = _text(doc[0], 80, title, size=24, bold=True)
    _text(doc[0], y + 10, paragraph(name, "Preface"))
    _text(doc[1], 80, "Preface", size=18, bold=True)
    _text(doc[1], 120, paragraph(name, "Preface").replace("This preface", "The preface"))
    _text(doc[2], 80, paragraph(name, "Ack"))
    _body(doc, name)
    for n, page in enumerate(doc):
        page.insert_text((LEFT, 40), f"{title} - user guide", fontsize=9, fontname="helv")
        page.insert_text((W / 2 - 5, 815), LABELS[n], fontsize=9, fontname="helv")
    doc.set_page_labels([{"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1},
                         {"startpage": 3, "prefix": "", "style": "D", "firstpagenum": 1}])
    doc.set_toc([[1, "Preface", 2]] + [[1 if "." not in num else 2, t, p] for p, num, t in SECTIONS])
    doc.save(path)
    return path
