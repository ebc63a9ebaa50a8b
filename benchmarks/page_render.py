"""Page render latency for "Show on page": p50/p95 milliseconds at a zoom, on a real library.

For N chunks drawn at random (fixed seed) from the library's PDFs, in one run:

    plain       MuPDF renders the page and encodes a PNG (the floor: no highlight, no cache)
    highlight   the same page with the chunk highlighted (`core.evidence.render.render_page`)
    viewer      `EvidenceViewer.render` on a cold page cache (catalog look-up + render + file)
    cached      the same call again (the page cache answers)

    python benchmarks/page_render.py --data-dir DATA_DIR [--zoom 1.5] [--n 100] [--json-out FILE]
"""
from __future__ import annotations

import argparse
import json
import random
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
import pymupdf

from core.evidence.render import render_page
from core.evidence.viewer import EvidenceViewer
from core.index.catalog import Catalog


def timed(fn) -> float:
    """Milliseconds one call takes."""
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000.0


def plain(pdf: Path, page: int, zoom: float) -> bytes:
    """Render and encode a page as MuPDF does it, nothing else."""
    with pymupdf.open(pdf) as doc:
        return doc[page - 1].get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), alpha=False).tobytes("png")


def main() -> None:
    """Time the four steps over N chunks and print p50/p95 of each."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--zoom", type=float, default=1.5)
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--json-out", type=Path)
    args = ap.parse_args()
    catalog = Catalog(args.data_dir / "catalog.sqlite")
    cache = Path(tempfile.mkdtemp(prefix="folio-render-"))
    viewer = EvidenceViewer(args.data_dir, catalog)
    viewer.cache.root = cache  # a cold cache of our own: the library's cache is left alone
    docs = [d for d in catalog.documents() if viewer.original(d) is not None]
    chunks = [c for d in docs for c in catalog.doc_chunks(d.doc_id)]
    picked = random.Random(11).sample(chunks, min(args.n, len(chunks)))
    times: dict[str, list[float]] = {"plain": [], "highlight": [], "viewer": [], "cached": []}
    for chunk in picked:
        place = viewer.locate(chunk.chunk_id)
        page = place.pages[0]
        times["plain"].append(timed(lambda: plain(place.original, page, args.zoom)))
        times["highlight"].append(timed(lambda: render_page(place.original, page, args.zoom, place.boxes)))
        times["viewer"].append(timed(lambda: viewer.render(chunk.chunk_id, page, args.zoom)))
        times["cached"].append(timed(lambda: viewer.render(chunk.chunk_id, page, args.zoom)))
    shutil.rmtree(cache, ignore_errors=True)
    report = {k: {"p50_ms": round(float(np.percentile(v, 50)), 1), "p95_ms": round(float(np.percentile(v, 95)), 1)}
              for k, v in times.items()}
    report["chunks"] = len(picked)
    report["zoom"] = args.zoom
    report["highlight_over_plain_p50"] = round(report["highlight"]["p50_ms"] / report["plain"]["p50_ms"], 2)
    print(json.dumps(report, indent=1))
    if args.json_out:
        args.json_out.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
