"""Scale: a synthetic library of N chunks built and queried through Folio's real CLI.

    python benchmarks/scale_library.py [--chunks 50000] [--work-dir DIR] [--add-pdf PDF]
                                       [--reference-sample 2000] [--json]

1. Writes WORK/corpus.jsonl: N/10 documents of 10 passages. A passage is ~60 pseudo-words
   drawn with Zipf-like frequencies from a 30,000-word lexicon, and names the titles of two
   earlier documents, so keyword, title-mention and semantic edges all occur.
2. `python -m core ingest-corpus` into WORK/lib: the packaged all-MiniLM-L6-v2 embeds every
   passage, then Chroma (on disk), bm25s, spaCy keywords and the SQLite graph are built, as
   for any corpus. Reports wall seconds and the process's peak resident memory, beside an
   embedding-only reference measured in the same run: plain sentence-transformers encoding
   the first `--reference-sample` passages (title + text, as folio embeds them) in a fresh
   process, scaled to N (model load counted once).
3. `python -m core stats --json`: graph size and density. Opening the library: a fresh
   process times `Library.open` (and `documents()`) after its imports.
3b. With `--add-pdf`: the first 100 pages of that PDF are ingested (`python -m core
   ingest`) into an empty library and into the N-chunk library, then removed again from
   the latter (`remove`, `trash --empty`), so the data dir stays reusable.
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
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from ingest_ratio import REFERENCE, first_pages, model_path

REPO = Path(__file__).resolve().parents[1]
OPEN = """
import json, sys, time
start = time.perf_counter()
from core.library import Library
imported = time.perf_counter()
lib = Library.open(sys.argv[1])
opened = time.perf_counter()
docs = len(lib.documents())
print(json.dumps({"import_s": imported - start, "open_s": opened - imported,
                  "documents_s": time.perf_counter() - opened, "documents": docs}))
"""
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
    return python("-m", "core", "--data-dir", str(data_dir), *args)


def python(*args: str) -> tuple[str, float, float]:
    """Run this Python in the repository root; (stdout, wall seconds, peak RSS in MiB)."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, *args],
                                cwd=REPO, env=env, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(proc.pid, 0)  # this child's own rusage (peak RSS)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if proc.returncode != 0:
        raise SystemExit(f"`{' '.join(args[:3])}` failed: {stderr.strip().splitlines()[-1:]}")
    return stdout, wall, usage.ru_maxrss / 1024


def reference(corpus: Path, chunks: int, sample: int, work: Path) -> dict:
    """Embedding-only seconds for the whole corpus, from encoding its first `sample` texts."""
    rows = [json.loads(line) for _, line in zip(range(sample), corpus.open(encoding="utf-8"))]
    texts = work / "reference_texts.json"
    texts.write_text(json.dumps([f"{r['title']}\n{r['text']}" for r in rows]), "utf-8")
    out, wall, _ = python("-c", REFERENCE, str(texts), model_path())
    parts = json.loads(out.strip().splitlines()[-1])
    scaled = wall - parts["encode_s"] + parts["encode_s"] * chunks / len(rows)
    return {"sample": len(rows), "sample_wall_s": round(wall, 1), "scaled_s": round(scaled, 1)}


def add_one_pdf(pdf: Path, lib: Path, work: Path) -> dict:
    """Seconds to ingest the first 100 pages of `pdf` into an empty and into the big library."""
    doc = first_pages(pdf, 100, work)
    empty = work / "empty-lib"
    shutil.rmtree(empty, ignore_errors=True)
    _, alone, _ = cli(empty, "ingest", str(doc))
    _, big, _ = cli(lib, "ingest", str(doc))
    cli(lib, "remove", doc.name)
    cli(lib, "trash", "--empty")
    return {"pdf": doc.name, "empty_library_s": round(alone, 1), "big_library_s": round(big, 1),
            "ratio": round(big / alone, 2)}


def main() -> None:
    """Build (or reuse) the library, then time every LLM-free retriever on it."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chunks", type=int, default=50_000)
    parser.add_argument("--work-dir", type=Path, default=Path(tempfile.gettempdir()) / "folio-scale")
    parser.add_argument("--retrievers", default=",".join(RETRIEVERS))
    parser.add_argument("--add-pdf", type=Path, help="time adding this PDF's first 100 pages")
    parser.add_argument("--reference-sample", type=int, default=2000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    work = args.work_dir / str(args.chunks)
    work.mkdir(parents=True, exist_ok=True)
    corpus, questions, lib = work / "corpus.jsonl", work / "questions.jsonl", work / "lib"
    titles = write_corpus(corpus, args.chunks)
    write_questions(questions, titles)
    report: dict = {"chunks_requested": args.chunks, "load_avg_1min_start": round(os.getloadavg()[0], 2)}
    if args.reference_sample:
        report["reference"] = reference(corpus, args.chunks, args.reference_sample, work)
        print(f"reference: {report['reference']}", flush=True)
    _, wall, rss = cli(lib, "ingest-corpus", str(corpus))
    report["ingest"] = {"seconds": round(wall, 1), "peak_rss_mib": round(rss)}
    if args.reference_sample:
        report["ingest"]["ratio_to_reference"] = round(wall / report["reference"]["scaled_s"], 2)
    print(f"ingest-corpus: {report['ingest']}", flush=True)
    report["open"] = json.loads(python("-c", OPEN, str(lib))[0].strip().splitlines()[-1])
    print(f"open: {report['open']}", flush=True)
    if args.add_pdf:
        report["add_pdf"] = add_one_pdf(args.add_pdf, lib, work)
        print(f"add one PDF: {report['add_pdf']}", flush=True)
    report["stats"] = json.loads(cli(lib, "stats", "--json")[0])
    print(f"stats: {report['stats']}", flush=True)
    report["retrievers"] = time_retrievers(lib, questions, args.retrievers)
    report["load_avg_1min"] = round(os.getloadavg()[0], 2)
    if args.json:
        print(json.dumps(report, indent=1))


def time_retrievers(lib: Path, questions: Path, names: str) -> dict:
    """Latency p50/p95, recall@10 and peak memory of one eval process per retriever."""
    out_rows = {}
    for name in [n for n in names.split(",") if n]:
        out, wall, rss = cli(lib, "eval", "--questions", str(questions), "--retrievers", name,
                             "--k", "10", "--json")
        metrics = json.loads(out[out.index("{"):])["retrievers"][name]
        row = {k: metrics[k] for k in ("latency_ms_p50", "latency_ms_p95", "recall@10") if k in metrics}
        row.update(eval_wall_s=round(wall, 1), eval_peak_rss_mib=round(rss))
        out_rows[name] = row
        print(f"{name}: {row}", flush=True)
    return out_rows


if __name__ == "__main__":
    main()
