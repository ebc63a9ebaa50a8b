"""Features of a next-hop candidate, read from stored MiniLM vectors and chunk text.

The small alternative to the cross-encoder (`core.learn.hop_model`): no transformer runs at
query time besides the question's own embedding. For a candidate chunk c, the question q
and the path so far P (the top chunks of gnn, or of the head's first pass; c excluded),
each feature is cheap:

* question side: cos(q, c), BM25(q, c) / max, the question names c's title (whole, or the
  share of its words), gnn's score and rank of c, whether c was reached only through the graph;
* path side (the best over the path's chunks): cos(p, c), cos(q, p), the edge kind p -> c,
  same document, and the "bridge entity": c's title (without its disambiguation) named in
  p's text, the share of c's title words in p, the same weighted by p's rank, p's title
  named in c, capitalised terms of p (not in q) found in c, rare words shared by p and c
  but absent from q;
* coverage: the share of the question's content words c holds, and the share c adds
  beyond the path;
* bridge (`core.learn.hop_bridge`): the longest capitalised phrase of a path chunk (not in
  the question) that c holds, and c's cosine with q + p and with q less its part along p.

The bridge features carry what the issue's cross-encoder was meant to learn from text (an
entity named in the path and titled by the candidate), which a 2-layer cross-encoder on 40
training questions does not learn to carry to new questions (see benchmarks/RESULTS.md).

Example:
    >>> # rows = candidate_features(state, texts, gnn_scores, gnn_rank, path_ids, cand_ids)
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from core.learn.hop_bridge import BRIDGE_NAMES, bridge_features
from core.learn.hop_words import capitals, title_core, words
from core.retrieve.graph_common import QueryState, neighbour_kinds

__all__ = ("NAMES", "TextSide", "candidate_features", "capitals", "path_features", "title_core", "words")

NAMES = ("cos_q", "bm25_q", "title_q", "title_words_q", "gnn", "gnn_rank", "graph_only",
         "cos_path", "cos_q_path", "edge_mention", "edge_keyword", "edge_structural", "edge_semantic",
         "same_doc", "title_in_path", "title_words_in_path", "bridge_top", "path_in_title",
         "caps_shared", "rare_shared", "q_cover", "q_cover_new", *BRIDGE_NAMES)
class TextSide:
    """Per-chunk word sets, computed once per question."""

    def __init__(self, chunks: dict):
        self.chunks = chunks  # id -> Chunk
        self._w: dict = {}

    def get(self, cid: str) -> tuple[set, set, str, str, set]:
        """(content words, capitalised words, title core, lower-cased text, title words) of a chunk."""
        if cid not in self._w:
            c = self.chunks.get(cid)
            text = f"{c.doc_title}: {c.text}" if c else ""
            title = c.doc_title if c else ""
            self._w[cid] = (words(text), capitals(text), title_core(title), text.lower(), words(title))
        return self._w[cid]


def path_features(state: QueryState, side: TextSide, qwords: set, cand: str, path: Sequence[str],
                  cos_path: np.ndarray, cos_qp: np.ndarray) -> list[float]:
    """The path-side features of one candidate: the best over the path's chunks (the path
    is in gnn's order: `bridge_top` weighs a bridge by how high its path chunk ranks)."""
    graph = state.session.graph
    cw, ccap, ctitle, ctext, ctw = side.get(cand)
    best = [0.0] * 13
    for j, p in enumerate(path):
        if p == cand:
            continue
        pw, pcap, ptitle, ptext, _ = side.get(p)
        kind = neighbour_kinds(graph, p).get(cand, "")
        shared = (pw & cw) - qwords
        named = float(len(ctitle) > 2 and ctitle in ptext[len(ptitle):])  # past the path's own title
        title_words = ctw - qwords
        row = [float(cos_path[j]), float(cos_qp[j]),
               float(kind == "mention"), float(kind == "keyword"), float(kind == "structural"),
               float(kind == "semantic"),
               float(side.chunks.get(p) is not None and side.chunks.get(cand) is not None
                     and side.chunks[p].doc_id == side.chunks[cand].doc_id),
               named, len(title_words & pw) / max(1, len(title_words)), named / (1 + j),
               float(len(ptitle) > 2 and ptitle in ctext[len(ctitle):]),
               float(np.log1p(len((pcap & ccap) - qwords))), float(np.log1p(len(shared)))]
        best = [max(a, b) for a, b in zip(best, row)]
    return best


def candidate_features(state: QueryState, chunks: dict, gnn: dict, rank: dict,
                       path: Sequence[str], cands: Sequence[str]) -> np.ndarray:
    """One row of NAMES per candidate (`chunks`: id -> Chunk for path and candidates;
    `gnn`: id -> gnn score; `rank`: id -> gnn rank, absent when gnn did not rank it)."""
    if not cands:
        return np.zeros((0, len(NAMES)))
    session = state.session
    side = TextSide(chunks)
    qwords = words(state.question)
    cos_q = state.cosine(list(cands))
    top = max(state.bm25.values(), default=0.0)
    cv, pv = session.vectors(list(cands)), session.vectors(list(path))
    cos_pc = cv @ pv.T if len(path) else np.zeros((len(cands), 0))
    cos_qp = pv @ state.qvec if len(path) else np.zeros(0)
    floor = min(gnn.values(), default=0.0)
    rows = []
    for i, c in enumerate(cands):
        cw = side.get(c)[0]
        pw = set().union(*(side.get(p)[0] for p in path if p != c)) if path else set()
        cover = len(qwords & cw) / max(1, len(qwords))
        new = len((qwords & cw) - pw) / max(1, len(qwords))
        tw = side.get(c)[4]
        rows.append([float(cos_q[i]), state.bm25.get(c, 0.0) / top if top > 0 else 0.0,
                     float(c in state.titles), len(tw & qwords) / max(1, len(tw)), gnn.get(c, floor), 1.0 / (1 + rank[c]) if c in rank else 0.0,
                     float(c not in rank),
                     *path_features(state, side, qwords, c, path, cos_pc[i], cos_qp),
                     cover, new])
    texts = {c: (chunks[c].text if c in chunks else "") for c in {*cands, *path}}
    bridge = bridge_features(state, texts, cands, path, cv, pv)
    return np.hstack([np.asarray(rows, dtype=np.float64), bridge])
