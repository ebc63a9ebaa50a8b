"""Scanned-page and unmapped-glyph PDF fixtures, generated with PyMuPDF.

    from tests.ingest.scan_fixtures import add_scanned_page
    doc = pymupdf.open(); add_scanned_page(doc, ["Some text"]); doc.save(path)

A scanned page is text rendered to a greyscale picture and placed on a page that has no
text layer, as a scanner would produce it.
"""
from __future__ import annotations

import io
from pathlib import Path
from typing import Sequence

import numpy as np
import pymupdf
from PIL import Image

W, H = 595, 842


def add_scanned_page(doc: pymupdf.Document, paragraphs: Sequence[str], *, dpi: int = 150,
                     fontname: str = "helv", fontsize: float = 13, sideways: bool = False,
                     skew: float = 0.0, noise: float = 0.0) -> pymupdf.Page:
    """Append an image-only page showing `paragraphs` (rendered at `dpi`). `sideways`: the
    picture is stored turned a quarter left and the page shown upright by /Rotate 90;
    `skew` turns it that many degrees and `noise` adds Gaussian noise of that sigma."""
    paper = pymupdf.open()
    sheet = paper.new_page(width=W, height=H)
    y = 72.0
    for text in paragraphs:
        rect = pymupdf.Rect(72, y, W - 72, y + 300)
        spare = sheet.insert_textbox(rect, text, fontsize=fontsize, fontname=fontname)
        y += 300 - spare + fontsize
    pix = sheet.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    if not sideways:
        page = doc.new_page(width=W, height=H)
        page.insert_image(page.rect, stream=_scanner(pix, skew, noise))
        return page
    turned = sheet.get_pixmap(colorspace=pymupdf.csGRAY, matrix=pymupdf.Matrix(dpi / 72, dpi / 72).prerotate(-90))
    page = doc.new_page(width=H, height=W)
    page.insert_image(page.rect, stream=turned.tobytes("png"))
    page.set_rotation(90)
    return page


def _scanner(pix: pymupdf.Pixmap, skew: float, noise: float) -> bytes:
    """The picture as a scanner that turns the sheet `skew` degrees and adds noise gives it."""
    if not skew and not noise:
        return pix.tobytes("png")
    img = Image.frombytes("L", (pix.width, pix.height), pix.samples).rotate(skew, resample=Image.BICUBIC, fillcolor=255)
    arr = np.asarray(img, dtype=np.float32) + np.random.default_rng(5).normal(0, noise or 1e-9, (img.height, img.width))
    buf = io.BytesIO()
    Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)).save(buf, format="PNG")
    return buf.getvalue()


def add_text_page(doc: pymupdf.Document, paragraphs: Sequence[str]) -> pymupdf.Page:
    """Append a born-digital page with `paragraphs` as real text."""
    page = doc.new_page(width=W, height=H)
    y = 72.0
    for text in paragraphs:
        spare = page.insert_textbox(pymupdf.Rect(72, y, W - 72, y + 300), text, fontsize=11, fontname="helv")
        y += 300 - spare + 11
    return page


def make_unmapped_glyph_pdf(path: Path, plain: str, unmapped: str) -> Path:
    """A page with `plain` text and a line in a font whose glyphs have no Unicode map.

    PyMuPDF embeds the font as a Type0 (Identity-H) font with a ToUnicode CMap; removing
    that CMap leaves MuPDF no way to know the letters, so it extracts U+FFFD for them, as it
    does for real PDFs whose fonts lack a Unicode map.
    """
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    page.insert_text((72, 90), plain, fontname="helv", fontsize=11)
    page.insert_font(fontname="F0", fontbuffer=pymupdf.Font("cour").buffer)
    page.insert_text((72, 120), unmapped, fontname="F0", fontsize=11)
    page.insert_text((72, 150), plain, fontname="helv", fontsize=11)
    doc.subset_fonts()
    for xref in range(1, doc.xref_length()):
        if doc.xref_get_key(xref, "ToUnicode")[0] == "xref":
            doc.xref_set_key(xref, "ToUnicode", "null")
    doc.save(path)
    return path
