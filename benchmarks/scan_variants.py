"""OCR reading variants for scan_tune.py: how a scanned page is rasterised, pre-processed and
read by Tesseract, beyond Folio's settings.

A variant is a comma-separated spec; every key is optional:

    dpi=400          render dpi (OcrSettings.dpi)
    psm=6            Tesseract page segmentation mode (0: Folio's per-page choice, 4 or 3)
    prepare=0        deskew and denoise (ocr_image.prepare) off
    th=2             Tesseract thresholding_method (0 Otsu, 1 LeptonicaOtsu, 2 Sauvola)
    c.NAME=VALUE     any other Tesseract variable (c.preserve_interword_spaces=1)
    src=native       the page's own picture at its own resolution instead of MuPDF's render
    src=lanczos      the page's own picture resized to `dpi` with Lanczos (MuPDF renders bilinear)
    bin=1            binarised (Otsu) by Folio before Tesseract sees it
    best=4/6         read with both modes, keep the page whose mean word confidence is higher

Example:
    >>> text, conf = read_variant(scan_page, "dpi=300,best=4/6")   # doctest: +SKIP
"""
from __future__ import annotations

import io
from dataclasses import replace

import numpy as np
import pymupdf
from PIL import Image

from core.config import OcrSettings
from core.ingest.pdf.ocr import PageOcr, read_page, render_page
from core.ingest.pdf.ocr_image import _threshold, has_columns, prepare

BASE = OcrSettings(dpi=300, psm=0, prepare=True)  # Folio's shipped settings


def parse(spec: str) -> tuple[OcrSettings, tuple[str, ...], dict[str, str]]:
    """Spec -> settings, Tesseract variables, and the keys handled here (src, bin, best)."""
    settings, config, extra = BASE, [], {}
    for part in filter(None, spec.split(",")):
        key, value = part.split("=", 1)
        if key == "th":
            config.append(f"thresholding_method={value}")
        elif key.startswith("c."):
            config.append(f"{key[2:]}={value}")
        elif key in ("src", "bin", "best"):
            extra[key] = value
        else:
            settings = replace(settings, **{key: type(getattr(BASE, key))(int(value))})
    return settings, tuple(config), extra


def _png(img: Image.Image, dpi: int) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", dpi=(dpi, dpi), compress_level=1)
    return buf.getvalue()


def _own_picture(page: pymupdf.Page) -> tuple[Image.Image, int]:
    """The page's (single, full-page) picture as greyscale and its resolution in dpi."""
    xref = page.get_images(full=True)[0][0]
    pix = pymupdf.Pixmap(page.parent, xref)
    if pix.n != 1:
        pix = pymupdf.Pixmap(pymupdf.csGRAY, pix)
    img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
    return img, round(pix.width * 72 / page.rect.width)


def render(page: pymupdf.Page, settings: OcrSettings, extra: dict[str, str]) -> tuple[bytes, int, int]:
    """(PNG, dpi Tesseract is told, psm) for the variant."""
    src = extra.get("src", "")
    if not src and "bin" not in extra:
        png, psm, dpi = render_page(page, settings)
        return png, dpi, psm
    if src:
        img, dpi = _own_picture(page)
        if src == "lanczos":
            scale = settings.dpi / dpi
            img, dpi = img.resize((round(img.width * scale), round(img.height * scale)), Image.LANCZOS), settings.dpi
    else:
        pix = page.get_pixmap(dpi=settings.dpi, colorspace=pymupdf.csGRAY)
        img, dpi = Image.frombytes("L", (pix.width, pix.height), pix.samples), settings.dpi
    if settings.prepare:
        img = prepare(img)
    if extra.get("bin") == "1":
        img = Image.fromarray(((np.asarray(img) > _threshold(img)) * 255).astype(np.uint8))
    psm = settings.psm or (3 if has_columns(img) else 4)
    return _png(img, dpi), dpi, psm


def _mean(result: PageOcr) -> float:
    return sum(result.confidences) / len(result.confidences) if result.confidences else 0.0


def read_variant(page: pymupdf.Page, spec: str) -> tuple[str, float]:
    """The text Folio would lay over the scanned `page` under the variant, and its mean confidence."""
    settings, config, extra = parse(spec)
    png, dpi, psm = render(page, settings, extra)
    modes = [int(m) for m in extra["best"].split("/")] if "best" in extra else [psm]
    readings = [read_page(png, replace(settings, dpi=dpi, psm=m), config=config) for m in modes]
    best = max(readings, key=_mean)
    with pymupdf.open("pdf", best.pdf) as text_doc:
        return text_doc[0].get_text(), _mean(best)
