"""GNN-Ret's per-layer alpha and RGNN-Ret's beta: where they come from, in order.

The paper (Li et al., GNN-Ret / RGNN-Ret) learns one alpha per layer, alpha^l, and one
recurrent beta, by gradient descent on a hinge objective. Folio reads them, first found:

1. a trained file: `data_dir/models/gnn.json` ({"alphas": [...]} or the older
   {"alpha": x}, used in every layer) and `data_dir/models/rgnn.json` ({"beta": x}),
   written by `core.retrieve.gnn_fit` (`python -m core train --retriever gnn|rgnn`);
2. the settings: `gnn_alphas` (one per layer) and `rgnn_beta`;
3. `gnn_alpha` in every layer (Folio's default: one shared alpha).

Example:
    >>> layer_alphas((), 0.5, 2)
    (0.5, 0.5)
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

from core.errors import ConfigError


def layer_alphas(alphas: Sequence, alpha: float, layers: int) -> tuple[float, ...]:
    """One alpha per layer: `alphas` when given (its last value repeats for deeper layers),
    else `alpha` in every layer. Each must lie in [0, 1]."""
    try:
        values = tuple(float(a) for a in alphas) or (float(alpha),)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"gnn_alphas={list(alphas)!r} must be numbers in [0, 1], one per layer") from exc
    if any(not 0.0 <= a <= 1.0 for a in values):
        raise ConfigError(f"gnn_alphas={list(values)!r}: every alpha must lie in [0, 1]")
    layers = max(1, int(layers))
    return tuple(values[min(i, len(values) - 1)] for i in range(layers))


def load_alphas(data_dir: Path, retrieve) -> tuple[tuple[float, ...], str]:
    """Per-layer alphas for `retrieve` (RetrieveSettings) and where they came from."""
    path = Path(data_dir) / "models" / "gnn.json"
    layers = retrieve.gnn_layers
    if path.is_file():
        saved = json.loads(path.read_text("utf-8"))
        values = layer_alphas(saved.get("alphas") or [saved["alpha"]], 0.0, layers)
        return values, f"alpha={_show(values)} trained ({path.name})"
    values = layer_alphas(retrieve.gnn_alphas, retrieve.gnn_alpha, layers)
    origin = "per-layer setting" if retrieve.gnn_alphas else "untrained default"
    return values, f"alpha={_show(values)} {origin}"


def load_beta(data_dir: Path, retrieve) -> tuple[float, str]:
    """RGNN-Ret's beta: trained (`models/rgnn.json`, when `rgnn_trained_beta`) or the setting."""
    path = Path(data_dir) / "models" / "rgnn.json"
    if retrieve.rgnn_trained_beta and path.is_file():
        beta = float(json.loads(path.read_text("utf-8"))["beta"])
        return beta, f"beta={beta:.3f} trained ({path.name})"
    return float(retrieve.rgnn_beta), f"beta={retrieve.rgnn_beta:.3f} setting"


def _show(values: Sequence[float]) -> str:
    """'0.500' for one shared value, '[0.564, 0.821]' for per-layer values."""
    if len(set(values)) == 1:
        return f"{values[0]:.3f}"
    return "[" + ", ".join(f"{v:.3f}" for v in values) + "]"
