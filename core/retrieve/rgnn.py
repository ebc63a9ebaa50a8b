"""RGNN-Ret: GNN-Ret run step by step over LLM sub-questions, with self-critique.

Each step t:
1. the LLM writes the next sub-question from the question and the steps answered so far;
2. GNN-Ret propagates that sub-question's semantic distances h(t) over the graph, and the
   recurrent update carries the earlier steps along: h_hat(t) = beta * h(t) + (1 - beta) *
   h_hat(t - 1) (beta: trained in `models/rgnn.json`, else `rgnn_beta` 0.9; the paper
   starts training from 1.0; see `core.retrieve.gnn_params`), so a passage close to an earlier
   sub-question keeps part of its advantage when the next sub-question is worded badly;
3. the LLM answers the sub-question from the step's closest passages;
4. the LLM judges (self-critique) whether the answers so far are enough for the question;
   "Yes" ends the loop, otherwise the next step begins (at most `rgnn_max_steps`).

The evidence is returned in the order it was found: each step's passages, then the rest
ranked by the final integrated distance. Every step (sub-question, sub-answer, verdict) is
listed in the result's notes, and the hops carry their step number.

Example:
    >>> # make_retriever("rgnn", ctx).retrieve("Who founded the journal's publisher?", k=5).notes
"""
from __future__ import annotations

import re
import time

import numpy as np

from core.answer.prompts import critique_prompt, parse_yes, sub_answer_prompt, sub_question_prompt
from core.errors import NeedsLLM
from core.retrieve.base import RetrievalContext
from core.retrieve.gnn import propagate, ranked
from core.retrieve.gnn_params import load_alphas, load_beta
from core.retrieve.graph_common import GraphSession, scored_chunks
from core.types import Hop, RetrievalResult

_LEAD = re.compile(r"^\s*(?:[-*\d.)]+\s*)?(?:(?:next step|sub-?question|question)\s*:\s*)?", re.I)


def recur(current: np.ndarray, previous: np.ndarray | None, beta: float) -> np.ndarray:
    """The recurrent update h_hat = beta * current + (1 - beta) * previous.

    A node reached in only one of the two steps keeps the distance it has there (inf means
    never reached)."""
    if previous is None:
        return current.copy()
    both = np.isfinite(current) & np.isfinite(previous)
    with np.errstate(invalid="ignore"):  # 0 * inf off the `both` mask is discarded by where
        return np.where(both, beta * current + (1.0 - beta) * previous, np.fmin(current, previous))


def first_line(reply: str) -> str:
    """The sub-question in a reply: its first non-empty line without a 'Next step:' label."""
    for line in reply.splitlines():
        text = _LEAD.sub("", line).strip().strip('"')
        if text:
            return text
    return ""


class RGNNRetriever:
    """RGNN-Ret: sub-question, propagate, sub-answer, self-critique; needs an LLM."""

    name = "rgnn"

    def __init__(self, ctx: RetrievalContext):
        if ctx.llm is None:
            raise NeedsLLM("retriever 'rgnn' needs an LLM to write sub-questions; set "
                           "OPENAI_BASE_URL and FOLIO_LLM_MODEL, or use 'gnn' instead")
        self.ctx = ctx
        self.session = GraphSession(ctx)
        s = ctx.settings.retrieve
        self.alpha, self.alpha_note = load_alphas(ctx.settings.data_dir, s)
        self.beta, self.beta_note = load_beta(ctx.settings.data_dir, s)
        self.top_k, self.layers, self.clamp = s.gnn_top_k, s.gnn_layers, s.gnn_clamp
        self.max_steps, self.per_step = max(1, s.rgnn_max_steps), max(1, s.rgnn_passages)
        self.mention_alpha = s.gnn_mention_alpha if s.gnn_mention_alpha >= 0 else None
        self.calls = self.tokens = 0

    def _ask(self, prompt, max_tokens: int) -> str:
        reply = self.ctx.llm.chat(prompt.system, prompt.user, max_tokens=max_tokens)
        self.calls += int(not reply.cached)  # a cache hit costs nothing
        self.tokens += reply.tokens
        return reply.text.strip()

    def walk(self, question: str) -> tuple[list, list[Hop], list[str], list[np.ndarray]]:
        """The sub-question loop: (passages found in order, hops, notes, each step's GNN
        distances h(t) before the recurrence; the trainer fits beta on these)."""
        steps: list[tuple[str, str]] = []
        found: list[tuple[str, float]] = []
        hops: list[Hop] = []
        notes, per_step = [self.alpha_note, self.beta_note], []
        carried = None
        for step in range(1, self.max_steps + 1):
            sub = first_line(self._ask(sub_question_prompt(question, steps), 60)) or question
            sub_state = self.session.query(sub)
            dist, sub_hops = propagate(sub_state, self.alpha, self.top_k, self.layers,
                                       mention_alpha=self.mention_alpha, clamp=self.clamp)
            per_step.append(dist)
            carried = recur(dist, carried, self.beta)
            taken = {cid for cid, _ in found}
            best = [(c, s) for c, s in ranked(sub_state, carried, self.per_step + len(taken))
                    if c not in taken][:self.per_step]
            found += best
            hops += [Hop(h.source, h.target, h.kind, step, h.score) for h in sub_hops]
            texts = [c.text[:600] for c in self.ctx.catalog.chunks([c for c, _ in best])]
            answer = self._ask(sub_answer_prompt(sub, texts), 80)
            steps.append((sub, answer))
            enough = parse_yes(self._ask(critique_prompt(question, steps), 8))
            notes.append(f"step {step}: {sub} -> {answer} (enough: {'yes' if enough else 'no'})")
            if enough:
                break
        self.carried = carried
        return found, hops, notes, per_step

    def retrieve(self, question: str, k: int = 10) -> RetrievalResult:
        """Run the sub-question loop; evidence in the order the steps found it."""
        t0 = time.perf_counter()
        self.calls = self.tokens = 0
        state = self.session.query(question)
        found, hops, notes, _ = self.walk(question)
        taken = {cid for cid, _ in found}
        rest = [(c, s) for c, s in ranked(state, self.carried, k + len(taken)) if c not in taken]
        top = (found + rest)[:k]
        keep = {cid for cid, _ in top}
        routes = {cid: {"rgnn": round(s, 4)} for cid, s in top}
        timings = dict(state.timings, total=(time.perf_counter() - t0) * 1000)
        return RetrievalResult(question, self.name, scored_chunks(self.ctx, state, top, routes),
                               seeds=tuple(c for c, _ in found[:self.per_step]),
                               hops=tuple(h for h in hops if h.target in keep), timings_ms=timings,
                               llm_calls=self.calls, llm_tokens=self.tokens, notes=tuple(notes))
