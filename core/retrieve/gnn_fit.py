"""Fitting GNN-Ret's per-layer alpha^l and RGNN-Ret's beta on the paper's hinge objective.

The paper (Li et al.) descends the analytical gradient of the hinge loss with learning
rate 1.0 from alpha = 0.1 (GNN) and beta = 1.0 (RGNN), and stops when |gradient| < 0.001
or the loss rises five iterations running. Folio keeps the objective, the learning rate,
the starts and the stop rule, and departs in two places, both for less code to get wrong:
the gradient is a central finite difference over the real forward pass (`gnn.propagate`,
clamp and title mentions included, which the paper's formula does not cover), and the
competitive set is the 5 closest nodes (the paper's 25 makes the loss vanish on small
libraries). RGNN's labels follow the paper: each step takes the not-yet-taken gold
passage closest to it, and the step's targets are its own and the later steps' labels.

Example:
    >>> fit_params(lambda p: (p[0] - 0.3) ** 2, (0.1,), lr=0.5)[0]  # doctest: +ELLIPSIS
    (0.3...,)
"""
from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from core.retrieve.graph_math import hinge_loss
from core.retrieve.rgnn import recur

COMPETITORS, MARGIN = 5, 0.05


def fit_params(loss: Callable[[tuple], float], init: Sequence[float], lr: float = 1.0,
               iterations: int = 100, eps: float = 1e-3, tol: float = 1e-3) -> tuple[tuple, dict]:
    """Gradient descent on parameters in [0, 1] with central-difference gradients.

    Stops when every |gradient| < tol or the loss rose five iterations running (the paper's
    rule), and returns the best parameters seen with {iterations, loss}."""
    p = np.clip(np.asarray(init, dtype=np.float64), 0.0, 1.0)
    best, best_loss, prev, rising = p.copy(), loss(tuple(p)), np.inf, 0
    for it in range(1, iterations + 1):
        grad = np.array([(loss(tuple(_moved(p, i, eps))) - loss(tuple(_moved(p, i, -eps)))) / (2 * eps)
                         for i in range(p.size)])
        if np.all(np.abs(grad) < tol):
            break
        p = np.clip(p - lr * grad, 0.0, 1.0)
        value = loss(tuple(p))
        if value < best_loss:
            best, best_loss = p.copy(), value
        rising = rising + 1 if value > prev else 0
        prev = value
        if rising >= 5:
            break
    return tuple(float(v) for v in best), {"iterations": it, "loss": round(float(best_loss), 6)}


def _moved(p: np.ndarray, i: int, step: float) -> np.ndarray:
    q = p.copy()
    q[i] = np.clip(q[i] + step, 0.0, 1.0)
    return q


def gnn_loss(samples: Sequence[tuple[Callable[[tuple], np.ndarray], np.ndarray]]) -> Callable[[tuple], float]:
    """Mean hinge loss over (forward(alphas) -> distances, gold node indices) samples."""
    def loss(alphas: tuple) -> float:
        return float(np.mean([hinge_loss(forward(alphas), gold, COMPETITORS, MARGIN)[0]
                              for forward, gold in samples])) if samples else 0.0
    return loss


def step_targets(steps: Sequence[np.ndarray], gold: np.ndarray) -> list[np.ndarray]:
    """The paper's RGNN labels: step t takes the untaken gold node closest at that step;
    its targets are the labels of steps t..T (gold left over when there are fewer steps
    than gold passages stays in the last step's targets)."""
    left, labels = [int(g) for g in gold], []
    for dist in steps:
        if not left:
            labels.append(None)
            continue
        pick = min(left, key=lambda g: dist[g])
        labels.append(pick)
        left.remove(pick)
    targets = []
    for t in range(len(steps)):
        later = [g for g in labels[t:] if g is not None] + (left if t == len(steps) - 1 else [])
        targets.append(np.array(sorted(set(later)), dtype=np.int64))
    return targets


def rgnn_loss(samples: Sequence[tuple[Sequence[np.ndarray], np.ndarray]]) -> Callable[[tuple], float]:
    """Mean over questions and steps of the hinge loss on the recurrent distances h_hat(t)
    for (per-step GNN distances, gold node indices) samples."""
    labelled = [(steps, step_targets(steps, gold)) for steps, gold in samples]

    def loss(params: tuple) -> float:
        values = []
        for steps, targets in labelled:
            carried = None
            for dist, target in zip(steps, targets):
                carried = recur(dist, carried, params[0])
                values.append(hinge_loss(carried, target, COMPETITORS, MARGIN)[0])
        return float(np.mean(values)) if values else 0.0
    return loss
