"""Transparent stand-ins for the embedder and indexes, with hand-checkable scores.

- BagOfWordsEmbedder: counts of a fixed vocabulary, L2-normalised (cosines by hand).
- DictVectorIndex: exact cosine over stored vectors, ties in insertion order.
- TermCountTextIndex: score = occurrences of the query's words in the text (> 0 only).
- make_context: a RetrievalContext over Catalog(":memory:") holding the given passages,
  one document per passage; chunks carry source_id = the passage id.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Sequence

import numpy as np

from core.config import Settings
from core.index.catalog import Catalog
from core.retrieve.base import RetrievalContext
from core.types import Chunk, Document

VOCAB = ("apple", "banana", "cherry", "date", "elder", "fig")


def words(text: str) -> list[str]:
    """Lower-case alphabetic tokens."""
    return re.findall(r"[a-z]+", text.lower())


class BagOfWordsEmbedder:
    """Vocabulary counts, L2-normalised: cosines can be worked out by hand."""

    dim = len(VOCAB)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for w in words(text):
                if w in VOCAB:
                    rows[i, VOCAB.index(w)] += 1
        norms = np.linalg.norm(rows, axis=1, keepdims=True)
        return rows / np.where(norms == 0, 1, norms)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]


class DictVectorIndex:
    """Exact cosine search over a dict of vectors; ties keep insertion order."""

    def __init__(self):
        self.vecs: dict[str, np.ndarray] = {}
        self.docs: dict[str, str] = {}

    def upsert(self, ids, vectors, doc_ids):
        for i, v, d in zip(ids, vectors, doc_ids):
            self.vecs[i], self.docs[i] = np.asarray(v, dtype=np.float32), d

    def delete_doc(self, doc_id):
        for i in [i for i, d in self.docs.items() if d == doc_id]:
            del self.vecs[i], self.docs[i]

    def query(self, vector, k):
        scored = [(i, float(np.dot(v, vector))) for i, v in self.vecs.items()]
        return sorted(scored, key=lambda p: -p[1])[:k]

    def get(self, ids):
        return np.stack([self.vecs[i] for i in ids]) if ids else np.zeros((0, len(VOCAB)))

    def doc_ids(self):
        return set(self.docs.values())

    def count(self):
        return len(self.vecs)


class TermCountTextIndex:
    """Score = how often the query's words occur in the text; only positive scores returned."""

    def __init__(self):
        self.texts: dict[str, str] = {}
        self.docs: dict[str, str] = {}

    def add(self, ids, texts, doc_ids):
        for i, t, d in zip(ids, texts, doc_ids):
            self.texts[i], self.docs[i] = t, d

    def delete_doc(self, doc_id):
        for i in [i for i, d in self.docs.items() if d == doc_id]:
            del self.texts[i], self.docs[i]

    def search(self, query, k):
        terms = set(words(query))
        scored = [(i, float(sum(1 for w in words(t) if w in terms))) for i, t in self.texts.items()]
        return sorted([p for p in scored if p[1] > 0], key=lambda p: -p[1])[:k]

    def doc_ids(self):
        return set(self.docs.values())

    def count(self):
        return len(self.texts)

    def flush(self):
        pass


class FixedKeywords:
    """A keyword extractor double that returns the same keywords for every question."""

    def __init__(self, keywords: Sequence[str]):
        self.keywords = list(keywords)

    def extract_query(self, question: str) -> list[str]:
        return list(self.keywords)

    def query_keywords(self, question: str) -> tuple[list[str], int, int]:
        return list(self.keywords), 0, 0


def make_context(
    passages: Sequence[tuple[str, str, str]],
    settings: Settings | None = None,
    data_dir: Path = Path("/nonexistent-folio-test"),
    **extra,
) -> RetrievalContext:
    """passages: (passage id, title, text). Returns a context whose stores hold them."""
    catalog, vectors, text = Catalog(":memory:"), DictVectorIndex(), TermCountTextIndex()
    embedder = BagOfWordsEmbedder()
    for position, (pid, title, body) in enumerate(passages):
        doc = Document(doc_id=f"doc-{pid}", title=title, source="inline", pages=1, kind="corpus",
                       added_at=f"2026-01-01T00:00:{position:02d}")
        chunk = Chunk.create(doc_id=doc.doc_id, doc_title=title, text=body, position=0, source_id=pid)
        catalog.begin_document(doc)
        vectors.upsert([chunk.chunk_id], embedder.embed([body]), [doc.doc_id])
        text.add([chunk.chunk_id], [body], [doc.doc_id])
        catalog.commit_document(doc, [], [chunk], [], [])
    settings = settings or Settings(data_dir=data_dir)
    return RetrievalContext(settings=settings, embedder=embedder, vectors=vectors, text=text,
                            catalog=catalog, **extra)


def source_ids(result) -> list[str]:
    """The passage ids of a result's chunks, in rank order."""
    return [sc.chunk.source_id for sc in result.chunks]


FRUIT = [
    ("c0", "Orchard", "apple apple banana"),
    ("c1", "Market", "banana cherry"),
    ("c2", "Garden", "cherry date elder"),
    ("c3", "Grove", "apple apple fig"),
    ("c4", "Farm", "date fig fig"),
]
