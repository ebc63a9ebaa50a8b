"""A document's commit reads the far ends of its edges in batches, not one query per edge."""
from __future__ import annotations

from core.index.catalog import Catalog
from core.types import Chunk, Document, Edge


def _doc(doc_id: str) -> Document:
    return Document(doc_id=doc_id, title=doc_id, source=f"{doc_id}.pdf", pages=1, kind="pdf", status="pending",
                    added_at="2026-01-01T00:00:00")


def _chunks(doc_id: str, n: int) -> list[Chunk]:
    return [Chunk(f"{doc_id}-{i}", doc_id, doc_id, f"text {i}", f"text {i}", position=i) for i in range(n)]


def _commit(catalog: Catalog, doc_id: str, chunks: list[Chunk], edges: list[Edge]) -> list[str]:
    """Commit a document; the SQL statements it ran (each row of an executemany is one)."""
    statements: list[str] = []
    catalog.begin_document(_doc(doc_id))
    catalog._db.set_trace_callback(statements.append)
    try:
        catalog.commit_document(_doc(doc_id), [], chunks, edges, [])
    finally:
        catalog._db.set_trace_callback(None)
    return statements


def test_statements_of_a_commit_do_not_grow_with_its_edges(tmp_path):
    """A folder's later documents carry thousands of keyword edges each: one lookup per edge
    made each commit cost grow with the library."""
    old = {d: _chunks(d, 300) for d in ("a", "b")}
    new = _chunks("n", 2)
    few = [Edge(new[0].chunk_id, "a-0", "keyword", 2.0)]
    many = [Edge(c.chunk_id, o.chunk_id, "semantic", 0.5) for c in new for d in old for o in old[d]]
    many += [Edge("page:n:1", new[0].chunk_id, "structural", 1.0), Edge(new[0].chunk_id, new[1].chunk_id, "structural", 1.0)]
    reads = []
    for n, edges in enumerate((few, many)):
        catalog = Catalog(tmp_path / f"catalog{n}.sqlite")
        for d, chunks in old.items():
            _commit(catalog, d, chunks, [])
        reads.append([s for s in _commit(catalog, "n", new, edges) if s.lstrip().upper().startswith("SELECT")])
    assert len(reads[1]) <= len(reads[0]) + 1, [len(r) for r in reads]  # 600 far ends: two batches of 400
    rows = catalog._db.execute("SELECT target, other_doc FROM edges WHERE doc_id='n'").fetchall()
    far = dict(rows)
    assert far["a-7"] == "a" and far["b-299"] == "b" and far[new[1].chunk_id] == "n"
    assert len(rows) == len(many)
