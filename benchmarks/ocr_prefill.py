"""Fill FOLIO_OCR_CACHE for scanned PDFs one page at a time, through Folio's own OCR path.

    FOLIO_OCR_CACHE=CACHE python benchmarks/ocr_prefill.py SCAN.pdf [SCAN2.pdf ...] [--check]

Each page that needs OCR is rendered with `render_page` (the ingest's dpi, deskew/denoise
and mode choice, default settings) and read by `read_page`, which stores the reading under
the page's key; a later `python -m core ingest` with the same FOLIO_OCR_CACHE then reads no
page again. One Tesseract runs at a time (for a shared machine), and a page already in the
cache is skipped, so a stopped run picks up where it stopped. `--check` reads nothing and
prints, per file, how many pages the cache already holds (is the cache still valid for
today's code?). Prints one line a page read and one a file.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import pymupdf

from core.config import OcrSettings
from core.ingest.pdf import ocr_cache
from core.ingest.pdf.ocr import pages_to_ocr, read_page, render_page


def prefill(path: Path, settings: OcrSettings, check: bool, start: float) -> None:
    """Read (or with `check`, only look up) every page of `path` that needs OCR."""
    with pymupdf.open(path) as doc, tempfile.TemporaryDirectory(prefix="ocr-prefill-") as tmp:
        wanted = pages_to_ocr(doc)
        hits = 0
        for i, n in enumerate(wanted):
            doc[n].remove_rotation()  # as the ingest does before rendering
            png, psm, dpi = render_page(doc[n], settings)
            page_settings = replace(settings, psm=psm, dpi=dpi)
            options = ["-l", settings.languages, "--dpi", str(dpi), "--psm", str(psm)]
            if ocr_cache.cached(ocr_cache.cache_key(png, options)) is not None:
                hits += 1
            elif not check:
                read_page(png, page_settings, Path(tmp))
                print(f"{path.name} page {n + 1} ({i + 1}/{len(wanted)}) psm {psm} read, "
                      f"{time.time() - start:.0f}s", flush=True)
    print(f"FILE {path.name}: {len(wanted)} pages, {hits} cache hits before this run, "
          f"t={time.time() - start:.0f}s", flush=True)


def main() -> None:
    """Prefill (or check) the cache for each file given."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", type=Path, nargs="+")
    ap.add_argument("--check", action="store_true", help="look up only; read no page")
    args = ap.parse_args()
    if not os.environ.get(ocr_cache.ENV):
        sys.exit(f"set {ocr_cache.ENV} to the cache folder")
    own = os.environ.get("FOLIO_OCR_OWN_PICTURE", "0").lower() in ("1", "true", "yes", "on")
    settings, start = OcrSettings(own_picture=own), time.time()
    for path in args.files:
        prefill(path, settings, args.check, start)
    print(f"ALL DONE {time.time() - start:.0f}s", flush=True)


if __name__ == "__main__":
    main()
