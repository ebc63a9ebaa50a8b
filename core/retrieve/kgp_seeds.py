"""KGP's seeding passages, chosen as the paper compares them (`retrieve.kgp_seeding`).

* `tfidf`: cosine of TF-IDF vectors (scikit-learn, English stop words removed), the
  paper's seeding search g. The matrix is built once per graph version and reused;
* `knn`: nearest passages by embedding (the paper's KNN baseline, here the library's own
  MiniLM vectors rather than multi-qa-MiniLM plus fuzzy matching);
* `bm25`: Folio's earlier default, BM25 from the text index (TF-IDF with saturation and
  length normalisation).

Example:
    >>> # seed_ids("tfidf", state, session, 3)
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from core.errors import ConfigError
from core.retrieve.graph_common import GraphSession, QueryState

MODES = ("bm25", "tfidf", "knn")


class TfidfIndex:
    """TF-IDF over the chunks of one graph version (built on first use)."""

    def __init__(self, session: GraphSession):
        from sklearn.feature_extraction.text import TfidfVectorizer

        graph = session.graph
        ids = [i for i, chunk in zip(graph.ids, graph.is_chunk) if chunk]
        texts = {c.chunk_id: f"{c.doc_title} {c.text}" for c in session.ctx.catalog.chunks(ids)}
        self.ids = [i for i in ids if i in texts]
        self.vectoriser = TfidfVectorizer(stop_words="english", sublinear_tf=True)
        self.matrix = self.vectoriser.fit_transform([texts[i] for i in self.ids]) if self.ids else None
        self.graph = graph

    def search(self, question: str, n: int) -> list[str]:
        """The n chunks most similar to the question, best first (ties by id)."""
        if self.matrix is None:
            return []
        sims = (self.matrix @ self.vectoriser.transform([question]).T).toarray().ravel()
        order = sorted((i for i in np.flatnonzero(sims)), key=lambda i: (-sims[i], self.ids[i]))
        return [self.ids[i] for i in order[:n]]


def tfidf_index(session: GraphSession) -> TfidfIndex:
    """The session's TF-IDF index, rebuilt when the graph has changed."""
    index = getattr(session, "_tfidf", None)
    if index is None or index.graph is not session.graph:
        index = TfidfIndex(session)
        session._tfidf = index
    return index


def ranked(scores: dict) -> list[str]:
    """Keys by descending score, ties by id."""
    return sorted(scores, key=lambda c: (-scores[c], c))


def seed_ids(mode: str, state: QueryState, session: GraphSession, n: int) -> list[str]:
    """The first n seeds by `mode`; falls back to the fused candidates when a search is empty."""
    if mode not in MODES:
        raise ConfigError(f"retrieve.kgp_seeding = {mode!r}; choose one of: {', '.join(MODES)}")
    if mode == "tfidf":
        found: Sequence[str] = tfidf_index(session).search(state.question, n)
    elif mode == "knn":
        found = ranked(state.dense)
    else:
        found = ranked(state.bm25)
    return list(found or state.candidates())[:n]
