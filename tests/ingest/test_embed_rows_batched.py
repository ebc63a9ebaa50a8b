"""A table's rows are embedded in the same length-sorted batches as the chunks (issue 24), and
`index_document` takes those vectors as they are: the same vectors as rows embedded apart."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from core.config import Settings
from core.index.row_entries import row_entries
from core.ingest.pipeline import Indexer
from core.types import Chunk

TABLE = "Ports\n| Service | Port |\n|---|---|\n| ftp | 21 |\n| ssh | 22 |\n| smtp mail relay | 25 |"


class Recorder:
    """An embedder whose vector of a text depends on the text alone; it records each batch."""

    dim = 3

    def __init__(self):
        self.batches: list[list[str]] = []

    def embed(self, texts):
        self.batches.append(list(texts))
        return np.array([[len(t), t.count(" "), sum(map(ord, t)) % 97] for t in texts], dtype=np.float32)


def _indexer(tmp_path, embedder, batch_size=4) -> Indexer:
    settings = Settings.load(tmp_path, env={})
    settings = replace(settings, embed=replace(settings.embed, batch_size=batch_size))
    return Indexer(settings, None, embedder, None, None, None, None)


def _chunks() -> list[Chunk]:
    prose = [Chunk.create(doc_id="d", doc_title="T", text="word " * (3 + 5 * i), position=i) for i in range(3)]
    table = Chunk.create(doc_id="d", doc_title="T", text=TABLE, position=3, kind="table", heading_path=("Net",))
    return [*prose, table]


def test_rows_share_the_chunks_batches_and_follow_their_vectors(tmp_path):
    embedder = Recorder()
    indexer = _indexer(tmp_path, embedder)
    chunks = _chunks()
    rows = row_entries(chunks)
    assert len(rows) == 3
    events = []
    vectors = indexer.embed_chunks(chunks, "f.pdf", events.append, with_rows=True)
    assert vectors.shape == (len(chunks) + len(rows), 3)
    assert [len(b) for b in embedder.batches] == [4, 3]  # 7 texts in full batches, not 4 then 3 apart
    assert any(t in embedder.batches[0] for t in (r[1] for r in rows))  # a row beside chunks
    expected = Recorder().embed([c.embed_text for c in chunks] + [r[1] for r in rows])
    assert np.array_equal(vectors, expected)
    assert events[-1].done == events[-1].total == 7
    # index_document keeps them as given: no second embedding of the rows
    assert np.array_equal(indexer.with_row_vectors(chunks, vectors), vectors)
    assert len(embedder.batches) == 2


def test_without_rows_only_the_chunks_are_embedded(tmp_path):
    embedder = Recorder()
    vectors = _indexer(tmp_path, embedder).embed_chunks(_chunks(), "f.pdf", lambda event: None)
    assert vectors.shape == (4, 3)
