"""End-to-end ingestion figures: pages/s overall and per stage, and peak memory.

    python benchmarks/ingest_library.py PATH.pdf [--long 500]

Ingests the PDF into a fresh temporary library (the same code path as `python -m core
ingest`) and prints JSON: pages, chunks, seconds per stage, pages/s end to end and per
stage, and the process's peak resident memory. `--long N` instead generates an N-page PDF
with the test fixture builder and measures that.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    """Parse arguments, ingest once, print the figures as JSON."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdf", nargs="?", help="PDF to ingest")
    ap.add_argument("--long", type=int, default=0, help="generate an N-page PDF instead")
    args = ap.parse_args()
    from core.config import Settings
    from core.library import Library

    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(args.pdf) if args.pdf else None
        if args.long:
            from tests.ingest.fixtures import make_long_pdf
            pdf = make_long_pdf(Path(tmp) / f"long-{args.long}.pdf", args.long)
        rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        lib = Library(Settings.load(Path(tmp) / "lib", env={}))
        lib.embedder.embed(["warm up the model before timing"])
        rss_ready = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        start = time.perf_counter()
        outcome = lib.add([pdf])[0]
        total = time.perf_counter() - start
        if outcome.status != "added":
            sys.exit(f"ingest failed: {outcome.message}")
        pages = outcome.doc.pages
        stages = dict(outcome.stage_seconds)
        print(json.dumps({
            "file": pdf.name, "pages": pages, "chunks": outcome.doc.chunks,
            "seconds_total": round(total, 2), "pages_per_s": round(pages / total, 2),
            "seconds_per_stage": {k: round(v, 2) for k, v in stages.items()},
            "pages_per_s_per_stage": {k: round(pages / v, 1) for k, v in stages.items() if v > 0},
            "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            "rss_before_library_mb": round(rss_before / 1024, 1),
            "peak_rss_before_ingest_mb": round(rss_ready / 1024, 1),  # model loaded, library open
            "load_average": os.getloadavg()[0],
        }, indent=1))


if __name__ == "__main__":
    main()
