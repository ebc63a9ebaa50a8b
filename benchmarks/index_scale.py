"""Scale check for the embedded full-text index and the embedder (not collected by pytest).

    python benchmarks/index_scale.py --chunks 50000            # bm25s build / flush / query
    python benchmarks/index_scale.py --embed 640 [--embed-source paper.txt]   # chunks/s, batch 32
    python benchmarks/index_scale.py --save-memory 50000   # memory of the saves an ingest makes

Chunks are synthetic: 120 words each, drawn with Zipf-like frequencies from 30,000
pronounceable pseudo-words, so stemming and stopword removal do real work.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root, for core and tests

import argparse
import tempfile
import time

import numpy as np

SYLLABLES = [c + v for c in "bcdfghklmnprstvz" for v in "aeiou"] + ["the", "of", "and", "ing", "ed"]


def synthetic_texts(n: int, words_per_text: int = 120, vocab: int = 30_000, seed: int = 0) -> list[str]:
    """n texts of pseudo-words with a Zipf-like word distribution."""
    rng = np.random.default_rng(seed)
    lexicon = ["".join(rng.choice(SYLLABLES, size=rng.integers(2, 5))) for _ in range(vocab)]
    weights = 1.0 / np.arange(1, vocab + 1)
    draws = rng.choice(vocab, size=(n, words_per_text), p=weights / weights.sum())
    return [" ".join(lexicon[i] for i in row) for row in draws]


class _Phases:
    """Wall and CPU seconds of named phases (the machine may be shared, so both matter)."""

    def __init__(self) -> None:
        self.rows: list[str] = []
        self._wall, self._cpu = time.perf_counter(), time.process_time()

    def mark(self, name: str) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        self.rows.append(f"{name} {wall - self._wall:.2f}s (cpu {cpu - self._cpu:.2f}s)")
        self._wall, self._cpu = wall, cpu


def bench_bm25(n: int) -> None:
    from core.index.text_bm25 import BM25TextIndex

    texts = synthetic_texts(n)
    ids = [f"c{i}" for i in range(n)]
    docs = [f"d{i // 50}" for i in range(n)]
    queries = [" ".join(t.split()[5:9]) for t in texts[:200]]
    with tempfile.TemporaryDirectory() as tmp:
        index = BM25TextIndex(Path(tmp))
        clock = _Phases()
        index.add(ids, texts, docs)
        clock.mark("add+tokenise")
        index.flush()  # builds the index and saves records, tokens and index
        clock.mark("build+flush")
        reopened = BM25TextIndex(Path(tmp))
        reopened.count()
        clock.mark("reopen")
        lat = []
        for q in queries:
            s = time.perf_counter()
            reopened.search(q, 10)
            lat.append((time.perf_counter() - s) * 1000)
        clock.mark(f"{len(queries)} queries")
        reopened.add(["extra"], ["one more chunk about bakadu"], ["dx"])
        reopened.search("bakadu", 10)
        clock.mark("add 1 + rebuild + query")
    print(f"bm25s @ {n} chunks: " + ", ".join(clock.rows))
    print(f"  query latency p50 {np.percentile(lat, 50):.1f} ms, p95 {np.percentile(lat, 95):.1f} ms")


def bench_save_memory(n: int, rounds: int = 3) -> None:
    """Peak memory (tracemalloc, numpy's buffers included) that an ingest's write windows take
    beyond a loaded index of n chunks: `rounds` x (one 50-chunk document added, then saved)."""
    import tracemalloc

    from core.index.text_bm25 import BM25TextIndex

    texts = synthetic_texts(n + 50 * rounds, words_per_text=220)
    with tempfile.TemporaryDirectory() as tmp:
        built = BM25TextIndex(Path(tmp))
        built.add([f"c{i}" for i in range(n)], texts[:n], [f"d{i // 50}" for i in range(n)])
        built.flush()
        index = BM25TextIndex(Path(tmp))
        index.count()  # loaded, as the ingest process holds it
        tracemalloc.start()
        base, cpu = tracemalloc.get_traced_memory()[0], time.process_time()
        for r in range(rounds):
            index.add([f"n{r}-{i}" for i in range(50)], texts[n + 50 * r:n + 50 * (r + 1)], [f"new{r}"] * 50)
            index.flush()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    print(f"bm25 saves @ {n} chunks ({len(index._counts.rows):,} entries): {rounds} x (add 50 + flush) peaked "
          f"{(peak - base) / 2**20:.0f} MiB above the loaded index, {time.process_time() - cpu:.2f} CPU s "
          "(tracemalloc on)")


def bench_embed(n: int, source: str = "") -> None:
    from core.index.embedder import SentenceEmbedder

    emb = SentenceEmbedder(batch_size=32)
    if source:  # real prose: consecutive 100-word pieces of a text file, repeated as needed
        words = Path(source).read_text("utf-8", errors="replace").split()
        pieces = [" ".join(words[i : i + 100]) for i in range(0, max(len(words) - 99, 1), 100)]
        texts = [pieces[i % len(pieces)] for i in range(n)]
    else:
        texts = [" ".join(t.split()[:100]) for t in synthetic_texts(n, words_per_text=100)]
    emb.embed(texts[:32])  # load and warm up
    import torch

    start, cpu = time.perf_counter(), time.process_time()
    emb.embed(texts)
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"embedder ({emb.device}, {torch.get_num_threads()} torch threads, batch 32, ~100-word chunks): "
          f"{n / took:.1f} chunks/s over {n} chunks (wall {took:.1f}s, cpu {cpu:.1f}s)")


def main() -> None:
    """Run the benchmarks selected on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=0, help="bm25s benchmark size")
    parser.add_argument("--embed", type=int, default=0, help="chunks to embed")
    parser.add_argument("--embed-source", default="", help="text file to cut into 100-word chunks")
    parser.add_argument("--save-memory", type=int, default=0, help="chunks: memory of the full-text saves")
    args = parser.parse_args()
    if args.save_memory:
        bench_save_memory(args.save_memory)
    if args.chunks:
        bench_bm25(args.chunks)
    if args.embed:
        bench_embed(args.embed, args.embed_source)


if __name__ == "__main__":
    main()
