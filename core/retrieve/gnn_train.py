"""`python -m core train --retriever gnn|rgnn`: per-layer alpha^l and beta from labelled
questions, fitted on the paper's hinge objective (`core.retrieve.gnn_fit`).

GNN: the forward pass is retrieval's own (`gnn.propagate` with the library's settings),
gold passages given their own distance so the loss can see them. RGNN: the configured LLM
writes the sub-questions exactly as at retrieval time (the paper used hand-written ones
for five questions); beta is fitted on each step's GNN distances. Both write plain JSON
in `data_dir/models/`. Report figures only on questions the fit never saw.

Example:
    python -m core --data-dir D train --questions train.jsonl --retriever gnn
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

import numpy as np

from core.errors import NeedsLLM
from core.retrieve.gnn import _fill, propagate
from core.retrieve.gnn_fit import fit_params, gnn_loss, rgnn_loss
from core.retrieve.gnn_params import layer_alphas
from core.retrieve.graph_common import GraphSession

GNN_START, RGNN_START = 0.1, 1.0  # the paper's initial alpha and beta


def gnn_samples(ctx, questions: Sequence) -> list:
    """(forward(alphas) -> distances, gold node indices) for each labelled question."""
    session = GraphSession(ctx)
    graph, s = session.graph, ctx.settings.retrieve
    mention = s.gnn_mention_alpha if s.gnn_mention_alpha >= 0 else None
    samples = []
    for q in questions:
        gold = np.array([graph.index[g] for g in q.gold if g in graph.index], dtype=np.int64)
        if gold.size == 0:
            continue
        state = session.query(q.question)
        start = np.full(graph.size, np.inf)
        _fill(state, start, gold)  # the gold passages must have a distance for the loss to see

        def forward(alphas, state=state, start=start):
            return propagate(state, alphas, s.gnn_top_k, s.gnn_layers, start=start,
                             mention_alpha=mention, clamp=s.gnn_clamp)[0]
        samples.append((forward, gold))
    return samples


def train_gnn(ctx, questions: Sequence, out_dir: Path) -> dict:
    """Fit one alpha per layer (`gnn_layers`) and write models/gnn.json."""
    samples = gnn_samples(ctx, questions)
    layers = max(1, ctx.settings.retrieve.gnn_layers)
    alphas, run = fit_params(gnn_loss(samples), layer_alphas((), GNN_START, layers))
    record = {"alphas": [round(a, 4) for a in alphas], "alpha": round(alphas[0], 4),
              "layers": layers, "questions": len(samples), **run}
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "gnn.json").write_text(json.dumps(record, indent=1), "utf-8")
    return record


def train_rgnn(ctx, questions: Sequence, out_dir: Path) -> dict:
    """Fit beta from the LLM's sub-question steps and write models/rgnn.json."""
    from core.retrieve.rgnn import RGNNRetriever

    if ctx.llm is None:
        raise NeedsLLM("training rgnn's beta needs the LLM that writes its sub-questions; "
                       "set OPENAI_BASE_URL and FOLIO_LLM_MODEL")
    rgnn = RGNNRetriever(ctx)
    graph = rgnn.session.graph
    samples = []
    for q in questions:
        gold = np.array([graph.index[g] for g in q.gold if g in graph.index], dtype=np.int64)
        if gold.size:
            samples.append((rgnn.walk(q.question)[3], gold))
    (beta,), run = fit_params(rgnn_loss(samples), (RGNN_START,))
    record = {"beta": round(beta, 4), "questions": len(samples), **run}
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "rgnn.json").write_text(json.dumps(record, indent=1), "utf-8")
    return record
