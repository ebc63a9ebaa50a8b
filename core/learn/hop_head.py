"""The next-hop head: logistic regression over `core.learn.hop_features`, re-ranking gnn.

Candidates are gnn's top `pool` chunks and the graph neighbours of its top `seeds` chunks
(the `cap` most question-relevant of each), and, when trained with a bridge step
(`bridge` > 0, `core.learn.hop_bridge`; off by default), the chunks found by the path
chunks' bridge phrases (BM25) and by q + p (dense); the path is those seeds. Each candidate
gets one probability of being a supporting chunk; later passes (2 by default) re-read with
the last pass's best chunks as the path, and, when trained with a beam (`beam` = (B, N) in
the record; off by default: held out it widened the pool but not recall@5, see
benchmarks/RESULTS.md), also read N neighbours of each of the last pass's best B chunks.
`gnn_rerank` ranks by gnn score + weight * p, the weight chosen by inner folds of the
training questions (`core.learn.head_fit`), never on the questions it is scored on.

On disk, in `data_dir/models/hop_head/`: `head.safetensors` (feature means, scales,
coefficients, intercept: float64 arrays; a later pass's under "second.", nested) and
`head.json` (feature names, record, its `bridge_hits` and `beam` included). No pickles.

Example:
    >>> # head = HopHead.load(data_dir)    # None when none was trained
    >>> # reading = head.read(ctx, state, dist, depth=10)
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from core.learn.hop_bridge import bridge_hits
from core.learn.hop_features import NAMES, candidate_features
from core.retrieve.graph_common import QueryState, neighbour_kinds

HEAD_DIR = "hop_head"
WEIGHTS = "head.safetensors"
CONFIG = "head.json"
POOL, SEEDS, CAP = 10, 3, 10
BRIDGE = 0  # bridge-step hits per query and path chunk: off by default (held out it did not
# raise recall@5 at 5: musique 0.733 vs 0.732 off, hotpotqa-dev 0.943 vs 0.953; benchmarks/RESULTS.md)


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

    def __init__(self, ctx, state: QueryState, dist: np.ndarray, depth: int, pool: int = POOL, cap: int = CAP,
                 bridge: int = BRIDGE, beam: tuple = (0, 0)):
        from core.retrieve.gnn import ranked

        self.beam, self.beam_cap = beam  # later passes also read the neighbours of the last pass's top `beam`

        self.ctx, self.state, self.dist, self.pool, self.cap, self.bridge = ctx, state, dist, pool, cap, bridge
        top = ranked(state, dist, max(depth, pool))
        self.gnn = dict(top)
        self.rank = {c: i for i, (c, _) in enumerate(top)}
        self.top = [c for c, _ in top]
        self.floor = min(self.gnn.values(), default=0.0)
        self.chunks: dict = {}

    def fetch(self, ids) -> None:
        """Load the chunks not yet held."""
        need = sorted(set(ids) - set(self.chunks))
        self.chunks.update((c.chunk_id, c) for c in self.ctx.catalog.chunks(need))

    def candidates(self, path: list[str], extra: list[str] = (), expand: list[str] = ()) -> list[str]:
        """gnn's top `pool`, `extra`, the capped neighbours of the path and of `expand` (the
        beam, `core.learn.hop_beam`), and the chunks the path's bridges find
        (`core.learn.hop_bridge`, `bridge` hits per query)."""
        out = dict.fromkeys([*self.top[:self.pool], *extra])
        for seed in path:
            out.update(dict.fromkeys(near_capped(self.state, seed, self.cap)))
        for seed in expand:
            out.update(dict.fromkeys(near_capped(self.state, seed, self.beam_cap)))
        if self.bridge:
            self.fetch(path)
            texts = {c: self.chunks[c].text for c in path if c in self.chunks}
            out.update(dict.fromkeys(bridge_hits(self.state, texts, path, self.bridge)))
        graph = self.state.session.graph
        for c in out:
            if c not in self.gnn:  # gnn's own score; where it never reached the chunk, below all it ranked
                d = self.dist[graph.index[c]] if c in graph.index else np.inf
                self.gnn[c] = float(1.0 - d) if np.isfinite(d) else \
                    self.floor - 1e-6 * (1.0 - float(self.state.relevance([c])[0]))
        return list(out)

    def rows(self, path: list[str], extra: list[str] = (), expand: list[str] = ()) -> tuple[list[str], np.ndarray]:
        """(candidate ids, feature rows) with `path` as the path so far (`expand`: more
        chunks whose neighbours join the candidates)."""
        cands = self.candidates(path, extra, expand)
        self.fetch([*cands, *path])
        return cands, candidate_features(self.state, self.chunks, self.gnn, self.rank, path, cands)


def second_path(cands: list[str], p: np.ndarray, seeds: int) -> list[str]:
    """The `seeds` candidates the first pass likes best, best first."""
    return [cands[i] for i in np.argsort(-p, kind="stable")[:seeds]]


def next_rows(view: QuestionView, cands: list[str], p: np.ndarray, seeds: int) -> tuple[list[str], np.ndarray]:
    """A later pass's (candidates, rows): the last pass's best `seeds` as the path, its
    candidates kept, and the neighbours of its best `view.beam` read too (the beam)."""
    expand = second_path(cands, p, view.beam) if view.beam else []
    return view.rows(second_path(cands, p, seeds), extra=cands, expand=expand)


class HopHead:
    """A trained logistic head over next-hop features."""

    def __init__(self, mean: np.ndarray, scale: np.ndarray, coef: np.ndarray, intercept: float, record: dict,
                 second: "HopHead | None" = None):
        self.mean, self.scale, self.coef, self.intercept = mean, scale, coef, float(intercept)
        self.record = record
        self.second = second  # the next pass's head, or None for the last pass
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

        view = QuestionView(ctx, state, dist, depth, pool, cap, int(self.record.get("bridge_hits", 0)),
                            tuple(self.record.get("beam", (0, 0))))
        cands, rows = view.rows(view.top[:seeds])
        head, p = self, self.probability(rows)
        while head.second is not None:  # each later pass: the last pass's best chunks as path
            cands, rows = next_rows(view, cands, p, seeds)
            head = head.second
            p = head.probability(rows)
        return Reading(view.gnn, dict(zip(cands, map(float, p))))

    def tensors(self, prefix: str = "") -> dict:
        """This pass's arrays and the later passes' ("second." prefixed, nested)."""
        out = {f"{prefix}mean": self.mean, f"{prefix}scale": self.scale, f"{prefix}coef": self.coef,
               f"{prefix}intercept": np.array([self.intercept])}
        return out if self.second is None else {**out, **self.second.tensors(f"{prefix}second.")}

    @staticmethod
    def from_tensors(t: dict, record: dict, prefix: str = "") -> "HopHead":
        """The head (and its later passes) from `tensors`' arrays."""
        later = HopHead.from_tensors(t, {}, f"{prefix}second.") if f"{prefix}second.coef" in t else None
        return HopHead(t[f"{prefix}mean"], t[f"{prefix}scale"], t[f"{prefix}coef"],
                       float(t[f"{prefix}intercept"][0]), record, later)

    def save(self, data_dir: Path) -> Path:
        """Write the arrays and head.json to data_dir/models/hop_head/; return the folder."""
        from safetensors.numpy import save_file

        folder = head_dir(data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        save_file(self.tensors(), str(folder / WEIGHTS))
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
        return HopHead.from_tensors(load_file(str(folder / WEIGHTS)), meta.get("record", {}))
