"""Scoped retrieval: latency against unscoped at scale, and answer recall on pdfqa-dev.

    python benchmarks/scope_bench.py latency [--chunks 50000] [--work-dir DIR] [--questions 50]
                                             [--query-embedder hash|minilm] [--retrievers a,b]
                                             [--store-filter]
    python benchmarks/scope_bench.py recall --library DIR [--questions Q.jsonl] [--retrievers a,b]

`latency`: the synthetic corpus of `scale_library.py` (N/10 documents of 10 passages that
name each other's titles) is loaded with `Library.add_corpus`, embedded by a hashing
bag-of-words embedder (`HashEmbedder`: 384-d, numpy, so a large library builds in minutes
on a CPU) and `FOLIO_KEYWORDS=tfidf`. Questions are hashed too (the strictest ratio: no
embedding cost in either figure) or, with `--query-embedder minilm`, embedded by the
packaged MiniLM as a user's are. Then each question ("What is <title> linked
to?") is asked through `Library.retrieve` unscoped, in two kept scopes (10 documents, and
10% of the documents: a chat keeps its scope) and in 10 documents drawn anew for each
question (its own among them: every question reads new vectors and cuts a new graph view).
The scopes take turns, their order rotating per question, so load from other processes
falls on every column alike; p50/p95 per retriever, the scoped/unscoped ratio, the first
call in each kept scope, and the 1-minute load average are reported. `--store-filter`
searches scopes with Chroma's `where` filter instead of the vectors held in memory (the
way before), for comparison.

`recall`: on a library holding the pdfqa-dev PDFs, each question is retrieved unscoped and
with the scope set to its gold documents (the files its `evidence` names), and
answer_recall@1 (an answer pattern in the top chunk) is reported for every retriever that
runs without an LLM (rgnn needs one).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
import zlib
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from core.config import Settings  # noqa: E402
from core.eval.metrics import answer_matcher, percentile  # noqa: E402
from core.eval.questions import read_questions  # noqa: E402
from core.library import Library  # noqa: E402
from core.retrieve.scope import Scope  # noqa: E402

RETRIEVERS = ("dense", "bm25", "hybrid", "multiroute", "kgp", "gnn", "iier")
LATENCY_RETRIEVERS = ("dense", "hybrid", "gnn")
PDFQA = Path(__file__).resolve().parents[2] / "shared" / "bench" / "pdfqa-dev" / "questions.jsonl"


class HashEmbedder:
    """Bag of words hashed (crc32) into `dim` buckets, L2-normalised: fast and deterministic."""

    dim = 384

    def embed(self, texts) -> np.ndarray:
        """One normalised row per text."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in text.lower().split():
                out[row, zlib.crc32(word.encode()) % self.dim] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms > 0, norms, 1.0)

    def embed_query(self, text: str) -> np.ndarray:
        """The question's row."""
        return self.embed([text])[0]


class MiniLMQueries(HashEmbedder):
    """Passages hashed as they were stored, questions embedded by the packaged MiniLM: the
    rankings mean nothing, but each question costs what a user's does (about 10 ms more)."""

    def __init__(self):
        from core.index.embedder import SentenceEmbedder

        self.model = SentenceEmbedder()

    def embed_query(self, text: str) -> np.ndarray:
        """The question embedded by MiniLM (same dimension as the hashed passages)."""
        return self.model.embed_query(text)


def build(work: Path, chunks: int, query_embedder: str = "hash") -> Library:
    """The synthetic library in WORK/lib (reused when it already holds the corpus)."""
    from scale_library import write_corpus

    work.mkdir(parents=True, exist_ok=True)
    embedder = MiniLMQueries() if query_embedder == "minilm" else HashEmbedder()
    lib = Library(Settings.load(work / "lib", env={"FOLIO_KEYWORDS": "tfidf"}), embedder=embedder)
    if lib.catalog.stats()["chunks"] < chunks:
        write_corpus(work / "corpus.jsonl", chunks)
        start = time.perf_counter()
        lib.add_corpus(work / "corpus.jsonl")
        print(f"built {chunks} chunks in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return lib


def timed(lib: Library, question: str, name: str, scope: Scope | None) -> float:
    """Milliseconds of one `Library.retrieve` call (k=10)."""
    start = time.perf_counter()
    lib.retrieve(question, name, 10, scope=scope)
    return (time.perf_counter() - start) * 1000.0


def scopes_for(docs: list, rand: random.Random, questions: int) -> tuple[dict, list]:
    """The scopes compared with unscoped: kept ones (as a chat keeps its scope) and, per
    question, 10 documents drawn anew (the question's own among them); and the questions."""
    picked = rand.sample(docs, min(questions, len(docs)))
    kept = {"10 documents (kept)": Scope(documents=tuple(d.doc_id for d in rand.sample(docs, 10))),
            "10% of documents (kept)": Scope(documents=tuple(
                d.doc_id for d in rand.sample(docs, max(1, len(docs) // 10))))}
    fresh = [Scope(documents=(doc.doc_id, *(d.doc_id for d in rand.sample(docs, 9)))) for doc in picked]
    return kept, list(zip(picked, fresh))


def forget_scopes(lib: Library) -> None:
    """Drop the vectors and scoped graph views held for earlier scopes (as after a reload)."""
    lib.vectors.refresh()
    for key in [k for k in lib.graph.cache if k[0] == "scope"]:
        lib.graph.cache.pop(key)


def latency(args) -> dict:
    """p50/p95 per retriever, unscoped and scoped. Each question is asked once per scope in
    turn, the order rotating from one question to the next, so load from other processes
    falls on every column alike; the first call in a kept scope (reading its vectors and
    cutting its graph view) is reported apart as `first_ms`."""
    lib = build(Path(args.work_dir), args.chunks, args.query_embedder)
    if args.store_filter:  # the vector store's own filter (Chroma `where`), for comparison
        lib.vectors.query_among = None
    docs = lib.documents()
    kept, asked = scopes_for(docs, random.Random(7), args.questions)
    report = {"chunks": lib.catalog.stats()["chunks"], "documents": len(docs),
              "query_embedder": args.query_embedder, "store_filter": args.store_filter,
              "load_avg_1min_start": round(os.getloadavg()[0], 2),
              "retrievers": {}}
    for name in args.retrievers.split(","):
        forget_scopes(lib)  # each retriever starts with no scope's vectors or graph view held
        lib.retrieve("warm-up", name, 10)  # graph load and caches of the unscoped library
        first = {label: round(timed(lib, "warm-up", name, scope), 1) for label, scope in kept.items()}
        rows: dict[str, list[float]] = {"unscoped": [], **{label: [] for label in kept},
                                        "10 documents (new each question)": []}
        for n, (doc, fresh) in enumerate(asked):
            question = f"What is {doc.title} linked to?"
            turns = [("unscoped", None), *kept.items(), ("10 documents (new each question)", fresh)]
            for label, scope in turns[n % len(turns):] + turns[:n % len(turns)]:
                rows[label].append(timed(lib, question, name, scope))
        base = percentile(rows["unscoped"], 50)
        report["retrievers"][name] = {
            label: {"p50_ms": round(percentile(v, 50), 1), "p95_ms": round(percentile(v, 95), 1),
                    "ratio_p50": round(percentile(v, 50) / base, 2),
                    **({"first_ms": first[label]} if label in first else {})} for label, v in rows.items()}
        print(name, json.dumps(report["retrievers"][name]), file=sys.stderr)
    report["load_avg_1min_end"] = round(os.getloadavg()[0], 2)
    return report


def recall(args) -> dict:
    """answer_recall@1 unscoped and scoped to the gold documents, per retriever."""
    lib = Library.open(args.library)
    by_file = {Path(d.source).name: d.doc_id for d in lib.documents()}
    questions = [q for q in read_questions(args.questions) if q.evidence]
    report = {"questions": len(questions), "retrievers": {}}
    for name in args.retrievers.split(","):
        hits, lost = {"unscoped": 0, "scoped": 0}, []
        for q in questions:
            matches = answer_matcher(q.answer_patterns, (q.answer, *q.answer_aliases))
            gold = tuple(dict.fromkeys(by_file[f] for f, _ in q.evidence if f in by_file))
            found = {}
            for label, scope in (("unscoped", None), ("scoped", Scope(documents=gold))):
                top = lib.retrieve(q.question, name, 1, scope=scope).chunks[:1]
                found[label] = bool(top) and matches(top[0].chunk.text)
                hits[label] += int(found[label])
            if found["unscoped"] and not found["scoped"]:
                lost.append(q.qid)
        report["retrievers"][name] = {f"answer_recall@1 {k}": round(v / len(questions), 3) for k, v in hits.items()}
        report["retrievers"][name]["lost_when_scoped"] = lost
        print(name, json.dumps(report["retrievers"][name]), file=sys.stderr)
    return report


def main() -> None:
    """Parse the arguments and print the report as JSON."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="part", required=True)
    lat = sub.add_parser("latency")
    lat.add_argument("--chunks", type=int, default=50_000)
    lat.add_argument("--work-dir", default=str(Path(tempfile.gettempdir()) / "scope-bench"))
    lat.add_argument("--questions", type=int, default=50)
    lat.add_argument("--query-embedder", choices=("hash", "minilm"), default="hash",
                     help="how questions are embedded (passages are always hashed)")
    lat.add_argument("--retrievers", default=",".join(LATENCY_RETRIEVERS))
    lat.add_argument("--store-filter", action="store_true",
                     help="search a scope with the vector store's filter (Chroma `where`), as before")
    rec = sub.add_parser("recall")
    rec.add_argument("--library", required=True)
    rec.add_argument("--questions", default=str(PDFQA))
    rec.add_argument("--retrievers", default=",".join(RETRIEVERS))
    args = parser.parse_args()
    print(json.dumps(latency(args) if args.part == "latency" else recall(args), indent=1))


if __name__ == "__main__":
    main()
