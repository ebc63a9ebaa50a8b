"""The next-hop head: logistic regression over `core.learn.hop_features`, re-ranking gnn.

Candidates are gnn's top `pool` chunks and the graph neighbours of its top `seeds` chunks
(the `cap` most question-relevant of each); the path is those seeds. Each candidate gets one
probability of being a supporting chunk; `gnn_rerank` ranks by gnn score + weight * p, the
weight chosen by inner folds of the training questions (`core.learn.head_fit`), never on
the questions it is scored on.

On disk, in `data_dir/models/hop_head/`: `head.safetensors` (feature means, scales,
coefficients, intercept: float64 arrays) and `head.json` (feature names, record). No pickles.

Example:
    >>> # head = HopHead.load(data_dir)    # None when none was trained
    >>> # reading = head.read(ctx, state, dist, depth=10)
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from core.learn.hop_features import NAMES, candidate_features
from core.retrieve.graph_common import QueryState, neighbour_kinds

HEAD_DIR = "hop_head"
WEIGHTS = "head.safetensors"
CONFIG = "head.json"
POOL, SEEDS, CAP = 10, 3, 10


def head_dir(data_dir: Path) -> Path:
    """Where a library keeps its next-hop head."""
    return Path(data_dir) / "models" / HEAD_DIR


def candidates(state: QueryState, top: list, pool: int, seeds: int, cap: int) -> tuple[list, list]:
    """(path: gnn's top `seeds` ids, candidates: gnn's top `pool` plus the seeds' neighbours,
    the `cap` most question-relevant of each)."""
    graph = state.session.graph
    ids = [c for c, _ in top[:pool]]
    path = [c for c, _ in top[:seeds]]
    out = dict.fromkeys(ids)
    for seed in path:
        kinds = neighbour_kinds(graph, seed)
        near = sorted(c for c in kinds if c != seed)
        if len(near) > cap:  # mention neighbours first (the bridge), then the most question-relevant
            rel = state.relevance(near) + np.array([2.0 * (kinds[c] == "mention") for c in near])
            near = [near[i] for i in np.argsort(-rel, kind="stable")[:cap]]
        out.update(dict.fromkeys(near))
    return path, list(out)


def question_rows(ctx, state: QueryState, dist: np.ndarray, depth: int, pool: int = POOL,
                  seeds: int = SEEDS, cap: int = CAP) -> tuple[dict, list, np.ndarray]:
    """(gnn scores by id, candidate ids, feature rows) for one question's gnn distances."""
    from core.retrieve.gnn import ranked

    graph = state.session.graph
    top = ranked(state, dist, max(depth, pool))
    gnn = dict(top)
    rank = {c: i for i, (c, _) in enumerate(top)}
    path, cands = candidates(state, top, pool, seeds, cap)
    floor = min(gnn.values(), default=0.0)
    for c in cands:
        if c not in gnn:  # gnn's own score; where it never reached the chunk, below all it ranked
            d = dist[graph.index[c]] if c in graph.index else np.inf
            gnn[c] = float(1.0 - d) if np.isfinite(d) else floor - 1e-6 * (1.0 - float(state.relevance([c])[0]))
    chunks = {c.chunk_id: c for c in ctx.catalog.chunks(sorted(set(cands) | set(path)))}
    return gnn, cands, candidate_features(state, chunks, gnn, rank, path, cands)


class HopHead:
    """A trained logistic head over next-hop features."""

    def __init__(self, mean: np.ndarray, scale: np.ndarray, coef: np.ndarray, intercept: float, record: dict):
        self.mean, self.scale, self.coef, self.intercept = mean, scale, coef, float(intercept)
        self.record = record
        self.origin = f"learned next-hop head ({HEAD_DIR}/{WEIGHTS}, {len(NAMES)} features)"

    def probability(self, rows: np.ndarray) -> np.ndarray:
        """P(supporting) per feature row."""
        if not len(rows):
            return np.zeros(0)
        z = ((rows - self.mean) / self.scale) @ self.coef + self.intercept
        return 1.0 / (1.0 + np.exp(-z))

    def read(self, ctx, state: QueryState, dist: np.ndarray, depth: int, pool: int = POOL,
             seeds: int = SEEDS, cap: int = CAP):
        """gnn_rerank's Reading: gnn scores and this head's probabilities of the candidates."""
        from core.retrieve.gnn_rerank import Reading

        gnn, cands, rows = question_rows(ctx, state, dist, depth, pool, seeds, cap)
        return Reading(gnn, dict(zip(cands, map(float, self.probability(rows)))))

    def save(self, data_dir: Path) -> Path:
        """Write the arrays and head.json to data_dir/models/hop_head/; return the folder."""
        from safetensors.numpy import save_file

        folder = head_dir(data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        save_file({"mean": self.mean, "scale": self.scale, "coef": self.coef,
                   "intercept": np.array([self.intercept])}, str(folder / WEIGHTS))
        meta = {"format": 1, "features": list(NAMES), "record": self.record}
        (folder / CONFIG).write_text(json.dumps(meta, indent=1), "utf-8")
        return folder

    @staticmethod
    def load(data_dir: Path) -> "HopHead | None":
        """The head in data_dir/models/hop_head/, or None when none was trained there."""
        from safetensors.numpy import load_file

        folder = head_dir(data_dir)
        if not (folder / WEIGHTS).is_file() or not (folder / CONFIG).is_file():
            return None
        meta = json.loads((folder / CONFIG).read_text("utf-8"))
        if meta.get("features") != list(NAMES):
            raise ValueError(f"{folder / CONFIG} was trained on other features; retrain with "
                             "`python -m core train --retriever hop`")
        t = load_file(str(folder / WEIGHTS))
        return HopHead(t["mean"], t["scale"], t["coef"], float(t["intercept"][0]), meta.get("record", {}))
