"""Ingest PDFs through the product (Library.add: parse, chunk, table rows, every store, graph)
with passage vectors read from an embedding cache, and measure what table rows cost.

On a 2-core machine shared by many sessions, embedding 1,500 chunks twice (once per code
version compared) takes longer than the time there is; the vectors of a text do not depend
on the code that asked for them, so they are read from the cache that
`benchmarks/table_designs.py` fills (WORK/emb/cache.npz, keyed by the text's sha1) and only
texts missing there are embedded (and counted). Questions at eval time are embedded live
(`python -m core eval`). Run it from the checkout whose code is measured.

    python benchmarks/table_ingest.py --pdf-dir DIR --data-dir D --cache WORK [--cost FILE.pdf]

`--cost` embeds one PDF's chunk texts and its row texts with the real model and reports the
CPU seconds of each (the ingest-time cost of rows), with the load average beside it.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, os.getcwd())  # the checkout measured (run from it)
sys.path.insert(1, str(Path(__file__).resolve().parent))  # table_designs

from table_designs import Vectors  # noqa: E402


class CachedEmbedder:
    """The packaged embedder, with passage vectors read from a `Vectors` cache first."""

    def __init__(self, cache: Vectors):
        from core.index.embedder import SentenceEmbedder
        self.cache = cache
        self.live = SentenceEmbedder(device="cpu")
        self.dim = self.live.dim
        self.missed = 0

    def embed(self, texts):
        """Vectors of passages: cached ones read, the others embedded (and cached)."""
        self.missed += sum(1 for t in set(texts) if self.cache.key(t) not in self.cache.row)
        return self.cache.of(list(texts))

    def embed_query(self, text):
        """A question, embedded live."""
        return self.live.embed_query(text)

    def __getattr__(self, name):
        return getattr(self.live, name)


def ingest(pdf_dir: Path, data_dir: Path, cache: Vectors) -> dict:
    """Add every PDF of `pdf_dir` to a library in `data_dir`; counts and CPU seconds."""
    from core.config import Settings
    from core.library import Library
    embedder = CachedEmbedder(cache)
    lib = Library(Settings.load(data_dir, env={}), embedder=embedder)
    cpu, wall = time.process_time(), time.perf_counter()
    outcomes = lib.add(sorted(pdf_dir.glob("*.pdf")))
    chunks = sum(d.chunks for d in lib.documents())
    return {"files": [f"{o.status} {o.source} {o.message}" for o in outcomes], "chunks": chunks,
            "store_entries": lib.vectors.count(), "row_entries": lib.vectors.count() - chunks,
            "texts_embedded_live": embedder.missed, "cpu_s_this_process": round(time.process_time() - cpu, 1),
            "wall_s": round(time.perf_counter() - wall, 1), "load": os.getloadavg()}


def cost(pdf: Path, work: Path) -> dict:
    """CPU seconds to embed one PDF's chunk texts and its table rows' texts (real model)."""
    from core.config import Settings
    from core.index.embedder import SentenceEmbedder, embed_sorted
    from core.index.row_entries import row_entries
    from core.ingest.chunking import chunk_markdown
    from core.ingest.pdf import pdf_to_markdown
    out = pdf_to_markdown(pdf, work / "assets")
    _, chunks = chunk_markdown("d", out.title, out.markdown, Settings(data_dir=work).chunking)
    rows = [t for _, t, _ in row_entries(chunks)]
    model = SentenceEmbedder(device="cpu")
    model.embed(["warm up"])
    report = {"file": pdf.name, "chunks": len(chunks), "tables": sum(c.kind == "table" for c in chunks),
              "rows": len(rows), "load_before": os.getloadavg()}
    for name, texts in (("chunks", [c.embed_text for c in chunks]), ("rows", rows)):
        start = time.process_time()
        embed_sorted(model, texts, 32)
        report[f"cpu_s_{name}"] = round(time.process_time() - start, 2)
    report["load_after"] = os.getloadavg()
    return report


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pdf-dir", type=Path)
    ap.add_argument("--data-dir", type=Path)
    ap.add_argument("--cache", type=Path, required=True, help="table_designs.py's WORK folder")
    ap.add_argument("--cost", type=Path, help="one PDF whose row embedding cost is measured")
    args = ap.parse_args()
    if args.cost:
        print(json.dumps(cost(args.cost, args.cache / "cost")), flush=True)
    if args.pdf_dir:
        print(json.dumps(ingest(args.pdf_dir, args.data_dir, Vectors(args.cache))), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
