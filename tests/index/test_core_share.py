"""While the keyword worker runs, the embedder leaves it a core; then takes it back."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
import torch

from core.config import Settings
from core.index.core_share import CoreShare
from core.ingest.pipeline import Indexer
from core.types import Chunk


@pytest.fixture
def two_threads():
    before = torch.get_num_threads()
    torch.set_num_threads(2)
    yield
    torch.set_num_threads(before)


class ThreadsSeen:
    """An embedder that records torch's thread count at each batch."""

    dim = 2

    def __init__(self):
        self.threads: list[int] = []

    def embed(self, texts):
        self.threads.append(torch.get_num_threads())
        return np.ones((len(texts), 2), dtype=np.float32)


class Side:
    """A side task that runs for its first `batches` checks."""

    def __init__(self, batches: int):
        self.left = batches

    def running(self) -> bool:
        self.left -= 1
        return self.left >= 0


def test_one_thread_fewer_while_the_side_task_runs(two_threads):
    busy = [True]
    share = CoreShare(lambda: busy[0])
    share.before_batch()
    assert torch.get_num_threads() == 1
    busy[0] = False
    share.before_batch()
    assert torch.get_num_threads() == 2
    busy[0] = True
    share.before_batch()
    share.close()
    assert torch.get_num_threads() == 2 and share.yielded_batches == 2


def test_a_single_thread_is_never_taken():
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        share = CoreShare(lambda: True)
        share.before_batch()
        assert torch.get_num_threads() == 1 and share.yielded_batches == 0
    finally:
        torch.set_num_threads(before)


def test_indexer_embeds_beside_pending_keywords(tmp_path, two_threads):
    settings = Settings.load(tmp_path, env={})
    settings = replace(settings, embed=replace(settings.embed, batch_size=2))
    embedder = ThreadsSeen()
    indexer = Indexer(settings, None, embedder, None, None, None, None)
    chunks = [Chunk.create(doc_id="d", doc_title="T", text="word " * (i + 1), position=i) for i in range(6)]
    vectors = indexer.embed_chunks(chunks, "f.pdf", lambda event: None, beside=Side(batches=2))
    assert vectors.shape == (6, 2)
    assert embedder.threads == [1, 1, 2]  # the keywords arrived before the third batch
    assert torch.get_num_threads() == 2
    indexer.embed_chunks(chunks, "f.pdf", lambda event: None)  # nothing beside
    assert embedder.threads[3:] == [2, 2, 2]


class StartCount:
    """A keyword extractor stand-in that counts early starts."""

    def __init__(self):
        self.starts = 0

    def start_worker(self):
        self.starts += 1


def test_keyword_worker_starts_before_parsing_only_for_long_pdfs(tmp_path):
    import pymupdf

    from core.ingest.pipeline import EARLY_KEYWORDS_PAGES

    keywords = StartCount()
    indexer = Indexer(Settings.load(tmp_path, env={}), None, None, None, None, keywords, None)
    for pages in (3, EARLY_KEYWORDS_PAGES):
        path = tmp_path / f"p{pages}.pdf"
        with pymupdf.open() as doc:
            for _ in range(pages):
                doc.new_page().insert_text((72, 72), "text")
            doc.save(path)
        indexer._start_keywords(path)
    assert keywords.starts == 1
