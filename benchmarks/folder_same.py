"""Whether two libraries built from the same folder hold the same chunks and keywords.

    python benchmarks/folder_same.py LIB_A LIB_B

A change to how an ingest is scheduled must not change what retrieval reads: every
document's chunks (ids, texts, embed texts, in order) and each chunk's keyword set must be
the same. benchmarks/folder_ratio.py runs it for each `--code` checkout against the first.

Example:
    >>> # same_library(Path("W/lib-0"), Path("W/lib-1"))["same"] -> True
"""
from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path


def _read(data_dir: Path) -> tuple[list[tuple], dict[str, frozenset]]:
    """(chunk rows in document order, chunk id -> its keyword set) of a library's catalog."""
    with sqlite3.connect(f"file:{data_dir / 'catalog.sqlite'}?mode=ro", uri=True) as db:
        chunks = db.execute("SELECT chunk_id, doc_id, position, text, embed_text FROM chunks "
                            "ORDER BY doc_id, position").fetchall()
        keywords: dict[str, set] = {}
        for chunk_id, keyword in db.execute("SELECT chunk_id, keyword FROM keywords"):
            keywords.setdefault(chunk_id, set()).add(keyword)
    return chunks, {k: frozenset(v) for k, v in keywords.items()}


def same_library(a: Path, b: Path) -> dict:
    """Counts and whether chunks and keyword sets match; the first few differing chunk ids."""
    chunks_a, kw_a = _read(a)
    chunks_b, kw_b = _read(b)
    differing = sorted(k for k in set(kw_a) | set(kw_b) if kw_a.get(k) != kw_b.get(k))
    return {"chunks": [len(chunks_a), len(chunks_b)], "same_chunks": chunks_a == chunks_b,
            "keyword_sets": [len(kw_a), len(kw_b)], "same_keywords": not differing,
            "keyword_differences": differing[:5], "same": chunks_a == chunks_b and not differing}


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: folder_same.py LIB_A LIB_B")
    print(json.dumps(same_library(Path(sys.argv[1]), Path(sys.argv[2])), indent=1))
