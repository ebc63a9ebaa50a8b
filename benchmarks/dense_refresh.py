"""First dense question after another process adds one document, old refresh against new.

A reader process holds an embedded store of N vectors (random, 384 dimensions) and has
searched it once (exact search: every vector read). A writer process then adds one document
(`--doc` chunks); the reader refreshes, as the library does when the catalog generation moves,
and asks again. Timed: refresh plus that question. Rounds alternate the new refresh (another
process's writes read from Chroma's log, `core.index.chroma_log`) and the old one (every
vector dropped and the store reopened: forced by forgetting the log position), and each
round checks that both give the ranking a full re-read gives.

    python benchmarks/dense_refresh.py --work-dir WORK_DIR --chunks 20000 --rounds 3

Prints one line per round and the medians, with the machine's load average.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.index.vector_chroma import ChromaVectorIndex  # noqa: E402

DIM = 384
WRITER = """
import sys, numpy as np
from pathlib import Path
from core.index.vector_chroma import ChromaVectorIndex
path, tag, n = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
w = ChromaVectorIndex("folio_chunks", path=path)
w.upsert([f"{tag}-{i}" for i in range(n)],
         np.random.default_rng(abs(hash(tag)) % 1000).normal(size=(n, 384)).astype(np.float32), [tag] * n)
"""


def build(path: Path, chunks: int, per_doc: int) -> None:
    """A store of `chunks` random vectors in documents of `per_doc` (skipped when it exists)."""
    if path.exists():
        return
    rng = np.random.default_rng(0)
    store = ChromaVectorIndex("folio_chunks", path=path)
    for d in range(chunks // per_doc):
        store.upsert([f"d{d}-{i}" for i in range(per_doc)], rng.normal(size=(per_doc, DIM)).astype(np.float32),
                     [f"d{d}"] * per_doc)
    store.close()


def write_doc(path: Path, tag: str, n: int) -> None:
    """Another process adds a document of n chunks."""
    root = str(Path(__file__).resolve().parents[1])
    subprocess.run([sys.executable, "-c", WRITER, str(path), tag, str(n)], check=True, cwd=root,
                   env={**os.environ, "PYTHONPATH": root, "ANONYMIZED_TELEMETRY": "False"})


def timed_question(store: ChromaVectorIndex, query: np.ndarray, old: bool) -> tuple[float, list]:
    """Seconds for refresh + one exact search, and its ranking."""
    if old:
        store._cursor = None  # the log position unknown: refresh drops every vector and reopens
    start = time.perf_counter()
    store.refresh()
    got = store.query(query, 10)
    return time.perf_counter() - start, got


def full_reread(path: Path, query: np.ndarray) -> list:
    """The ranking from a fresh process's full read (the reference)."""
    code = ("import sys, numpy as np; from pathlib import Path; from core.index.vector_chroma import "
            "ChromaVectorIndex as C; q = np.frombuffer(bytes.fromhex(sys.argv[2]), dtype=np.float32); "
            "print(repr([(c, round(s, 6)) for c, s in C('folio_chunks', path=Path(sys.argv[1])).query(q, 10)]))")
    root = str(Path(__file__).resolve().parents[1])
    out = subprocess.run([sys.executable, "-c", code, str(path), query.tobytes().hex()], check=True, cwd=root,
                         capture_output=True, text=True, env={**os.environ, "PYTHONPATH": root})
    return eval(out.stdout)  # noqa: S307 - our own subprocess's repr of a list of tuples


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--work-dir", type=Path, required=True)
    ap.add_argument("--chunks", type=int, default=20_000)
    ap.add_argument("--doc", type=int, default=200, help="chunks of the document the writer adds")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    path = args.work_dir / f"chroma-{args.chunks}"
    build(path, args.chunks - args.doc * args.rounds * 2, args.doc)
    store = ChromaVectorIndex("folio_chunks", path=path)
    query = np.random.default_rng(5).normal(size=DIM).astype(np.float32)
    store.query(query, 10)  # the process's first question: reads every vector
    times: dict[str, list[float]] = {"new": [], "old": []}
    for r in range(args.rounds * 2):
        kind = "new" if r % 2 == 0 else "old"
        write_doc(path, f"w{time.time_ns()}", args.doc)
        seconds, got = timed_question(store, query, kind == "old")
        same = [(c, round(s, 6)) for c, s in got] == full_reread(path, query)
        times[kind].append(seconds)
        print(f"round {r + 1} {kind}: {seconds:.3f} s at {store.count()} vectors, same as a full re-read: {same}")
    load = os.getloadavg()
    print(f"median new {statistics.median(times['new']):.3f} s, old {statistics.median(times['old']):.3f} s; "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
