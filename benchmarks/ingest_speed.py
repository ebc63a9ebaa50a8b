"""Parse-stage speed: Folio's PDF -> Markdown against pymupdf4llm.to_markdown, same file, same run.

    python benchmarks/ingest_speed.py PDF [--repeat 1] [--json]

The published figure used R-intro.pdf from the Debian package r-doc-pdf (`apt-get download
r-doc-pdf && dpkg -x r-doc-pdf*.deb DIR`, then DIR/usr/share/doc/r-doc-pdf/manual/R-intro.pdf).
Reports pages/second of each (best of --repeat runs) and the ratio Folio / pymupdf4llm.
pymupdf4llm is timed twice: `to_markdown` as installed (with pymupdf_layout present it
runs its layout model) and its classic rule-based path `helpers.pymupdf_rag.to_markdown`.
Embedding and indexing are not included (the end-to-end figure is measured elsewhere).
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import pymupdf

from core.ingest.pdf import pdf_to_markdown

def best_seconds(fn, repeat: int) -> float:
    """Fastest wall time of `repeat` calls of fn()."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    """Time both parsers on one PDF and print pages/second and their ratio."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdf", help="the PDF to parse")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    pdf = Path(args.pdf)
    if not pdf.is_file():
        print(f"missing {pdf}; see the module doc to fetch it", file=sys.stderr)
        return 1
    try:
        import pymupdf4llm
        import pymupdf4llm.helpers.pymupdf_rag
    except ImportError:
        print("pymupdf4llm is not installed (pip install pymupdf4llm)", file=sys.stderr)
        return 1
    pages = pymupdf.open(pdf).page_count
    with tempfile.TemporaryDirectory() as tmp:
        folio = best_seconds(lambda: pdf_to_markdown(pdf, Path(tmp) / "assets"), args.repeat)
        ref = best_seconds(lambda: pymupdf4llm.to_markdown(str(pdf)), args.repeat)
        rag = best_seconds(lambda: pymupdf4llm.helpers.pymupdf_rag.to_markdown(str(pdf)), args.repeat)
    out = {"pdf": pdf.name, "pages": pages,
           "folio_s": round(folio, 2), "folio_pages_per_s": round(pages / folio, 1),
           "pymupdf4llm_s": round(ref, 2), "pymupdf4llm_pages_per_s": round(pages / ref, 1),
           "speed_ratio_folio_over_pymupdf4llm": round(ref / folio, 2),
           "pymupdf4llm_rag_s": round(rag, 2), "pymupdf4llm_rag_pages_per_s": round(pages / rag, 1),
           "speed_ratio_folio_over_pymupdf4llm_rag": round(rag / folio, 2),
           "pymupdf4llm_version": getattr(pymupdf4llm, "__version__", "?")}
    print(json.dumps(out, indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
