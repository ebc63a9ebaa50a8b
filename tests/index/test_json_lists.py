"""Saving the full-text index's records does not hold them whole a second time."""
from __future__ import annotations

import json
import tracemalloc

from core.index.text_bm25 import BM25TextIndex

WORDS = "alpha beta gamma delta epsilon zeta theta kappa lambda sigma".split()


def test_records_are_saved_piece_by_piece(tmp_path):
    """At 50,000 chunks the records are ~100 MB of text: one `json.dumps` of them held
    another ~200 MB (string and bytes) in the ingest process at every save."""
    texts = [f"chunk{i} " + " ".join(WORDS[(i + j) % 10] for j in range(400)) + " «é»" for i in range(1500)]
    size = sum(len(t) for t in texts)  # ~4.3 MB
    index = BM25TextIndex(tmp_path / "bm25")
    index.add([f"c{i}" for i in range(len(texts))], texts, [f"d{i // 50}" for i in range(len(texts))])
    assert index.search("alpha", 3)  # the index is built: the save below writes what it holds
    tracemalloc.start()
    try:
        index.flush()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < size / 4, f"the save held {peak / 1e6:.1f} MB for {size / 1e6:.1f} MB of records"
    saved = json.loads((tmp_path / "bm25" / "records.json").read_text("utf-8"))
    assert saved["texts"] == texts and saved["ids"][-1] == "c1499" and saved["generation"] == 1
    again = BM25TextIndex(tmp_path / "bm25")
    assert again.search("chunk7", 1)[0][0] == "c7"
