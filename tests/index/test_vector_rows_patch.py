"""The whole store's stacked matrix is patched on a write, not stacked again, and the patched
matrix is bit for bit the one a fresh stacking builds (same ids, order, values and norms)."""
from __future__ import annotations

import numpy as np

from core.index.vector_rows import ALL, VectorRows


def test_a_patched_whole_store_matrix_equals_a_fresh_one():
    rng = np.random.default_rng(3)
    store = {f"c{i:04d}": rng.normal(size=16).astype(np.float32) for i in range(300)}
    rows = VectorRows(lambda ids: {i: store[i] for i in ids if i in store})
    rows.keep(dict(store), complete=True)
    query = rng.normal(size=16).astype(np.float32)
    rows.query(query, 5, ALL, lambda: sorted(store))
    changes = {"c0003": None, "c0150": rng.normal(size=16).astype(np.float32), "a-new": rng.normal(size=16).astype(np.float32),
               "z-new": rng.normal(size=16).astype(np.float32)}
    rows.apply(changes)
    for i, v in changes.items():
        store.pop(i, None) if v is None else store.__setitem__(i, v)
    stacked_again = []
    patched = rows.query(query, 300, ALL, lambda: stacked_again.append(1) or sorted(store))
    assert stacked_again == [] and rows.complete  # the patched matrix answered
    fresh = VectorRows(lambda ids: {i: store[i] for i in ids if i in store})
    assert patched == fresh.query(query, 300, ALL, lambda: sorted(store))
    rows.forget(["c0010"])  # a delete by id keeps the rows whole
    assert rows.complete and len(rows) == len(store) - 1
    rows.forget((), complete=False)  # a document's delete: which ids went is unknown
    assert not rows.complete
