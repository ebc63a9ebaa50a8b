"""Row entries: their ids and texts, the cap per document, and searches that map or drop them."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from core.index import row_entries as re_
from core.index.row_entries import chunk_hits, owner, row_entries, table_rows, without_rows_many
from core.types import Chunk


def _table(cid: str, rows: int, doc: str = "d") -> Chunk:
    body = "\n".join(f"| k{i} | v{i} |" for i in range(rows))
    return Chunk(cid, doc, "T", f"Caption\n| Key | Value |\n|---|---|\n{body}", "Caption", "table", ("A", "B"))


def test_each_non_empty_row_is_an_entry_with_path_caption_header_and_cells():
    chunk = _table("c1", 2)
    chunk = replace(chunk, text=chunk.text + "\n|  |  |")  # an empty row: no entry
    assert table_rows(chunk) == [("c1~r0", "A > B\nCaption Key | Value\nk0 | v0"),
                                 ("c1~r1", "A > B\nCaption Key | Value\nk1 | v1")]
    assert owner("c1~r1") == "c1" and owner("c1") == "c1"
    assert table_rows(Chunk("t", "d", "T", "| a | b |", "x", "text")) == []


def test_a_document_gives_at_most_the_cap_of_rows(monkeypatch):
    monkeypatch.setattr(re_, "MAX_ROWS_PER_DOC", 3)
    got = row_entries([_table("a", 2), _table("b", 2), _table("c", 2, doc="e")])
    assert [e for e, _, _ in got] == ["a~r0", "a~r1", "b~r0", "c~r0", "c~r1"]


def test_rows_that_crowd_the_top_make_the_search_go_deeper():
    store = [("t~r0", 0.9), ("t~r1", 0.8), ("t", 0.7), ("a", 0.6), ("b", 0.5), ("c", 0.4)]
    asked = []

    def search(depth):
        asked.append(depth)
        return store[:depth]

    assert chunk_hits(search, 3) == [("t", 0.9), ("a", 0.6), ("b", 0.5)]
    assert asked == [3, 6]
    assert chunk_hits(lambda depth: store[:2], 3) == [("t", 0.9)]  # the store has no more
    assert chunk_hits(search, 0) == []


def test_graph_neighbours_leave_rows_out_and_still_get_k_chunks():
    store = [("t~r0", 0.9), ("t~r1", 0.8), ("a", 0.6), ("b", 0.5)]
    many = lambda vectors, k: [store[:k] for _ in vectors]  # noqa: E731
    assert without_rows_many(many, np.zeros((2, 3), np.float32), 2) == [[("a", 0.6), ("b", 0.5)]] * 2


def test_graph_neighbours_search_again_in_one_request_per_round():
    # query 0: rows fill its first 4 places; query 1: no rows; query 2: rows fill 2 places
    stores = [[("t~r0", 0.9), ("t~r1", 0.8), ("t~r2", 0.7), ("t~r3", 0.65), ("a", 0.6), ("b", 0.5)],
              [("a", 0.9), ("b", 0.8), ("c", 0.7)],
              [("u~r0", 0.9), ("c", 0.8), ("u~r1", 0.7), ("d", 0.6)]]
    requests = []

    def many(vectors, k):
        requests.append((tuple(int(v[0]) for v in vectors), k))
        return [stores[int(v[0])][:k] for v in vectors]

    vectors = np.arange(3, dtype=np.float32).reshape(3, 1)
    assert without_rows_many(many, vectors, 2) == [[("a", 0.6), ("b", 0.5)], [("a", 0.9), ("b", 0.8)],
                                                   [("c", 0.8), ("d", 0.6)]]
    assert requests == [((0, 1, 2), 2), ((0, 2), 4), ((0,), 8)]  # one request per round, not per query
