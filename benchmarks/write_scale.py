"""The write path as the library fills: CPU and memory per document from 0 to ~50,000 chunks.

    python benchmarks/write_scale.py SOURCE_DATA_DIR WORK [--copies 8] [--docs-per-window 4]
                                     [--every 25] [--json]

A 1,000-PDF folder takes hours to ingest because of the embedder; what grows with the
library is elsewhere (graph, stores, saves). This replays the documents of an ingested
library (its catalog's chunks and sections, read-only) `--copies` times into a fresh data
dir, each copy under new document and chunk ids and titles ("Mixed manual NNNN", as
benchmarks/folder_ratio.py names them), through `Indexer.index_document` as the job worker
does: keywords by the library's keyword mode, every store, the graph edges, and the
worker's write window (the full-text index saved once per `--docs-per-window` documents:
a window of `[worker] write_window_s` = 30 s holds about that many documents at the
embedder's speed). Vectors are not a model's: each text's words are hashed into a fixed
random projection (cosine follows shared words), with a little noise per copy, so the
semantic neighbours are real searches over a realistic spread, costing no embedding time.

Per `--every` documents it prints the library's chunks, the process's CPU seconds per
document (user + system, every thread: Chroma's included) split into the parts timed
(keywords, graph: its keyword postings, semantic search and the rest, vectors, full text,
catalog commit, window saves), and the process's RSS. The same numbers with `--json`.
"""
from __future__ import annotations

import argparse
import collections
import hashlib
import json
import os
import sqlite3
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import psutil

REPO = Path(__file__).resolve().parents[1]  # the checkout whose `core` runs, unless --code names another
DIM = 384


def source_documents(data_dir: Path) -> list[tuple[tuple, list, list]]:
    """(document row, sections, chunks) of every ready document of an ingested library."""
    from core.index.catalog_rows import CHUNK_COLUMNS, chunk_from_row
    from core.types import Section

    db = sqlite3.connect(f"file:{data_dir / 'catalog.sqlite'}?mode=ro", uri=True)
    try:
        docs = db.execute("SELECT doc_id, title, pages FROM documents WHERE status='ready' ORDER BY added_at").fetchall()
        out = []
        for doc_id, title, pages in docs:
            secs = [Section(r[0], r[1], tuple(json.loads(r[2])), r[3], r[4], r[5], r[6]) for r in db.execute(
                "SELECT section_id, doc_id, heading_path, level, page_start, page_end, parent_id FROM sections "
                "WHERE doc_id=? ORDER BY rowid", (doc_id,))]
            chunks = [chunk_from_row(r) for r in db.execute(
                f"SELECT {CHUNK_COLUMNS} FROM chunks WHERE doc_id=? ORDER BY position", (doc_id,))]
            out.append(((doc_id, title, pages), secs, chunks))
    finally:
        db.close()
    return out


def _new_id(tag: str, old: str | None) -> str | None:
    return None if old is None else (old if not old else hashlib.sha1(f"{tag}:{old}".encode()).hexdigest()[:16])


def copy_document(source: tuple, copy: int, number: int) -> tuple[str, str, int, list, list]:
    """One source document under new ids and the title of document `number`."""
    (doc_id, _title, pages), sections, chunks = source
    tag, title = f"copy{copy}", f"Mixed manual {number:04d}"
    new_doc = _new_id(tag, doc_id)
    secs = [replace(s, section_id=_new_id(tag, s.section_id), doc_id=new_doc, parent_id=_new_id(tag, s.parent_id),
                    heading_path=(title, *s.heading_path[1:])) for s in sections]
    new = [replace(c, chunk_id=_new_id(tag, c.chunk_id), doc_id=new_doc, doc_title=title,
                   section_id=_new_id(tag, c.section_id) or "", heading_path=(title, *c.heading_path[1:]))
           for c in chunks]
    return new_doc, title, pages, secs, new


class HashVectors:
    """Texts to unit vectors: each word's fixed random direction, summed (cosine ~ shared words)."""

    def __init__(self, seed: int = 0):
        self.rng = np.random.default_rng(seed)
        self.words: dict[str, np.ndarray] = {}

    def __call__(self, texts: list[str], noise: float, seed: int) -> np.ndarray:
        out = np.zeros((len(texts), DIM), np.float32)
        for i, text in enumerate(texts):
            for w in text.lower().split():
                v = self.words.get(w)
                if v is None:
                    v = self.words[w] = self.rng.standard_normal(DIM).astype(np.float32)
                out[i] += v
        out += noise * np.random.default_rng(seed).standard_normal(out.shape).astype(np.float32) * np.linalg.norm(
            out, axis=1, keepdims=True) / np.sqrt(DIM)
        return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)


class Parts:
    """CPU seconds (the whole process's) spent inside wrapped methods, by part name."""

    def __init__(self):
        self.cpu: collections.Counter = collections.Counter()
        self.calls: collections.Counter = collections.Counter()
        self._depth = 0

    def wrap(self, obj, method: str, part: str) -> None:
        """Time `obj.method` as `part` (outermost call only, so nested parts are not counted twice)."""
        inner = getattr(obj, method)

        def timed(*a, **kw):
            if self._depth:
                return inner(*a, **kw)
            if part == "graph.semantic_search":  # queries x depth asked of the store
                self.calls["semantic_rows_x_k"] += len(a[0]) * int(a[1])
            self._depth += 1
            start = time.process_time()
            try:
                return inner(*a, **kw)
            finally:
                self.cpu[part] += time.process_time() - start
                self.calls[part] += 1
                self._depth -= 1
        setattr(obj, method, timed)


def instrument(lib) -> Parts:
    """Wrap the write path's parts of a Library."""
    parts = Parts()
    gb = lib.indexer.graph_builder
    parts.wrap(lib.catalog, "keyword_postings", "graph.keyword_postings")
    for name in ("keyword_edges", "mention_edges"):
        parts.wrap(gb, name, f"graph.{name}")
    parts.wrap(lib.vectors, "query_many", "graph.semantic_search")
    parts.wrap(lib.vectors, "upsert", "vectors.upsert")
    parts.wrap(lib.text, "add", "text.add")
    parts.wrap(lib.text, "flush", "text.flush")
    parts.wrap(lib.catalog, "commit_document", "catalog.commit")
    parts.wrap(lib.catalog, "begin_document", "catalog.begin")
    parts.wrap(lib.catalog, "chunk_count", "catalog.chunk_count")
    parts.wrap(lib.keywords, "extract_chunks", "keywords")
    return parts


def run(args: argparse.Namespace, on_row=lambda row: None) -> list[dict]:
    """Replay the copies; one row per `every` documents, each also given to `on_row`."""
    from core.config import Settings
    from core.index.row_entries import row_entries
    from core.library import Library
    from core.library.write_window import WriteWindow
    from core.types import Document

    sources = source_documents(args.source)
    lib = Library(Settings.load(args.work / "lib"), embedder=object())
    parts = instrument(lib)
    vecs = HashVectors()
    clock = [0.0]  # the window's clock: 30 s / docs-per-window a document
    window = WriteWindow(lib.live, 30.0, clock=lambda: clock[0])
    me, rows, done = psutil.Process(), [], 0
    cpu0, seen = time.process_time(), collections.Counter()
    peak = 0
    for copy in range(args.copies):
        for i, src in enumerate(sources):
            doc_id, title, pages, secs, chunks = copy_document(src, copy, copy * len(sources) + i)
            texts = [c.embed_text for c in chunks] + [r[1] for r in row_entries(chunks)]
            embeddings = vecs(texts, 0.3, copy * 100_003 + i)
            clock[0] += 30.0 / args.docs_per_window
            window.next_file()
            keywords = lib.keywords.extract_chunks(chunks)
            doc = Document(doc_id=doc_id, title=title, source=f"mix-{copy}-{i}.pdf", pages=pages, kind="pdf",
                           status="pending", added_at=f"2026-01-01T00:{done // 60:02d}:{done % 60:02d}",
                           origin=str(args.work / f"mix-{copy}-{i}.pdf"))
            lib.indexer.index_document(doc, secs, chunks, embeddings, chunk_keywords=keywords)
            done += 1
            peak = max(peak, me.memory_info().rss)
            if done % args.every == 0:
                rows.append(_row(lib, parts, seen, time.process_time() - cpu0, done, args.every, me, peak))
                on_row(rows[-1])
                cpu0, seen = time.process_time(), collections.Counter(parts.cpu)
                seen.update({"calls:" + k: v for k, v in parts.calls.items()})
    window.close()
    return rows


def _row(lib, parts: Parts, seen: collections.Counter, cpu: float, done: int, every: int, me, peak: int) -> dict:
    """One report row: per-document CPU of the last `every` documents, by part."""
    delta = {k: round((v - seen[k]) / every, 4) for k, v in parts.cpu.items()}
    calls = {k: round((v - seen["calls:" + k]) / every, 2) for k, v in parts.calls.items()}
    timed = sum(delta.values())
    graph_other = 0.0  # the builder's time outside the parts named (structural, dedup)
    return {"docs": done, "chunks": lib.catalog.chunk_count(), "cpu_per_doc_s": round(cpu / every, 4),
            "parts_per_doc_s": dict(sorted(delta.items(), key=lambda t: -t[1])), "calls_per_doc": calls,
            "untimed_per_doc_s": round(cpu / every - timed - graph_other, 4),
            "rss_mib": round(me.memory_info().rss / 2**20), "peak_rss_mib": round(peak / 2**20)}


def main() -> None:
    """Parse arguments, replay, print one line per row (or JSON)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path, help="data dir of an ingested library (read only)")
    ap.add_argument("work", type=Path, help="where the new library is built (must not hold one)")
    ap.add_argument("--copies", type=int, default=8)
    ap.add_argument("--docs-per-window", type=float, default=4.0)
    ap.add_argument("--every", type=int, default=25)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--code", type=Path, default=None, help="checkout whose `core` runs (default: this one)")
    args = ap.parse_args()
    if (args.work / "lib" / "catalog.sqlite").exists():
        raise SystemExit(f"{args.work / 'lib'} already holds a library; give an empty folder")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    sys.path.insert(0, str((args.code or REPO).resolve()))  # before anything of core is imported
    rows = run(args, on_row=None if args.json else show)
    if args.json:
        print(json.dumps(rows))


def show(r: dict) -> None:
    """One row as a line of text."""
    parts = " ".join(f"{k}={v * 1000:.0f}" for k, v in r["parts_per_doc_s"].items())
    parts += " | calls " + " ".join(f"{k}={v:g}" for k, v in r["calls_per_doc"].items() if k.startswith(("graph.sem", "sem")))
    print(f"docs {r['docs']:5d} chunks {r['chunks']:6d} cpu/doc {r['cpu_per_doc_s'] * 1000:6.0f} ms "
          f"untimed {r['untimed_per_doc_s'] * 1000:5.0f} rss {r['rss_mib']:5d} MiB | {parts}", flush=True)


if __name__ == "__main__":
    main()
