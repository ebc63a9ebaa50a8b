"""Table rows as their own small store entries, each standing for its table chunk.

A table chunk embeds only its heading path, caption and labels (HiQA), so a question about
one row's value used to find the prose beside the table first (benchmarks/TABLES_RESULTS.md:
hybrid answer_recall@1 0.22 on pdfqa-dev's table questions). Each data row of a table chunk
is therefore also written to the vector store and the full-text index as an entry of its
own, id `<chunk id>~r<row>`, text = heading path, caption and header, and that row's cells.

Row entries carry their document's id, so removing a document removes them in every
backend; the catalog never holds them (chunk counts, keywords, graph edges ignore them),
and a search hit on one is returned as its table chunk, once, at the row's rank
(`chunk_hits`). Graph building drops them (`without_rows_many`).

Example:
    >>> from core.types import Chunk
    >>> table = Chunk("t1", "d", "Guide", "Ports\\n| Key | Value |\\n|---|---|\\n| ftp | 21 |", "Ports", "table", ("Net",))
    >>> [(i, t) for i, t, _ in row_entries([table])]
    [('t1~r0', 'Net\\nPorts Key | Value\\nftp | 21')]
    >>> chunk_hits(lambda depth: [("t1~r0", 0.9), ("t1", 0.5), ("c2", 0.4)][:depth], 2)
    [('t1', 0.9), ('c2', 0.4)]
"""
from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from core.types import Chunk

if TYPE_CHECKING:
    import numpy as np

ROW_MARK = "~r"  # chunk ids are hex hashes (or corpus ids without "~r"): the mark cannot clash
MAX_ROWS_PER_DOC = 2000  # a spreadsheet of 100,000 rows must not cost 100,000 embeddings

Search = Callable[[int], list[tuple[str, float]]]


def cells(row: str) -> list[str]:
    """Cells of a Markdown table row ('\\|' inside a cell is kept)."""
    inner = row.strip().strip("|")
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", inner)]


def is_row(entry_id: str) -> bool:
    """Whether a store entry is a table row (not a chunk)."""
    return ROW_MARK in entry_id


def owner(entry_id: str) -> str:
    """The chunk an entry stands for: a row's table chunk, or the chunk itself."""
    return entry_id.split(ROW_MARK, 1)[0]


def table_rows(chunk: Chunk) -> list[tuple[str, str]]:
    """(entry id, text) of each non-empty data row of a table chunk; [] for other chunks."""
    lines = chunk.text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.startswith("|")), None)
    if chunk.kind != "table" or first is None:
        return []
    head = " ".join(lines[:first]) + " " + " | ".join(cells(lines[first]))
    prefix = " > ".join(chunk.heading_path) + "\n" + head + "\n"
    rows = []
    for i, line in enumerate(lines[first + 2:]):
        values = cells(line)
        if line.startswith("|") and any(values):
            rows.append((f"{chunk.chunk_id}{ROW_MARK}{i}", prefix + " | ".join(values)))
    return rows


def row_entries(chunks: Iterable[Chunk]) -> list[tuple[str, str, str]]:
    """(entry id, text, doc id) of the rows of the table chunks, in order, at most
    MAX_ROWS_PER_DOC per document (the first tables of a huge spreadsheet)."""
    taken: Counter[str] = Counter()
    out = []
    for chunk in chunks:
        for entry_id, text in table_rows(chunk):
            if taken[chunk.doc_id] >= MAX_ROWS_PER_DOC:
                break
            taken[chunk.doc_id] += 1
            out.append((entry_id, text, chunk.doc_id))
    return out


def entry_ids_of(catalog, doc_ids: Sequence[str]) -> list[str]:
    """Ids of every store entry of the documents: their chunks, then their table rows."""
    return catalog.chunk_ids_of(doc_ids) + [e for e, _, _ in row_entries(catalog.table_chunks_of(doc_ids))]


def chunk_hits(search: Search, k: int) -> list[tuple[str, float]]:
    """The k best distinct chunks of a search over entries (`search(depth)` returns up to
    `depth` (entry id, score) pairs, best first): a row counts as its table chunk at its
    best rank. Searches deeper while rows leave fewer than k chunks and the store has more."""
    return _distinct(search, k, keep_rows=True)


def _distinct(search: Search, k: int, keep_rows: bool) -> list[tuple[str, float]]:
    if k <= 0:
        return []
    depth = k
    while True:
        found = search(depth)
        out: dict[str, float] = {}
        for entry_id, score in found:
            if keep_rows or not is_row(entry_id):
                out.setdefault(owner(entry_id), score)
        if len(out) >= k or len(found) < depth:
            return list(out.items())[:k]
        depth *= 2


def without_rows_many(query_many: Callable[["np.ndarray", int], list[list[tuple[str, float]]]],
                      vectors: "np.ndarray", k: int) -> list[list[tuple[str, float]]]:
    """`query_many` over chunks only: row entries left out, and the queries whose k places
    rows took searched again, twice as deep each round (graph building's semantic
    neighbours). Each round asks for all such queries in one request: one request per query
    cost ~8 ms each in an embedded Chroma of 10,000 entries, the most of a document's graph
    stage; the answers are those of searching each query alone."""
    found = query_many(vectors, k)
    out = [[(e, s) for e, s in hits if not is_row(e)] for hits in found]
    todo = [row for row, hits in enumerate(found) if len(hits) >= k and len(out[row]) < k]
    depth = k
    while todo:
        depth *= 2
        deeper = query_many(vectors[todo], depth)
        left = []
        for row, hits in zip(todo, deeper):
            out[row] = [(e, s) for e, s in hits if not is_row(e)][:k]
            if len(out[row]) < k and len(hits) >= depth:
                left.append(row)
        todo = left
    return out
