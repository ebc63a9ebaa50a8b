"""Training pairs for the next-hop cross-encoder, from questions labelled with gold chunks.

Two kinds of step are learned, as the retrievers take them:

* the first hop (empty path): the question's own search candidates (dense, BM25, named
  titles), gold ones positive; the non-gold ones are hard negatives by construction;
* a next hop (IIER's labelling): from a path of one chunk (each gold chunk, and the best-
  ranked non-gold candidates, since real walks start there too) to its graph neighbours. A
  neighbour is positive when it is another gold chunk, or, when no gold chunk is a direct
  neighbour, when it lies on a two-step path to one. Negatives are the neighbours most
  relevant to the question (hard) plus a few drawn at random with the seed; a second step
  (path gold -> gold) is added for questions with three or more gold chunks.

Example:
    >>> # pairs = build_examples(ctx, questions, DataShape(), seed=0)
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from core.retrieve.base import RetrievalContext
from core.retrieve.graph_common import GraphSession, QueryState, neighbour_kinds


@dataclass(frozen=True)
class HopExample:
    """One labelled pair: question, texts of the path so far, candidate text, label."""

    question: str
    path: tuple[str, ...]
    candidate: str
    label: float


@dataclass(frozen=True)
class DataShape:
    """How many pairs each question gives."""

    first_pool: int = 20  # search candidates read for the first hop
    first_negatives: int = 10
    hard_negatives: int = 6  # per path: the neighbours most relevant to the question
    random_negatives: int = 2  # per path: neighbours drawn at random
    wrong_starts: int = 2  # non-gold top candidates used as path starts


def chunk_texts(ctx: RetrievalContext, ids: Sequence[str]) -> dict[str, str]:
    """'Title: text' for each chunk id: the title often carries the bridge entity."""
    return {c.chunk_id: f"{c.doc_title}: {c.text}" for c in ctx.catalog.chunks(list(ids))}


def first_hop(state: QueryState, gold: set[str], shape: DataShape, rng: random.Random) -> list[tuple]:
    """(path ids, candidate id, label) for the empty-path step."""
    pool = state.candidates()[: shape.first_pool]
    negatives = [c for c in pool if c not in gold][: shape.first_negatives]
    return [((), g, 1.0) for g in sorted(gold)] + [((), c, 0.0) for c in negatives]


def positives_from(graph, start: str, gold: set[str], near: dict) -> set[str]:
    """IIER's labels: other gold neighbours, else neighbours one step short of a gold chunk."""
    targets = gold - {start}
    direct = targets & set(near)
    if direct:
        return direct
    return {c for c in near if set(neighbour_kinds(graph, c)) & targets}


def next_hops(session: GraphSession, state: QueryState, path: tuple[str, ...], gold: set[str],
              shape: DataShape, rng: random.Random) -> list[tuple]:
    """(path ids, candidate id, label) for the neighbours of the path's last chunk."""
    graph = session.graph
    near = {c: k for c, k in neighbour_kinds(graph, path[-1]).items() if c not in path}
    if not near:
        return []
    positive = positives_from(graph, path[-1], gold - set(path[:-1]), near)
    rest = sorted(c for c in near if c not in positive)
    rel = dict(zip(rest, state.relevance(rest)))
    hard = sorted(rest, key=lambda c: (-rel[c], c))[: shape.hard_negatives]
    others = [c for c in rest if c not in hard]
    drawn = rng.sample(others, min(shape.random_negatives, len(others)))
    return [(path, c, 1.0) for c in sorted(positive)] + [(path, c, 0.0) for c in hard + drawn]


def question_rows(session: GraphSession, question: str, gold: Sequence[str], shape: DataShape,
                  rng: random.Random) -> list[tuple]:
    """Every (path ids, candidate id, label) row one labelled question gives."""
    graph = session.graph
    gold_set = {g for g in gold if g in graph.index}
    if not gold_set:
        return []
    state = session.query(question)
    rows = first_hop(state, gold_set, shape, rng)
    wrong = [c for c in state.candidates() if c not in gold_set][: shape.wrong_starts]
    for start in sorted(gold_set) + wrong:
        rows += next_hops(session, state, (start,), gold_set, shape, rng)
    if len(gold_set) >= 3:
        for a in sorted(gold_set):
            for b in sorted(gold_set & set(neighbour_kinds(graph, a)) - {a}):
                rows += next_hops(session, state, (a, b), gold_set, shape, rng)
    return rows


def build_examples(ctx: RetrievalContext, questions: Sequence, shape: DataShape = DataShape(),
                   seed: int = 0) -> list[HopExample]:
    """Labelled pairs for `questions` (objects with .question and .gold chunk ids)."""
    session = GraphSession(ctx)
    rng = random.Random(seed)
    rows = []
    for q in questions:
        rows += [(q.question, *r) for r in question_rows(session, q.question, q.gold, shape, rng)]
    texts = chunk_texts(ctx, sorted({c for _, path, cand, _ in rows for c in (*path, cand)}))
    return [HopExample(question, tuple(texts[p] for p in path), texts[cand], label)
            for question, path, cand, label in rows
            if cand in texts and all(p in texts for p in path)]
