"""Keyword modes compared: CPU cost per chunk, and a library's keyword edges rebuilt by a mode.

    python benchmarks/ingest_keywords.py cost LIBRARY --modes spacy,tagger,... [--limit N] [--json]
    python benchmarks/ingest_keywords.py rebuild LIBRARY OUT --mode MODE

`cost` extracts the keywords of LIBRARY's chunks (a Folio data dir) with each mode, in this
process, one mode at a time: CPU seconds (`time.process_time`, this process only: far less
sensitive to other work on the machine than wall time) for loading the mode's model and per
chunk for the extraction, and the keywords per chunk; with the 1-minute load average before
and after.

`rebuild` copies LIBRARY to OUT and replaces its chunk keywords and keyword edges (title
mentions included) with those of MODE, document by document in the order they were added,
against the library so far, as an ingest would have made them; embeddings, full text,
structural and semantic edges stay as they are, so that an evaluation of OUT differs from
one of LIBRARY only by the keyword mode. Evaluate it with the same mode for the questions:

    FOLIO_KEYWORDS=MODE python -m core --data-dir OUT eval --questions Q --retrievers gnn,kgp,iier,multiroute
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from core.config import GraphSettings  # noqa: E402
from core.index.catalog import Catalog  # noqa: E402
from core.index.graph_build import GraphBuilder  # noqa: E402
from core.index.keyword_modes import MODEL_FREE, load  # noqa: E402
from core.index.keywords import KeywordExtractor, is_mention  # noqa: E402


def library_chunks(library: Path, limit: int = 0) -> list:
    """The chunks of a data dir, documents in the order they were added."""
    catalog = Catalog(library / "catalog.sqlite")
    try:
        docs = sorted(catalog.documents(), key=lambda d: (d.added_at, d.doc_id))
        chunks = [c for d in docs for c in catalog.doc_chunks(d.doc_id)]
    finally:
        catalog.close()
    return chunks[:limit] if limit else chunks


def cost(library: Path, modes: list[str], limit: int) -> list[dict]:
    """CPU seconds to load each mode and per chunk to extract, with keywords per chunk."""
    chunks = library_chunks(library, limit)
    rows = []
    for mode in modes:
        extractor = KeywordExtractor(GraphSettings(keyword_mode=mode))
        load_before = os.getloadavg()[0]
        start = time.process_time()
        if mode not in MODEL_FREE:
            load(mode)
        loaded = time.process_time()
        found = extractor.extract_chunks(chunks)
        done = time.process_time()
        words = [sum(not is_mention(k) for k in kws) for kws in found]
        rows.append({"mode": mode, "chunks": len(chunks), "load_cpu_s": round(loaded - start, 2),
                     "cpu_ms_per_chunk": round(1000 * (done - loaded) / len(chunks), 2),
                     "keywords_per_chunk": round(sum(words) / len(chunks), 2),
                     "load_avg_1min": f"{load_before:.1f} -> {os.getloadavg()[0]:.1f}"})
        print(json.dumps(rows[-1]), flush=True)
    return rows


def rebuild(library: Path, out: Path, mode: str) -> dict:
    """Copy `library` to `out` with its keywords and keyword edges made by `mode`."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(library, out)
    catalog = Catalog(out / "catalog.sqlite")
    settings = GraphSettings(keyword_mode=mode)
    extractor, builder = KeywordExtractor(settings), GraphBuilder(settings)
    cpu, edges_made, total = 0.0, 0, 0
    try:
        docs = sorted(catalog.documents(), key=lambda d: (d.added_at, d.doc_id))
        with catalog._lock, catalog._db:  # a benchmark's own copy: plain SQL is fine here
            catalog._db.execute("DELETE FROM keywords")
            catalog._db.execute("DELETE FROM edges WHERE kind='keyword'")
        for doc in docs:
            chunks = catalog.doc_chunks(doc.doc_id)
            total += len(chunks)
            start = time.process_time()
            found = extractor.extract_chunks(chunks)
            cpu += time.process_time() - start
            edges = builder.keyword_edges(chunks, found, catalog, total)
            edges += builder.mention_edges(chunks, found, catalog)
            _store(catalog, doc.doc_id, chunks, found, edges)
            edges_made += len(edges)
        catalog._bump_generation()
    finally:
        catalog.close()
    return {"mode": mode, "chunks": total, "keyword_edges": edges_made,
            "extract_cpu_ms_per_chunk": round(1000 * cpu / max(total, 1), 2)}


def _store(catalog: Catalog, doc_id: str, chunks, found, edges) -> None:
    chunk_doc = {c.chunk_id: c.doc_id for c in chunks}
    with catalog._lock, catalog._db:
        catalog._db.executemany("INSERT INTO keywords VALUES (?,?,?)",
                                [(c.chunk_id, k, doc_id) for c, kws in zip(chunks, found) for k in kws])
        catalog._db.executemany(
            "INSERT INTO edges VALUES (?,?,?,?,?,?,?)",
            [(e.source, e.target, e.kind, e.weight, e.label, doc_id, catalog._other_doc(e, doc_id, chunk_doc))
             for e in edges])


def main(argv: list[str] | None = None) -> None:
    """Command line: `cost` or `rebuild` (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("cost")
    c.add_argument("library", type=Path)
    c.add_argument("--modes", default="spacy,tagger,nounchunks,yake,tfidf")
    c.add_argument("--limit", type=int, default=0)
    r = sub.add_parser("rebuild")
    r.add_argument("library", type=Path)
    r.add_argument("out", type=Path)
    r.add_argument("--mode", required=True)
    args = parser.parse_args(argv)
    if args.command == "cost":
        cost(args.library, [m.strip() for m in args.modes.split(",") if m.strip()], args.limit)
    else:
        print(json.dumps(rebuild(args.library, args.out, args.mode)))


if __name__ == "__main__":
    main()
