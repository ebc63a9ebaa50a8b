"""PDF fixtures generated with PyMuPDF, for the ingest tests and any other suite.

    from tests.ingest.fixtures import make_pdf
    make_pdf(tmp_path / "manual.pdf", kind="structured")

Kinds: "structured" (3 pages: numbered headings at three levels, outline, a ruled table
with caption, a picture with caption, a two-column page, running header/footer and page
numbers), "no_outline" (the same without an outline), "long" (500 pages), and the bad
inputs of `make_bad_pdf`: "encrypted", "truncated", "zero_pages", "image_only",
"not_pdf", "empty".
"""
from __future__ import annotations

from pathlib import Path

import pymupdf

TITLE = "Folio Test Manual"
HEADER = "Folio Test Manual - Draft edition"
W, H = 595, 842
LEFT, RIGHT = 72, 523

INTRO = ("The folio engine reads portable documents and answers questions about them. "
         "Every answer cites the pages it used, so a reader can check the evidence quickly.")
SCOPE = ("This manual covers installation and daily use. The nightly rebuild runs at "
         "03:15 and keeps every index consistent with the library folder.")
DETAILS = ("Chunks hold at most two hundred words. A chunk never mixes two sections, and "
           "each one carries the heading path of its section.")
DATA = "Measured throughput is listed below for three machines."
FIGURE_TEXT = "The red square marks the region used for calibration."
LEFT_COL = ("Left column text starts here. The archive service stores original files "
            "in a content-addressed folder for later review.")
RIGHT_COL = ("Right column text follows later. The cleanup service removes stale "
             "thumbnails once a week on Sundays.")
TABLE_ROWS = [["Machine", "Pages/s", "Memory"], ["laptop", "41", "2 GB"],
              ["server", "180", "8 GB"], ["phone", "7", "1 GB"]]
TOC = [[1, "1 Introduction", 1], [2, "1.1 Scope", 1], [3, "1.1.1 Details", 1],
       [1, "2 Data", 2], [2, "2.1 Figures", 2], [1, "3 Layout", 3]]


def _text(page: pymupdf.Page, y: float, text: str, size: float = 11, bold: bool = False) -> float:
    """Write wrapped text from y; return the y below it."""
    rect = pymupdf.Rect(LEFT, y, RIGHT, y + 200)
    font = "hebo" if bold else "helv"
    spare = page.insert_textbox(rect, text, fontsize=size, fontname=font)
    return y + 200 - spare + 8


def _margins(page: pymupdf.Page, n: int) -> None:
    """Running header and page-number footer."""
    page.insert_text((LEFT, 40), HEADER, fontsize=9, fontname="helv")
    page.insert_text((W / 2 - 10, 815), f"Page {n}", fontsize=9, fontname="helv")


def _table(page: pymupdf.Page, y: float) -> float:
    """A ruled 3-column table with its caption above; returns the y below it."""
    y = _text(page, y, "Table 1: Throughput by machine", size=10)
    col_w, row_h = 120, 20
    for r, row in enumerate(TABLE_ROWS):
        for c, cell in enumerate(row):
            rect = pymupdf.Rect(LEFT + c * col_w, y + r * row_h, LEFT + (c + 1) * col_w, y + (r + 1) * row_h)
            page.draw_rect(rect, color=(0, 0, 0), width=0.8)
            page.insert_text((rect.x0 + 4, rect.y1 - 6), cell, fontsize=10, fontname="helv")
    return y + len(TABLE_ROWS) * row_h + 14


def _picture(page: pymupdf.Page, y: float) -> float:
    """A red 80x80 picture with a caption below; returns the y below it."""
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 64, 64), False)
    pix.set_rect(pix.irect, (220, 30, 30))
    page.insert_image(pymupdf.Rect(LEFT, y, LEFT + 80, y + 80), stream=pix.tobytes("png"))
    return _text(page, y + 86, "Figure 1: Calibration target", size=10)


def make_structured_pdf(path: Path, outline: bool = True) -> Path:
    """Write the 3-page structured fixture (see module doc) and return its path."""
    doc = pymupdf.open()
    doc.set_metadata({"title": TITLE})
    p1 = doc.new_page(width=W, height=H)
    y = _text(p1, 80, TITLE, size=24, bold=True)
    y = _text(p1, y + 10, "1 Introduction", size=18, bold=True)
    y = _text(p1, y, INTRO)
    y = _text(p1, y, "1.1 Scope", size=14, bold=True)
    y = _text(p1, y, SCOPE)
    y = _text(p1, y, "1.1.1 Details", size=12, bold=True)
    _text(p1, y, DETAILS)
    p2 = doc.new_page(width=W, height=H)
    y = _text(p2, 80, "2 Data", size=18, bold=True)
    y = _text(p2, y, DATA)
    y = _table(p2, y)
    y = _text(p2, y, "2.1 Figures", size=14, bold=True)
    y = _text(p2, y, FIGURE_TEXT)
    _picture(p2, y)
    p3 = doc.new_page(width=W, height=H)
    y = _text(p3, 80, "3 Layout", size=18, bold=True)
    # right column first in the content stream: reading order must not follow it
    p3.insert_textbox(pymupdf.Rect(310, y, RIGHT, y + 120), RIGHT_COL, fontsize=11, fontname="helv")
    p3.insert_textbox(pymupdf.Rect(LEFT, y, 285, y + 120), LEFT_COL, fontsize=11, fontname="helv")
    for n, page in enumerate(doc, start=1):
        _margins(page, n)
    if outline:
        doc.set_toc(TOC)
    doc.save(path)
    return path


def make_long_pdf(path: Path, pages: int = 500) -> Path:
    """A long plain PDF: one numbered chapter heading and one paragraph per page."""
    doc = pymupdf.open()
    for n in range(1, pages + 1):
        page = doc.new_page(width=W, height=H)
        y = _text(page, 80, f"{n} Chapter number {n}", size=16, bold=True)
        _text(page, y, f"Paragraph {n} explains topic {n} in plain words for the long fixture.")
        _margins(page, n)
    doc.save(path)
    return path


def make_bad_pdf(path: Path, kind: str) -> Path:
    """Write one kind of bad input (see module doc) and return its path."""
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "not_pdf":
        path.write_text("just some text, not a PDF\n" * 5)
    elif kind == "truncated":
        full = path.with_suffix(".full.pdf")
        make_structured_pdf(full)
        data = full.read_bytes()
        full.unlink()
        path.write_bytes(data[: len(data) // 2])
    elif kind == "encrypted":
        doc = pymupdf.open()
        _text(doc.new_page(), 80, "secret text")
        doc.save(path, encryption=pymupdf.PDF_ENCRYPT_AES_256, owner_pw="owner", user_pw="user")
    elif kind == "zero_pages":
        path.write_bytes(_zero_page_bytes())
    elif kind == "image_only":
        doc = pymupdf.open()
        for _ in range(2):
            _picture_only(doc.new_page())
        doc.save(path)
    else:
        raise ValueError(f"unknown bad-PDF kind {kind!r}; use empty, not_pdf, truncated, encrypted, zero_pages, image_only")
    return path


def _picture_only(page: pymupdf.Page) -> None:
    """A scanned-looking page: one big grey picture, no text layer."""
    pix = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, 100, 140), False)
    pix.set_rect(pix.irect, (200,))
    page.insert_image(page.rect, stream=pix.tobytes("png"))


def raw_pdf(objects: list[bytes]) -> bytes:
    """A PDF from object bodies 1..n (1 is the catalog) with a correct xref table."""
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for n, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def _zero_page_bytes() -> bytes:
    """A syntactically valid PDF whose page tree has no pages (PyMuPDF will not save one)."""
    return raw_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"])


def make_pdf(path: Path, kind: str = "structured") -> Path:
    """Write a fixture PDF of the given kind (see module doc) and return its path."""
    if kind == "structured":
        return make_structured_pdf(path)
    if kind == "no_outline":
        return make_structured_pdf(path, outline=False)
    if kind == "long":
        return make_long_pdf(path)
    return make_bad_pdf(path, kind)
