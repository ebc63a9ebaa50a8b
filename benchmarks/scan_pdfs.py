"""Make "scanned" copies of PDFs: every page rendered to a greyscale picture, no text layer.

    python benchmarks/scan_pdfs.py SRC_DIR OUT_DIR [--dpi 200] [--degrade] [--pages N]

Each output page has the input page's size and shows only a picture of it, as a scanner
would produce. `--degrade` rotates each picture 0.7 degrees and adds Gaussian noise (sigma
18), like a slightly skewed office scan. Like a real scan, the copy has no outline and no
metadata title (`--keep-outline` keeps both). `--pages N` keeps the first N pages.
"""
from __future__ import annotations

import argparse
import io
from pathlib import Path

import numpy as np
import pymupdf
from PIL import Image


def picture(page: pymupdf.Page, dpi: int, degrade: bool, seed: int) -> bytes:
    """The page as a greyscale PNG, degraded like a skewed, noisy scan when asked."""
    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    if not degrade:
        return pix.tobytes("png")
    img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
    img = img.rotate(0.7, resample=Image.BICUBIC, fillcolor=255)
    arr = np.asarray(img, dtype=np.float32) + np.random.default_rng(seed).normal(0, 18, (pix.height, pix.width))
    buf = io.BytesIO()
    Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)).save(buf, format="PNG")
    return buf.getvalue()


def scan_pdf(src: Path, out: Path, dpi: int, degrade: bool = False, pages: int = 0,
             keep_outline: bool = False) -> int:
    """Write the image-only copy of `src` to `out`; return its page count."""
    with pymupdf.open(src) as doc, pymupdf.open() as scan:
        for n, page in enumerate(doc):
            if pages and n >= pages:
                break
            new = scan.new_page(width=page.rect.width, height=page.rect.height)
            new.insert_image(new.rect, stream=picture(page, dpi, degrade, n))
        if keep_outline:
            scan.set_metadata({"title": (doc.metadata or {}).get("title", "")})
            scan.set_toc([e for e in doc.get_toc() if e[2] <= scan.page_count])
        scan.save(out, garbage=3, deflate=True)
        return scan.page_count


def main() -> None:
    """Scan every PDF of SRC_DIR into OUT_DIR (same file names)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("src", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--dpi", type=int, default=200)
    ap.add_argument("--degrade", action="store_true")
    ap.add_argument("--pages", type=int, default=0)
    ap.add_argument("--keep-outline", action="store_true", help="keep the outline and metadata title")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for pdf in sorted(args.src.glob("*.pdf")):
        n = scan_pdf(pdf, args.out / pdf.name, args.dpi, args.degrade, args.pages, args.keep_outline)
        print(f"{pdf.name}: {n} pages")


if __name__ == "__main__":
    main()
