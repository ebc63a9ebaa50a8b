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


def near_capped(state: QueryState, seed: str, cap: int) -> list[str]:
    """A chunk's graph neighbours, mention ones first (the bridge), then the most
    question-relevant, `cap` at most."""
    kinds = neighbour_kinds(state.session.graph, seed)
    near = sorted(c for c in kinds if c != seed)
    if len(near) > cap:
        rel = state.relevance(near) + np.array([2.0 * (kinds[c] == "mention") for c in near])
        near = [near[i] for i in np.argsort(-rel, kind="stable")[:cap]]
    return near


class QuestionView:
    """One question's gnn ranking, and feature rows of its candidates for a given path."""

    def __init__(self, ctx, state: QueryState, dist: np.ndarray, depth: int, pool: int = POOL, cap: int = CAP):
        from core.retrieve.gnn import ranked

        self.ctx, self.state, self.dist, self.pool, self.cap = ctx, state, dist, pool, cap
        top = ranked(state, dist, max(depth, pool))
        self.gnn = dict(top)
        self.rank = {c: i for i, (c, _) in enumerate(top)}
        self.top = [c for c, _ in top]
        self.floor = min(self.gnn.values(), default=0.0)
        self.chunks: dict = {}

    def candidates(self, path: list[str], extra: list[str] = ()) -> list[str]:
        """gnn's top `pool`, `extra`, and the path chunks' capped neighbours."""
        out = dict.fromkeys([*self.top[:self.pool], *extra])
        for seed in path:
            out.update(dict.fromkeys(near_capped(self.state, seed, self.cap)))
        graph = self.state.session.graph
        for c in out:
            if c not in self.gnn:  # gnn's own score; where it never reached the chunk, below all it ranked
                d = self.dist[graph.index[c]] if c in graph.index else np.inf
                self.gnn[c] = float(1.0 - d) if np.isfinite(d) else \
                    self.floor - 1e-6 * (1.0 - float(self.state.relevance([c])[0]))
        return list(out)

    def rows(self, path: list[str], extra: list[str] = ()) -> tuple[list[str], np.ndarray]:
        """(candidate ids, feature rows) with `path` as the path so far."""
        cands = self.candidates(path, extra)
        need = sorted((set(cands) | set(path)) - set(self.chunks))
        self.chunks.update((c.chunk_id, c) for c in self.ctx.catalog.chunks(need))
        return cands, candidate_features(self.state, self.chunks, self.gnn, self.rank, path, cands)


def second_path(cands: list[str], p: np.ndarray, seeds: int) -> list[str]:
    """The `seeds` candidates the first pass likes best, best first."""
    return [cands[i] for i in np.argsort(-p, kind="stable")[:seeds]]


class HopHead:
    """A trained logistic head over next-hop features."""

    def __init__(self, mean: np.ndarray, scale: np.ndarray, coef: np.ndarray, intercept: float, record: dict,
                 second: "HopHead | None" = None):
        self.mean, self.scale, self.coef, self.intercept = mean, scale, coef, float(intercept)
        self.record = record
        self.second = second  # the second pass's head, or None for one pass
        self.origin = f"learned next-hop head ({HEAD_DIR}/{WEIGHTS}, {len(NAMES)} features)"

    def probability(self, rows: np.ndarray) -> np.ndarray:
        """P(supporting) per feature row."""
        if not len(rows):
            return np.zeros(0)
        z = ((rows - self.mean) / self.scale) @ self.coef + self.intercept
        return 1.0 / (1.0 + np.exp(-z))

    def read(self, ctx, state: QueryState, dist: np.ndarray, depth: int, pool: int = POOL,
             seeds: int = SEEDS, cap: int = CAP):
        """gnn_rerank's Reading: gnn scores and this head's probabilities of the candidates
        (two passes when trained so: the second with the first pass's best chunks as path)."""
        from core.learn.hop_reading import Reading

        view = QuestionView(ctx, state, dist, depth, pool, cap)
        cands, rows = view.rows(view.top[:seeds])
        p = self.probability(rows)
        if self.second is not None:
            cands, rows = view.rows(second_path(cands, p, seeds), extra=cands)
            p = self.second.probability(rows)
        return Reading(view.gnn, dict(zip(cands, map(float, p))))

    def save(self, data_dir: Path) -> Path:
        """Write the arrays and head.json to data_dir/models/hop_head/; return the folder."""
        from safetensors.numpy import save_file

        folder = head_dir(data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        tensors = {"mean": self.mean, "scale": self.scale, "coef": self.coef, "intercept": np.array([self.intercept])}
        if self.second is not None:
            s = self.second
            tensors.update({"second.mean": s.mean, "second.scale": s.scale, "second.coef": s.coef,
                            "second.intercept": np.array([s.intercept])})
        save_file(tensors, str(folder / WEIGHTS))
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
        second = HopHead(t["second.mean"], t["second.scale"], t["second.coef"], float(t["second.intercept"][0]),
                         {}) if "second.coef" in t else None
        return HopHead(t["mean"], t["scale"], t["coef"], float(t["intercept"][0]), meta.get("record", {}), second)
