"""OCR speed: pages per second of Folio's OCR stage, 1 and 2 pages at a time.

    python benchmarks/ocr_speed.py SCANNED.pdf [--pages 8] [--jobs 1,2] [--dpi 300] [--before]

Runs `core.ingest.pdf.ocr.apply_ocr` on the first N pages of an image-only PDF (see
scan_pdfs.py) and prints wall seconds, CPU seconds (this process and the Tesseract
programs it ran) and pages per second, with the load average: on a shared machine the wall
time grows with other people's work, the CPU time does not, and 2 / (CPU s per page) is the
rate two free cores would give. `--before`: the settings before the page preparation and
per-page segmentation mode (Tesseract --psm 3, no deskew/denoise); FOLIO_OCR_CACHE is ignored.
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

import pymupdf

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.config import OcrSettings  # noqa: E402
from core.ingest.pdf.ocr import OcrJob, apply_ocr  # noqa: E402


def _cpu() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    """Time the OCR stage for each jobs value."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pdf", type=Path)
    ap.add_argument("--pages", type=int, default=8)
    ap.add_argument("--jobs", default="1,2")
    ap.add_argument("--dpi", type=int, default=300)
    ap.add_argument("--before", action="store_true")
    args = ap.parse_args()
    os.environ.pop("FOLIO_OCR_CACHE", None)  # time readings, not the cache
    with tempfile.TemporaryDirectory() as tmp:
        sample = Path(tmp) / "sample.pdf"
        with pymupdf.open(args.pdf) as doc:
            doc.select(list(range(min(args.pages, doc.page_count))))
            doc.save(sample)
        print(f"load average before: {os.getloadavg()}")
        for jobs in (int(j) for j in args.jobs.split(",")):
            settings = OcrSettings(dpi=args.dpi, jobs=jobs, **({"psm": 3, "prepare": False} if args.before else {}))
            start, cpu = time.perf_counter(), _cpu()
            result = apply_ocr(sample, OcrJob(settings, Path(tmp) / f"work{jobs}"))
            wall, used = time.perf_counter() - start, _cpu() - cpu
            n = len(result.confidence)
            print(f"jobs {jobs}: {n} pages in {wall:.1f} s wall ({n / wall:.2f} pages/s), {used:.1f} s CPU "
                  f"({used / n:.2f} CPU s/page; two free cores: {2 * n / used:.2f} pages/s)")
        print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
