"""Training for the graph retrievers from labelled questions (supporting chunk ids).

* GNN-Ret: alpha fitted by gradient descent on the hinge objective (gold passages'
  mean integrated distance should undercut the mean of the closest non-gold ones by a
  margin); saved as `data_dir/models/gnn.json`.
* IIER: the linear next-hop scorer, fitted by logistic regression. From every gold chunk,
  a neighbour is a positive when it lies on a shortest path (within two hops) to another
  gold chunk of the question, a negative otherwise; saved as `data_dir/models/iier.json`.

Plain JSON, no pickles. Train on one benchmark and evaluate on another.

Example:
    python -m core --data-dir D train --questions questions.jsonl --retriever iier
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

from core.retrieve.base import RetrievalContext
from core.retrieve.gnn import GNN_KINDS
from core.retrieve.graph_common import GraphSession
from core.retrieve.graph_math import alpha_gradient, hinge_loss, min_message, top_k_smallest
from core.retrieve.iier import FEATURES, hop_features, neighbour_kinds


@dataclass(frozen=True)
class LabelledQuestion:
    """A question and the chunk ids of its supporting passages."""

    question: str
    gold: tuple[str, ...]


def fit_alpha(samples: Sequence[tuple[np.ndarray, object, np.ndarray]], top_k: int, competitors: int = 5,
              margin: float = 0.05, alpha: float = 0.1, lr: float = 1.0, iterations: int = 100) -> float:
    """Gradient descent on alpha over (distances, adjacency, gold indices) samples.

    The competitive set is the top-5 (the paper's 25 makes the loss vanish on small
    libraries: the gold mean is then always below the mean of 25 distractors)."""
    messages = []
    for dist, adj, gold in samples:
        m, _ = min_message(dist, adj, top_k_smallest(dist, top_k))
        messages.append(m)
    for _ in range(iterations):
        grads = []
        for (dist, _, gold), m in zip(samples, messages):
            mixed = np.where(np.isfinite(m), alpha * dist + (1 - alpha) * m, np.inf)
            h = np.minimum(dist, mixed)
            _, dh = hinge_loss(h, gold, competitors, margin)
            active = np.where(mixed < dist, m, np.inf)  # only receivers that moved depend on alpha
            grads.append(alpha_gradient(dist, active, dh))
        grad = float(np.mean(grads)) if grads else 0.0
        if abs(grad) < 1e-3:
            break
        alpha = float(np.clip(alpha - lr * grad, 0.0, 1.0))
    return alpha


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1e-2) -> tuple[np.ndarray, float]:
    """L2-regularised logistic regression with balanced classes (scikit-learn, lbfgs).

    Minimises mean(class weight * log loss) + l2 / 2 * |w|^2, the intercept unpenalised:
    scikit-learn's C * sum(...) + |w|^2 / 2 with C = 1 / (n * l2)."""
    from sklearn.linear_model import LogisticRegression

    model = LogisticRegression(C=1.0 / (len(y) * l2), class_weight="balanced", max_iter=1000)
    model.fit(x, y)
    return model.coef_[0].astype(np.float64), float(model.intercept_[0])


def hop_examples(session: GraphSession, question: str, gold: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Feature rows and labels for every neighbour of every gold chunk of a question."""
    graph = session.graph
    state = session.query(question)
    rows, labels = [], []
    gold_set = set(gold)
    for start in gold:
        near = neighbour_kinds(graph, start)
        two_hop = {c: set(neighbour_kinds(graph, c)) for c in near}
        ids = sorted(near)
        if not ids:
            continue
        targets = gold_set - {start}
        direct = targets & set(near)
        on_path = [c in targets or (not direct and bool(two_hop[c] & targets)) for c in ids]
        path_sim = session.vectors(ids) @ session.vectors([start])[0]
        prev = float(state.relevance([start])[0])
        rows.append(hop_features(state.relevance(ids), prev, path_sim, [near[c] for c in ids]))
        labels += on_path
    if not rows:
        return np.zeros((0, len(FEATURES))), np.zeros(0)
    return np.vstack(rows), np.array(labels, dtype=np.float64)


def train(ctx: RetrievalContext, questions: Sequence[LabelledQuestion], out_dir: Path,
          targets: Sequence[str] = ("gnn", "iier")) -> dict:
    """Fit GNN-Ret's alpha ("gnn") and/or IIER's next-hop scorer ("iier"); write the models
    named in `targets` to out_dir; return what was written."""
    from core.retrieve.gnn import _fill  # the same distance initialisation as retrieval

    session = GraphSession(ctx)
    graph = session.graph
    adj = graph.combined(GNN_KINDS)
    top_k = ctx.settings.retrieve.gnn_top_k
    samples, xs, ys = [], [], []
    for q in questions:
        gold = [g for g in q.gold if g in graph.index]
        if not gold:
            continue
        state = session.query(q.question)
        dist = np.full(graph.size, np.inf)
        _fill(state, dist, [graph.index[c] for c in state.candidates() if c in graph.index])
        senders = top_k_smallest(dist, top_k)
        _fill(state, dist, np.unique(adj[senders].indices))
        _fill(state, dist, [graph.index[g] for g in gold])
        samples.append((dist, adj, np.array([graph.index[g] for g in gold])))
        x, y = hop_examples(session, q.question, gold)
        xs.append(x)
        ys.append(y)
    alpha = fit_alpha(samples, top_k)
    x = np.vstack(xs) if xs else np.zeros((0, len(FEATURES)))
    y = np.concatenate(ys) if ys else np.zeros(0)
    w, b = fit_logistic(x, y) if len(y) and 0 < y.sum() < len(y) else (None, None)
    out_dir.mkdir(parents=True, exist_ok=True)
    written: dict = {"questions": len(samples)}
    if "gnn" in targets:
        (out_dir / "gnn.json").write_text(json.dumps({"alpha": alpha, "top_k": top_k}, indent=1), "utf-8")
        written["alpha"] = round(alpha, 4)
    if "iier" in targets and w is not None:
        model = {"weights": dict(zip(FEATURES, map(float, w))), "bias": float(b), "examples": int(len(y))}
        (out_dir / "iier.json").write_text(json.dumps(model, indent=1), "utf-8")
        written["iier"] = model
    return written


def load_questions(path: Path, ctx: RetrievalContext) -> list[LabelledQuestion]:
    """Questions with `supporting_ids` (corpus passage ids) mapped to chunk ids."""
    rows = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    ids = sorted({s for r in rows for s in r.get("supporting_ids", [])})
    chunk_of = ctx.catalog.chunk_ids_by_source(ids)
    return [LabelledQuestion(r["question"], tuple(chunk_of[s] for s in r.get("supporting_ids", [])
                                                  if s in chunk_of)) for r in rows]
