"""KGP: Knowledge-Graph-Prompting traversal of the Chunk-Interaction Graph.

Seeds come from lexical search (BM25). A breadth-first walk then visits, from each node
in the queue, the neighbour closest to what is still missing, until `graph_budget`
passages have been visited:

* with an LLM, the model reads the question and the path so far and writes the next
  piece of evidence it needs; the neighbour closest to that text is visited;
* without one, the target is the question plus the path text (the sum of their vectors),
  and a note says so.

Results are in visiting order (seeds first), the order KGP hands passages to a reader.

Example:
    >>> # make_retriever("kgp", ctx).retrieve("Which table on page 4 lists ...?", k=5)
"""
from __future__ import annotations

import time
from collections import deque

import numpy as np

from core.retrieve.base import RetrievalContext
from core.answer.prompts import next_evidence_prompt
from core.retrieve.graph_common import GraphSession, QueryState, scored_chunks
from core.retrieve.iier import neighbour_kinds
from core.types import Hop, RetrievalResult

SEEDS = 3


class KGPRetriever:
    """LLM-guided (or vector-guided) breadth-first traversal under a passage budget."""

    name = "kgp"

    def __init__(self, ctx: RetrievalContext):
        self.ctx = ctx
        self.session = GraphSession(ctx)
        self.budget = max(1, ctx.settings.retrieve.graph_budget)
        self.llm_calls = 0
        self.llm_tokens = 0

    def _target(self, state: QueryState, path: list[str]) -> np.ndarray:
        """Vector of the evidence to look for next from the end of `path`."""
        if self.ctx.llm is not None:
            texts = [c.text[:400] for c in self.ctx.catalog.chunks(path)]
            prompt = next_evidence_prompt(state.question, texts)
            reply = self.ctx.llm.chat(prompt.system, prompt.user, max_tokens=80)
            self.llm_calls += int(not reply.cached)  # a cache hit costs nothing
            self.llm_tokens += reply.tokens
            return np.asarray(self.ctx.embedder.embed_query(reply.text), dtype=np.float32)
        target = state.qvec + self.session.vectors(path).mean(axis=0)
        return target / (np.linalg.norm(target) or 1.0)

    def retrieve(self, question: str, k: int = 10) -> RetrievalResult:
        """Seeds by BM25, then one best neighbour per visited node until the budget is spent."""
        t0 = time.perf_counter()
        self.llm_calls = self.llm_tokens = 0
        state = self.session.query(question)
        graph = self.session.graph
        lexical = sorted(state.bm25, key=lambda c: (-state.bm25[c], c))
        seeds = (lexical or state.candidates())[:SEEDS]
        visited = list(seeds)
        queue = deque((s, [s]) for s in seeds)
        hops: list[Hop] = []
        while queue and len(visited) < self.budget:
            node, path = queue.popleft()
            options = {c: kd for c, kd in neighbour_kinds(graph, node).items() if c not in visited}
            if not options:
                continue
            ids = sorted(options)
            sims = self.session.vectors(ids) @ self._target(state, path)
            best = int(np.argmax(sims))
            chosen = ids[best]
            kind = "keyword" if options[chosen] == "mention" else options[chosen]
            hops.append(Hop(node, chosen, kind, len(path), round(float(sims[best]), 4)))
            visited.append(chosen)
            queue.append((chosen, path + [chosen]))
            queue.append((node, path))  # the node may still lead elsewhere
        ids = visited[:k]
        n = max(1, len(ids))
        top = [(cid, (n - i) / n) for i, cid in enumerate(ids)]
        notes = () if self.ctx.llm is not None else (
            "no LLM configured: next evidence chosen by similarity to the question plus path text",)
        timings = dict(state.timings, total=(time.perf_counter() - t0) * 1000)
        return RetrievalResult(question, self.name, scored_chunks(self.ctx, state, top),
                               seeds=tuple(seeds), hops=tuple(h for h in hops if h.target in ids),
                               timings_ms=timings, llm_calls=self.llm_calls,
                               llm_tokens=self.llm_tokens, notes=notes)
