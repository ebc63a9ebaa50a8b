"""Scale: a synthetic library of N chunks built and queried through Folio's real CLI.

    python benchmarks/scale_library.py [--chunks 50000] [--work-dir DIR] [--json]

1. Writes WORK/corpus.jsonl: N/10 documents of 10 passages. A passage is ~60 pseudo-words
   drawn with Zipf-like frequencies from a 30,000-word lexicon, and names the titles of two
   earlier documents, so keyword, title-mention and semantic edges all occur.
2. `python -m core ingest-corpus` into WORK/lib: the packaged all-MiniLM-L6-v2 embeds every
   passage, then Chroma (on disk), bm25s, spaCy keywords and the SQLite graph are built, as
   for any corpus. Reports wall seconds and the process's peak resident memory.
3. `python -m core stats --json`: graph size and density.
4. Writes 100 questions ("What is <title> linked to?", gold = that document's passages) and
   runs `python -m core eval` once per retriever: latency p50/p95 per question (query
   embedding included, after one warm-up call) and each eval process's peak memory.

A data dir that already holds the corpus is reused (ingest only checks it).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
RETRIEVERS = ("dense", "bm25", "hybrid", "multiroute", "kgp", "gnn", "iier")
PER_DOC = 10
SYLLABLES = [c + v for c in "bcdfghklmnprstvz" for v in "aeiou"]
FIRST = "Alder Birch Cedar Dover Elm Fenwick Garth Holm Ives Juniper".split()


def lexicon(size: int, rng: np.random.Generator) -> list[str]:
    """`size` distinct pronounceable pseudo-words."""
    words: dict[str, None] = {}
    while len(words) < size:
        words["".join(rng.choice(SYLLABLES, size=int(rng.integers(2, 5))))] = None
    return list(words)


def write_corpus(path: Path, chunks: int, seed: int = 0) -> list[str]:
    """The synthetic corpus (see the module doc); returns the document titles."""
    rng, rand = np.random.default_rng(seed), random.Random(seed)
    words = lexicon(30_000, rng)
    weights = 1.0 / np.arange(1, len(words) + 1)
    weights /= weights.sum()
    docs = max(1, chunks // PER_DOC)
    titles = [f"{FIRST[i % len(FIRST)]} {words[-1 - i].capitalize()}" for i in range(docs)]
    with path.open("w", encoding="utf-8") as out:
        for d, title in enumerate(titles):
            for p in range(PER_DOC):
                body = " ".join(rng.choice(words, size=60, p=weights))
                named = rand.sample(titles[:d], k=2) if d >= 2 else titles[:1]
                text = f"{body}. It is linked to {named[0]}. See also {named[-1]}."
                out.write(json.dumps({"id": f"s{d}-{p}", "title": title, "text": text}) + "\n")
    return titles


def write_questions(path: Path, titles: list[str], count: int = 100, seed: int = 1) -> None:
    """Questions naming one document's title; its passages are the gold."""
    rand = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        for n in range(count):
            d = rand.randrange(len(titles))
            out.write(json.dumps({"id": f"q{n}", "question": f"What is {titles[d]} linked to?",
                                  "answer": "", "supporting_ids": [f"s{d}-{p}" for p in range(PER_DOC)]}) + "\n")


def cli(data_dir: Path, *args: str) -> tuple[str, float, float]:
    """Run the CLI; returns (stdout, wall seconds, peak RSS in MiB of that process alone)."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "core", "--data-dir", str(data_dir), *args],
                                cwd=REPO, env=env, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(proc.pid, 0)  # this child's own rusage (peak RSS)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if proc.returncode != 0:
        raise SystemExit(f"`core {args[0]}` failed: {stderr.strip().splitlines()[-1:]}")
    return stdout, wall, usage.ru_maxrss / 1024


def main() -> None:
    """Build (or reuse) the library, then time every LLM-free retriever on it."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chunks", type=int, default=50_000)
    parser.add_argument("--work-dir", type=Path, default=Path(tempfile.gettempdir()) / "folio-scale")
    parser.add_argument("--retrievers", default=",".join(RETRIEVERS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    work = args.work_dir / str(args.chunks)
    work.mkdir(parents=True, exist_ok=True)
    corpus, questions, lib = work / "corpus.jsonl", work / "questions.jsonl", work / "lib"
    titles = write_corpus(corpus, args.chunks)
    write_questions(questions, titles)
    report: dict = {"chunks_requested": args.chunks}
    _, wall, rss = cli(lib, "ingest-corpus", str(corpus))
    report["ingest"] = {"seconds": round(wall, 1), "peak_rss_mib": round(rss)}
    print(f"ingest-corpus: {wall:.0f} s, peak RSS {rss:.0f} MiB", flush=True)
    report["stats"] = json.loads(cli(lib, "stats", "--json")[0])
    print(f"stats: {report['stats']}", flush=True)
    report["retrievers"] = {}
    for name in [n for n in args.retrievers.split(",") if n]:
        out, wall, rss = cli(lib, "eval", "--questions", str(questions), "--retrievers", name,
                             "--k", "10", "--json")
        metrics = json.loads(out[out.index("{"):])["retrievers"][name]
        row = {k: metrics[k] for k in ("latency_ms_p50", "latency_ms_p95", "recall@10") if k in metrics}
        row.update(eval_wall_s=round(wall, 1), eval_peak_rss_mib=round(rss))
        report["retrievers"][name] = row
        print(f"{name}: {row}", flush=True)
    report["load_avg_1min"] = round(os.getloadavg()[0], 2)
    if args.json:
        print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
