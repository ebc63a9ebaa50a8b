"""The picture OCR reads for a scanned page: the scan's own pixels where that reads better.

A scanned page is usually one picture covering the whole page. Rendering it with MuPDF at
the OCR dpi resamples the scanner's pixels (bilinear), and Tesseract reads that resample
worse than the original: on the pdfqa-dev tuning pages scanned at 200 dpi, the picture at
its own resolution read with a word error of 0.068 against 0.072 for the 300-dpi render, at
27% less CPU (SCAN_ROUND5.md). With `OcrSettings.own_picture` (FOLIO_OCR_OWN_PICTURE=1; off by
default until its retrieval run is taken, SCAN_ROUND6.md) a page whose one picture covers it, upright, at between
`MIN_OWN_DPI` and the OCR dpi, is read from that picture's own pixels at its own resolution;
any other page (drawings, several pictures, a low-resolution or very fine scan, a rotated or
mirrored placement, a bilevel or masked picture) is rendered at the OCR dpi as before.

Example:
    >>> img, dpi = page_picture(page, 300, own=True)    # doctest: +SKIP
    >>> dpi                                   # a 200-dpi scan: its own pixels
    200
"""
from __future__ import annotations

import pymupdf
from PIL import Image

MIN_OWN_DPI = 200  # below this Tesseract reads small type badly: render at the OCR dpi instead
_COVER = 0.97  # share of the page's width and height the picture must span


def own_picture(page: pymupdf.Page, dpi: int) -> tuple[Image.Image, int] | None:
    """The page's single full-page picture as greyscale with its resolution, or None when the
    page is not such a scan or its resolution is outside [MIN_OWN_DPI, dpi]."""
    infos = page.get_image_info(xrefs=True)
    if len(infos) != 1 or not infos[0].get("xref") or page.get_cdrawings():
        return None
    info = infos[0]
    if info.get("bpc") != 8 or info.get("has-mask"):  # bilevel/masked: MuPDF applies what a raw decode may not
        return None
    a, b, c, d, _, _ = info["transform"]
    box, rect = pymupdf.Rect(info["bbox"]), page.rect
    upright = a > 0 and d > 0 and abs(b) < 1e-3 * a and abs(c) < 1e-3 * d
    if not upright or box.width < _COVER * rect.width or box.height < _COVER * rect.height:
        return None
    own = round(info["width"] * 72 / box.width)
    if not MIN_OWN_DPI <= own <= dpi or abs(info["height"] * 72 / box.height - own) > 2:
        return None
    pix = pymupdf.Pixmap(page.parent, info["xref"])
    if pix.n != 1:
        pix = pymupdf.Pixmap(pymupdf.csGRAY, pix)
    return Image.frombytes("L", (pix.width, pix.height), pix.samples), own


def page_picture(page: pymupdf.Page, dpi: int, own: bool = False) -> tuple[Image.Image, int]:
    """The greyscale picture to read for `page` and its resolution: the scan's own picture
    (own_picture) when there is one and `own`, else the page rendered by MuPDF at `dpi`."""
    picture = own_picture(page, dpi) if own else None
    if picture is not None:
        return picture
    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    return Image.frombytes("L", (pix.width, pix.height), pix.samples), dpi
