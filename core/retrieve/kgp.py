"""KGP: Knowledge-Graph-Prompting traversal of the Chunk-Interaction Graph.

The paper's Algorithm 1: seed passages from a lexical search; a queue of reasoning paths,
each with its candidate neighbours; the earliest path is taken off the queue, its
neighbours ranked by the traversal agent, the top `branch` of them visited, and each new
path (with the new node's neighbours) put back on the queue, until the queue is empty or
`graph_budget` passages are visited. Settings (`[retrieve]` in folio.toml):

* `kgp_seeding`: `tfidf` (the paper's g), `knn` (embedding neighbours, the paper's KNN
  comparison) or `bm25` (Folio's default: BM25 is TF-IDF with saturation, and already built);
* `kgp_branch`: neighbours visited per expanded path (the paper's branching factor; its
  runs use 10 first-hop and 3 second-hop passages, Folio defaults to 1 to keep budget for
  seeds, which the paper's Figure 7 shows matters under a fixed budget);
* the traversal agent: with an LLM, the model writes the next evidence it needs and the
  neighbours closest to that text are visited (the paper's fine-tuned T5/LLaMA step, here
  an instruction prompt without fine-tuning); without an LLM, the learned next-hop cross-
  encoder (`core.learn.hop_model`, when trained) ranks neighbours given the question and
  path, and ranks the visited passages for the result; with neither, the sum of the
  question and path vectors is the target, and a note says so.

Results are in visiting order (seeds first, the order KGP hands passages to a reader),
except with the learned step, where its scores order them (Folio returns a ranked top-k).

Example:
    >>> # make_retriever("kgp", ctx).retrieve("Which table on page 4 lists ...?", k=5)
"""
from __future__ import annotations

import time
from collections import deque

import numpy as np

from core.answer.prompts import next_evidence_prompt
from core.retrieve.base import RetrievalContext
from core.retrieve.graph_common import GraphSession, QueryState, neighbour_kinds, scored_chunks
from core.retrieve.kgp_seeds import seed_ids
from core.types import Hop, RetrievalResult

SEEDS = 3
NO_AGENT = ("no LLM configured and no learned next-hop model (python -m core train --retriever hop): "
            "next evidence chosen by similarity to the question plus path text")


class KGPRetriever:
    """LLM-guided (or learned, or vector-guided) breadth-first traversal under a passage budget."""

    name = "kgp"

    def __init__(self, ctx: RetrievalContext, learned="load"):
        """`learned`: a HopScorer, None to go without, or "load" (the library's model)."""
        from core.learn.held_scorer import held_scorer  # loaded once, not per question

        self.ctx = ctx
        self.session = GraphSession(ctx)
        opts = ctx.settings.retrieve
        self.budget = max(1, opts.graph_budget)
        self.seeding, self.branch, self.cap = opts.kgp_seeding, max(1, opts.kgp_branch), opts.hop_cap
        self.learned = None if ctx.llm is not None else (
            held_scorer(ctx.settings.data_dir) if learned == "load" else learned)
        self.llm_calls = self.llm_tokens = 0
        self._walk = None

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

    def rank(self, state: QueryState, path: list[str], ids: list[str]) -> np.ndarray:
        """The traversal agent's scores for candidate neighbours of `path`."""
        if self._walk is not None:
            return self._walk.rate(state, path, ids)
        return self.session.vectors(ids) @ self._target(state, path)

    def candidates(self, state: QueryState, node: str, visited: set[str]) -> dict[str, str]:
        """Unvisited neighbours of a node (the most question-relevant `cap` with the learned step)."""
        options = {c: kd for c, kd in neighbour_kinds(self.session.graph, node).items() if c not in visited}
        if self._walk is not None and len(options) > self.cap:
            keep, _ = self._walk.neighbours(state, node, visited)
            options = {c: options[c] for c in keep}
        return options

    def walk(self, state: QueryState, seeds: list[str]) -> tuple[list[str], list[Hop]]:
        """Algorithm 1: expand the earliest path, visit its top `branch` neighbours."""
        visited, seen = list(seeds), set(seeds)
        queue = deque([s] for s in seeds)
        hops: list[Hop] = []
        while queue and len(visited) < self.budget:
            path = queue.popleft()
            options = self.candidates(state, path[-1], seen)
            if not options:
                continue
            ids = sorted(options)
            sims = self.rank(state, path, ids)
            for best in np.argsort(-sims, kind="stable")[: min(self.branch, self.budget - len(visited))]:
                chosen = ids[int(best)]
                kind = "keyword" if options[chosen] == "mention" else options[chosen]
                hops.append(Hop(path[-1], chosen, kind, len(path), round(float(sims[best]), 4)))
                visited.append(chosen)
                seen.add(chosen)
                queue.append(path + [chosen])
            queue.append(path)  # the path's last node may still lead elsewhere
        return visited, hops

    def retrieve(self, question: str, k: int = 10) -> RetrievalResult:
        """Seeds by the chosen search, then the budgeted walk; ranked as the module says."""
        t0 = time.perf_counter()
        self.llm_calls = self.llm_tokens = 0
        state = self.session.query(question)
        seeds = seed_ids(self.seeding, state, self.session, SEEDS)
        self._walk = None
        if self.learned is not None:
            from core.retrieve.iier_learned import LearnedChains
            self._walk = LearnedChains(self.session, self.learned, cap=self.cap)
            self._walk.rate(state, [], seeds)
        visited, hops = self.walk(state, seeds)
        if self._walk is not None:
            ids = sorted(visited, key=lambda c: (-self._walk.scores.get(c, 0.0), c))[:k]
            top = [(cid, self._walk.scores.get(cid, 0.0)) for cid in ids]
        else:
            ids = visited[:k]
            n = max(1, len(ids))
            top = [(cid, (n - i) / n) for i, cid in enumerate(ids)]
        notes = (f"seeds: {self.seeding}; branch {self.branch}; budget {self.budget}",)
        if self.ctx.llm is None:
            notes = ((f"no LLM configured: {self.learned.origin}" if self.learned is not None
                      else NO_AGENT),) + notes
        timings = dict(state.timings, total=(time.perf_counter() - t0) * 1000)
        return RetrievalResult(question, self.name, scored_chunks(self.ctx, state, top),
                               seeds=tuple(seeds), hops=tuple(h for h in hops if h.target in ids),
                               timings_ms=timings, llm_calls=self.llm_calls,
                               llm_tokens=self.llm_tokens, notes=notes)
