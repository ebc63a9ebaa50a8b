"""dense/bm25/hybrid/multiroute over the real embedded backends (Chroma, bm25s, MiniLM)."""
import dataclasses

import pytest

from core.config import Settings
from core.index.factory import make_text_index, make_vector_index
from core.retrieve.base import make_retriever
from tests.retrieve.ir_doubles import make_context

PASSAGES = [
    ("p0", "Kestrel", "The kestrel is a small falcon that hovers over fields hunting voles."),
    ("p1", "Sourdough", "Sourdough bread rises with wild yeast and lactic acid bacteria."),
    ("p2", "Transistor", "A transistor is a semiconductor device that amplifies or switches signals."),
    ("p3", "Glacier", "A glacier is a dense body of ice that slowly flows under its own weight."),
]


@pytest.fixture(scope="module")
def ctx(tmp_path_factory, embedder):
    settings = Settings.load(tmp_path_factory.mktemp("c2real") / "lib", env={})
    base = make_context(PASSAGES, settings=settings)
    vectors, text = make_vector_index(settings), make_text_index(settings)
    chunks = base.catalog.all_chunks()
    vectors.upsert([c.chunk_id for c in chunks], embedder.embed([c.embed_text for c in chunks]),
                   [c.doc_id for c in chunks])
    text.add([c.chunk_id for c in chunks], [c.text for c in chunks], [c.doc_id for c in chunks])
    text.flush()
    return dataclasses.replace(base, embedder=embedder, vectors=vectors, text=text)


@pytest.mark.parametrize("name", ["dense", "bm25", "hybrid", "multiroute"])
def test_each_retriever_finds_the_obvious_passage(ctx, name):
    result = make_retriever(name, ctx).retrieve("Which bird of prey hovers while hunting voles?", k=3)
    assert result.chunks[0].chunk.source_id == "p0"
    assert result.retriever == name
    assert result.chunks[0].routes  # every retriever explains its score
    assert [c.score for c in result.chunks] == sorted((c.score for c in result.chunks), reverse=True)


def test_multiroute_pool_cosines_come_from_stored_vectors(ctx):
    result = make_retriever("multiroute", ctx).retrieve("semiconductor device", k=4)
    top = result.chunks[0]
    assert top.chunk.source_id == "p2"
    assert top.routes["keywords"] == 2.0  # "semiconductor", "device"
    assert 0.0 < top.routes["vector"] <= 1.0 and top.routes["vector_norm"] == 1.0
