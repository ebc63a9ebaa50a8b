"""One question's inputs to gnn_rerank's fusion, shared by the retriever (`core.retrieve.gnn_rerank`)
and the learned head that produces them (`core.learn.hop_head`, `head_fit`), so neither imports the other."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reading:
    """One question's inputs to the fusion: gnn scores and learned probabilities by chunk."""

    gnn: dict
    learned: dict

    def fused(self, weight: float) -> list[tuple[str, float]]:
        """(chunk id, gnn + weight * p), best first (ties keep gnn's order: a stable sort)."""
        out = {c: s + weight * self.learned.get(c, 0.0) for c, s in self.gnn.items()}
        return sorted(out.items(), key=lambda t: -t[1])
