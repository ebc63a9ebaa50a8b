"""Deterministic test doubles for graph tests: word-hash embedder, numpy vectors, tiny BM25."""
from __future__ import annotations

import dataclasses
import hashlib
import math
import re
from collections import Counter

import numpy as np

from core.config import Settings
from core.index.catalog import Catalog
from core.index.graph import ChunkGraph, GraphBuilder
from core.index.keywords import KeywordExtractor
from core.retrieve.base import RetrievalContext
from core.types import Chunk, Document, Section

_WORD = re.compile(r"[a-z0-9]+")
_STOP = {"the", "a", "an", "of", "is", "was", "in", "by", "and", "to", "who", "what", "which", "it"}


def words(text: str) -> list[str]:
    """Lower-case content words."""
    return [w for w in _WORD.findall(text.lower()) if w not in _STOP]


class HashEmbedder:
    """Bag-of-words vectors: each word hashed to one of 64 dimensions, then L2-normalised."""

    dim = 64

    def embed(self, texts):
        out = np.zeros((len(texts), self.dim), np.float32)
        for row, text in enumerate(texts):
            for w in words(text):
                out[row, int(hashlib.md5(w.encode()).hexdigest(), 16) % self.dim] += 1.0
            out[row] /= np.linalg.norm(out[row]) or 1.0
        return out

    def embed_query(self, text):
        return self.embed([text])[0]


class NumpyVectors:
    """In-memory VectorIndex."""

    def __init__(self):
        self.rows: dict[str, tuple[np.ndarray, str]] = {}

    def upsert(self, ids, vectors, doc_ids):
        for i, v, d in zip(ids, vectors, doc_ids):
            self.rows[i] = (np.asarray(v, np.float32), d)

    def delete_doc(self, doc_id):
        self.rows = {k: v for k, v in self.rows.items() if v[1] != doc_id}

    def query(self, vector, k, exclude_docs=()):
        scored = sorted(((float(v @ vector), i) for i, (v, d) in self.rows.items() if d not in exclude_docs),
                        key=lambda t: (-t[0], t[1]))
        return [(i, s) for s, i in scored[:k]]

    def query_many(self, vectors, k, exclude_docs=()):
        return [self.query(v, k, exclude_docs) for v in vectors]

    def get(self, ids):
        return np.stack([self.rows[i][0] for i in ids])

    def doc_ids(self):
        return {d for _, d in self.rows.values()}

    def count(self):
        return len(self.rows)


class TinyBM25:
    """Plain BM25 (k1=1.2, b=0.75) over content words."""

    def __init__(self):
        self.docs: dict[str, tuple[Counter, str]] = {}

    def add(self, ids, texts, doc_ids):
        for i, t, d in zip(ids, texts, doc_ids):
            self.docs[i] = (Counter(words(t)), d)

    def delete_doc(self, doc_id):
        self.docs = {k: v for k, v in self.docs.items() if v[1] != doc_id}

    def search(self, query, k):
        n = len(self.docs)
        avg = sum(sum(c.values()) for c, _ in self.docs.values()) / max(1, n)
        scores = {}
        for i, (counts, _) in self.docs.items():
            s = 0.0
            for w in set(words(query)):
                df = sum(1 for c, _ in self.docs.values() if w in c)
                if counts[w]:
                    idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
                    length = sum(counts.values())
                    s += idf * counts[w] * 2.2 / (counts[w] + 1.2 * (0.25 + 0.75 * length / avg))
            if s > 0:
                scores[i] = s
        return sorted(scores.items(), key=lambda t: (-t[1], t[0]))[:k]

    def doc_ids(self):
        return {d for _, d in self.docs.values()}

    def count(self):
        return len(self.docs)

    def flush(self):
        pass


class MiniLibrary:
    """Just enough of the library to index titled passages and build a RetrievalContext."""

    def __init__(self, tmp_path, env=None, **graph):
        settings = Settings.load(tmp_path / "lib", env=env or {"FOLIO_KEYWORDS": "tfidf"})
        self.settings = dataclasses.replace(settings, graph=dataclasses.replace(settings.graph, **graph))
        self.catalog = Catalog(":memory:")
        self.embedder = HashEmbedder()
        self.vectors = NumpyVectors()
        self.text = TinyBM25()
        self.keywords = KeywordExtractor(self.settings.graph)
        self.builder = GraphBuilder(self.settings.graph)

    def add(self, title: str, *passages: str) -> list[Chunk]:
        """Index one document made of passages (one chunk each); returns its chunks."""
        doc_id = "d-" + hashlib.sha1(title.encode()).hexdigest()[:8]
        section = Section(doc_id + ":s", doc_id, (title,), 0, 1, 1)
        chunks = [Chunk.create(doc_id=doc_id, doc_title=title, text=p, position=n,
                               embed_text=f"{title}\n{p}", heading_path=(title,),
                               section_id=section.section_id, source_id=f"{title}#{n}")
                  for n, p in enumerate(passages)]
        emb = self.embedder.embed([c.embed_text for c in chunks])
        doc = Document(doc_id, title, "test", 1, "corpus")
        self.catalog.begin_document(doc)
        self.vectors.upsert([c.chunk_id for c in chunks], emb, [doc_id] * len(chunks))
        self.text.add([c.chunk_id for c in chunks], [f"{title}\n{p}" for p in passages], [doc_id] * len(chunks))
        kws = self.keywords.extract_chunks(chunks)
        edges = self.builder.edges_for_document(chunks, emb, kws, [section], self.catalog, self.vectors)
        self.catalog.commit_document(doc, [section], chunks, edges,
                                     [(c.chunk_id, k) for c, ks in zip(chunks, kws) for k in ks])
        return chunks

    def remove(self, title: str) -> None:
        doc_id = "d-" + hashlib.sha1(title.encode()).hexdigest()[:8]
        self.vectors.delete_doc(doc_id)
        self.text.delete_doc(doc_id)
        self.catalog.remove_document(doc_id)

    def context(self, llm=None) -> RetrievalContext:
        return RetrievalContext(self.settings, self.embedder, self.vectors, self.text, self.catalog,
                                ChunkGraph.load(self.catalog), self.keywords, llm)
