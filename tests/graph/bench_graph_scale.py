"""Scale benchmark (not collected by pytest): a synthetic library of DOCS x 10 chunks.

Builds the graph document by document with the real KeywordExtractor (tfidf mode) and
GraphBuilder, then times the graph retrievers, query embedding included (packaged
all-MiniLM-L6-v2). Vectors are random around 200 topics; full text is bm25s.

    python -m tests.graph.bench_graph_scale --docs 5000 --dir /tmp/folio-scale
"""
from __future__ import annotations

import argparse
import random
import resource
import time
from pathlib import Path

import numpy as np

from core.config import Settings
from core.index.catalog import Catalog
from core.index.graph import ChunkGraph, GraphBuilder
from core.index.keywords import KeywordExtractor
from core.retrieve.base import RetrievalContext, make_retriever
from core.types import Chunk, Document, Section, content_hash

PER_DOC = 10


class ArrayVectors:
    """Exact cosine search over a growing float32 matrix."""

    def __init__(self, dim: int = 384):
        self.ids: list[str] = []
        self.pos: dict[str, int] = {}
        self.buf = np.zeros((1024, dim), np.float32)

    def upsert(self, ids, vectors, doc_ids):
        start = len(self.ids)
        for i in ids:
            self.pos[i] = len(self.ids)
            self.ids.append(i)
        if len(self.ids) > self.buf.shape[0]:
            grown = np.zeros((2 * len(self.ids), self.buf.shape[1]), np.float32)
            grown[:start] = self.buf[:start]
            self.buf = grown
        self.buf[start:len(self.ids)] = vectors

    def query(self, vector, k):
        scores = self.buf[:len(self.ids)] @ np.asarray(vector, np.float32)
        k = min(k, len(scores))
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.argsort(-scores[top])]
        return [(self.ids[i], float(scores[i])) for i in top]

    def get(self, ids):
        return self.buf[[self.pos[i] for i in ids]]

    def delete_doc(self, doc_id):
        raise NotImplementedError

    def doc_ids(self):
        return set()

    def count(self):
        return len(self.ids)


class Bm25sText:
    """bm25s over everything added (indexed once, at flush)."""

    def __init__(self):
        self.ids: list[str] = []
        self.texts: list[str] = []
        self.model = None

    def add(self, ids, texts, doc_ids):
        self.ids += list(ids)
        self.texts += list(texts)

    def flush(self):
        import bm25s

        self.model = bm25s.BM25()
        self.model.index(bm25s.tokenize(self.texts, stopwords="en", show_progress=False), show_progress=False)

    def search(self, query, k):
        import bm25s

        res, scores = self.model.retrieve(bm25s.tokenize([query], stopwords="en", show_progress=False),
                                          k=min(k, len(self.ids)), show_progress=False)
        return [(self.ids[i], float(s)) for i, s in zip(res[0], scores[0]) if s > 0]

    def count(self):
        return len(self.ids)


def build(docs: int, data_dir: Path):
    """Index `docs` synthetic documents; returns the context parts and the build seconds."""
    rng, rand = np.random.default_rng(0), random.Random(0)
    words = [f"w{i}" for i in range(5000)]
    first = "Alder Birch Cedar Dover Elm Fenwick Garth Holm Ives Juniper".split()
    names = [f"{first[i % 10]} Kor{i}" for i in range(docs)]
    settings = Settings.load(data_dir, env={"FOLIO_KEYWORDS": "tfidf"})
    catalog, vectors, text = Catalog(data_dir / "catalog.sqlite"), ArrayVectors(), Bm25sText()
    extractor, builder = KeywordExtractor(settings.graph), GraphBuilder(settings.graph)
    topics = rng.normal(size=(200, 384)).astype(np.float32)
    start = time.perf_counter()
    for d, title in enumerate(names):
        doc_id = content_hash("synthetic", str(d))
        section = Section(doc_id + ":s", doc_id, (title,), 0, 1, 1)
        chunks = []
        for p in range(PER_DOC):
            named = rand.sample(names[:max(1, d)], k=min(2, max(1, d)))
            body = " ".join(rand.choices(words, k=60))
            chunks.append(Chunk.create(doc_id=doc_id, doc_title=title, position=p, heading_path=(title,),
                                       text=f"{title} {body}. It is linked to {named[0]}. Also {named[-1]}.",
                                       section_id=section.section_id, page_start=1 + p // 3,
                                       page_end=1 + p // 3))
        emb = topics[d % 200] + 0.8 * rng.normal(size=(PER_DOC, 384)).astype(np.float32)
        emb /= np.linalg.norm(emb, axis=1, keepdims=True)
        doc = Document(doc_id, title, "synthetic", 4, "corpus")
        catalog.begin_document(doc)
        vectors.upsert([c.chunk_id for c in chunks], emb, [doc_id] * PER_DOC)
        text.add([c.chunk_id for c in chunks], [c.text for c in chunks], [doc_id] * PER_DOC)
        kws = extractor.extract_chunks(chunks)
        edges = builder.edges_for_document(chunks, emb, kws, [section], catalog, vectors)
        catalog.commit_document(doc, [section], chunks, edges,
                                [(c.chunk_id, k) for c, ks in zip(chunks, kws) for k in ks])
        if (d + 1) % 500 == 0:
            print(f"{d + 1} documents, {time.perf_counter() - start:.0f} s", flush=True)
    text.flush()
    return settings, catalog, vectors, text, extractor, names, time.perf_counter() - start


def main() -> None:
    """Build, load the graph, time gnn / iier / kgp on 40 questions; print one line each."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--docs", type=int, default=5000)
    parser.add_argument("--dir", type=Path, default=Path("/tmp/folio-scale"))
    args = parser.parse_args()
    from core.index.embedder import SentenceEmbedder

    settings, catalog, vectors, text, extractor, names, seconds = build(args.docs, args.dir)
    t = time.perf_counter()
    graph = ChunkGraph.load(catalog)
    print(f"chunks {vectors.count()} build_s {seconds:.0f} graph_load_s {time.perf_counter() - t:.1f} "
          f"edges_per_chunk {graph.edges_per_chunk()}", flush=True)
    ctx = RetrievalContext(settings, SentenceEmbedder(), vectors, text, catalog, graph, extractor)
    rand = random.Random(1)
    questions = [f"What is {rand.choice(names)} linked to?" for _ in range(40)]
    for name in ("gnn", "iier", "kgp"):
        retriever = make_retriever(name, ctx)
        retriever.retrieve(questions[0], k=10)
        lat = []
        for q in questions:
            t = time.perf_counter()
            retriever.retrieve(q, k=10)
            lat.append((time.perf_counter() - t) * 1000)
        print(f"{name} p50_ms {np.median(lat):.1f} p95_ms {np.percentile(lat, 95):.1f}", flush=True)
    print(f"max_rss_mb {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}")


if __name__ == "__main__":
    main()
