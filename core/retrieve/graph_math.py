"""Pure numpy / scipy maths shared by the graph retrievers and their training.

Conventions: node scores are 1-D float arrays indexed like `ChunkGraph.ids`; a distance is
`1 - cosine`; `np.inf` marks a node whose score is unknown (not a candidate).

Example (a path a-b-c; only the closest node a passes a message):
    >>> import numpy as np
    >>> from scipy import sparse
    >>> adj = sparse.csr_matrix(np.array([[0, 1, 0], [1, 0, 1], [0, 1, 0]], dtype=np.float32))
    >>> h, m, src = min_propagate(np.array([0.2, 0.8, 0.6]), adj, top_k=1, alpha=0.5)
    >>> [round(float(x), 2) for x in h]
    [0.2, 0.5, 0.6]
"""
from __future__ import annotations

import numpy as np
from scipy import sparse


def top_k_smallest(values: np.ndarray, k: int) -> np.ndarray:
    """Indices of the k smallest finite values, smallest first (ties by index)."""
    finite = np.flatnonzero(np.isfinite(values))
    if k <= 0 or finite.size == 0:
        return np.zeros(0, dtype=np.int64)
    order = np.lexsort((finite, values[finite]))
    return finite[order[:k]]


def min_message(dist: np.ndarray, adj: sparse.csr_matrix, senders: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For every node, the smallest distance among its neighbours in `senders`.

    Returns (m, src): m[i] is that distance (inf when no sender is adjacent) and src[i] the
    sending node (-1 when none). Ties go to the lower node index.
    """
    n = dist.shape[0]
    m = np.full(n, np.inf)
    src = np.full(n, -1, dtype=np.int64)
    senders = np.asarray(sorted(set(int(s) for s in senders)), dtype=np.int64)
    if senders.size == 0:
        return m, src
    # columns of senders, transposed: rows of adj.T are receivers -> iterate senders' rows
    sub = adj[senders].tocoo()  # row r = senders[r], col = receiver
    if sub.nnz == 0:
        return m, src
    sender = senders[sub.row]
    receiver = sub.col
    value = dist[sender]
    order = np.lexsort((sender, value))
    receiver, value, sender = receiver[order], value[order], sender[order]
    first = np.unique(receiver, return_index=True)[1]
    m[receiver[first]] = value[first]
    src[receiver[first]] = sender[first]
    return m, src


def min_propagate(dist: np.ndarray, adj: sparse.csr_matrix, top_k: int, alpha: float
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One GNN-Ret layer: the top_k closest nodes send their distance to their neighbours;
    each receiver's distance becomes alpha * own + (1 - alpha) * smallest message.

    Returns (h, m, src) where h is the integrated distance (unchanged for non-receivers).
    """
    senders = top_k_smallest(dist, top_k)
    m, src = min_message(dist, adj, senders)
    received = np.isfinite(m) & np.isfinite(dist)
    h = dist.astype(np.float64).copy()
    h[received] = alpha * dist[received] + (1.0 - alpha) * m[received]
    return h, m, src


def hinge_loss(h: np.ndarray, gold: np.ndarray, competitors: int, margin: float
               ) -> tuple[float, np.ndarray]:
    """GNN-Ret's hinge objective on integrated distances h.

    Mean distance of gold nodes should undercut the mean of the non-gold nodes among the
    `competitors` closest by `margin`. Returns (loss, dloss/dh).
    """
    grad = np.zeros_like(h, dtype=np.float64)
    gold = np.asarray(gold, dtype=np.int64)
    gold = gold[np.isfinite(h[gold])]
    closest = top_k_smallest(h, competitors)
    others = np.setdiff1d(closest, gold)
    if gold.size == 0 or others.size == 0:
        return 0.0, grad
    loss = float(h[gold].mean() - h[others].mean() + margin)
    if loss <= 0:
        return 0.0, grad
    grad[gold] += 1.0 / gold.size
    grad[others] -= 1.0 / others.size
    return loss, grad


def alpha_gradient(dist: np.ndarray, m: np.ndarray, dloss_dh: np.ndarray) -> float:
    """d loss / d alpha for one layer: sum over receivers of dL/dh_i * (d_i - m_i)."""
    received = np.isfinite(m) & np.isfinite(dist)
    return float(np.sum(dloss_dh[received] * (dist[received] - m[received])))
