"""Graph maths on a five-node graph with hand-computed numbers.

Graph (undirected): 0-1, 1-2, 2-3, 3-4, 0-4; distances d = [0.1, 0.5, 0.4, 0.9, 0.8].
"""
import numpy as np
import pytest
from scipy import sparse

from core.retrieve.graph_math import (alpha_gradient, hinge_loss, min_message, min_propagate,
                                      top_k_smallest)

D = np.array([0.1, 0.5, 0.4, 0.9, 0.8])


@pytest.fixture
def adj():
    pairs = [(0, 1), (1, 2), (2, 3), (3, 4), (0, 4)]
    rows = [a for a, b in pairs] + [b for a, b in pairs]
    cols = [b for a, b in pairs] + [a for a, b in pairs]
    return sparse.csr_matrix((np.ones(10, np.float32), (rows, cols)), shape=(5, 5))


def test_top_k_smallest_orders_and_skips_inf():
    assert top_k_smallest(D, 2).tolist() == [0, 2]
    assert top_k_smallest(np.array([np.inf, 0.3, 0.3, 0.1]), 3).tolist() == [3, 1, 2]
    assert top_k_smallest(np.array([np.inf]), 2).tolist() == []


def test_min_message_from_two_senders(adj):
    m, src = min_message(D, adj, np.array([0, 2]))
    # node 1 hears 0 (0.1) and 2 (0.4); node 4 hears 0; node 3 hears 2; 0 and 2 hear nobody
    assert m.tolist() == [np.inf, 0.1, np.inf, 0.4, 0.1]
    assert src.tolist() == [-1, 0, -1, 2, 0]


def test_min_propagate_alpha_half(adj):
    h, m, src = min_propagate(D, adj, top_k=2, alpha=0.5)
    assert h == pytest.approx([0.1, 0.3, 0.4, 0.65, 0.45])
    assert src.tolist() == [-1, 0, -1, 2, 0]


def test_min_propagate_alpha_one_changes_nothing(adj):
    h, _, _ = min_propagate(D, adj, top_k=5, alpha=1.0)
    assert h == pytest.approx(D)


def test_hinge_loss_and_alpha_gradient(adj):
    h, m, _ = min_propagate(D, adj, top_k=2, alpha=0.5)
    loss, grad = hinge_loss(h, np.array([3]), competitors=3, margin=0.01)
    # competitors: 0 (0.1), 1 (0.3), 2 (0.4); node 4 (0.45) is left out
    assert loss == pytest.approx(0.65 - (0.1 + 0.3 + 0.4) / 3 + 0.01)
    assert grad == pytest.approx([-1 / 3, -1 / 3, -1 / 3, 1.0, 0.0])
    # receivers 1, 3, 4 with d - m = 0.4, 0.5, 0.7 (node 4 has no gradient)
    assert alpha_gradient(D, m, grad) == pytest.approx(-0.4 / 3 + 0.5)


def test_hinge_loss_zero_when_gold_already_closest(adj):
    loss, grad = hinge_loss(D, np.array([0]), competitors=3, margin=0.01)
    assert loss == 0.0 and not grad.any()
