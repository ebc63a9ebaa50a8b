"""Scope on every retriever, over a real library (Chroma, bm25s, graph) of three generated
PDFs in two folders: nothing outside the scope is returned, seeded or walked to."""
from __future__ import annotations

from dataclasses import replace

import pytest

from core.config import Settings
from core.errors import NotFound
from core.library import Library
from core.retrieve.base import RETRIEVERS, make_retriever
from core.retrieve.scope import Scope, searched
from core.answer.llm_protocol import LLMReply
from tests.retrieve.scope_library import QUESTION, write_pdfs


class StepLLM:
    """rgnn's LLM: one sub-question, its answer, then 'enough'."""

    model = "fake"

    def chat(self, system, user, *, max_tokens=256):
        text = "Yes" if max_tokens <= 8 else QUESTION
        return LLMReply(text, tokens=1)

    def stream(self, system, user, *, max_tokens=512):
        yield self.chat(system, user).text


@pytest.fixture(scope="module")
def lib(tmp_path_factory, embedder):
    root = tmp_path_factory.mktemp("scope")
    paths = write_pdfs(root / "docs")
    library = Library(Settings.load(root / "data", env={}), embedder=embedder)
    assert {o.status for o in library.add([root / "docs"])} == {"added"}
    library.paths = paths  # title -> file, for the tests
    yield library
    library.catalog.close()


def doc_id(lib, title):
    return next(d.doc_id for d in lib.documents() if d.title == title)


def chunk_docs(lib):
    return {c.chunk_id: c.doc_id for d in lib.documents() for c in lib.catalog.doc_chunks(d.doc_id)}


def context(lib, name, scope):
    ctx = replace(lib.context(), scope=scope)
    return replace(ctx, llm=StepLLM()) if name == "rgnn" else ctx


def test_the_graph_links_the_documents(lib):
    """Without this, a walk could not leave a one-document scope and the tests below would prove nothing."""
    owner = chunk_docs(lib)
    graph = lib.graph
    crossing = [(a, b) for a in owner for b, _, _ in graph.neighbours(a, ("keyword", "semantic"))
                if b in owner and owner[a] != owner[b]]
    assert crossing


@pytest.mark.parametrize("name", list(RETRIEVERS))
def test_nothing_outside_the_scope_is_returned_seeded_or_walked(lib, name):
    owner = chunk_docs(lib)
    everything = make_retriever(name, context(lib, name, None)).retrieve(QUESTION, k=6)
    assert len({c.chunk.doc_id for c in everything.chunks}) > 1  # unscoped, other documents come up
    scope = frozenset({doc_id(lib, "Kestrel Field Notes")})
    result = make_retriever(name, context(lib, name, scope)).retrieve(QUESTION, k=6)
    assert result.chunks and {c.chunk.doc_id for c in result.chunks} == scope
    walked = [n for h in result.hops for n in (h.source, h.target)] + list(result.seeds)
    assert all(owner[n] in scope for n in walked if n in owner)


@pytest.mark.parametrize("name", ["dense", "bm25", "gnn", "iier"])
def test_a_folder_scope_keeps_its_documents(lib, name):
    birds = {doc_id(lib, "Kestrel Field Notes"), doc_id(lib, "Owl Field Notes")}
    found = lib.resolve_scope(Scope(folders=(str(lib.paths["Owl Field Notes"].parent),)))
    assert found.doc_ids == birds and found.label.startswith("in 2 documents under ")
    result = lib.retrieve(QUESTION, name, 6, scope=Scope(folders=(str(lib.paths["Owl Field Notes"].parent),)))
    assert {c.chunk.doc_id for c in result.chunks} == birds
    assert searched(result).startswith("in 2 documents")


def test_documents_are_named_as_remove_names_them(lib):
    glacier = doc_id(lib, "Glacier Survey")
    for ref in ("Glacier Survey", "glacier.pdf", glacier, glacier[:6], str(lib.paths["Glacier Survey"])):
        assert lib.resolve_scope(Scope(documents=(ref,))).doc_ids == {glacier}
    with pytest.raises(NotFound, match="no document 'nope.pdf'"):
        lib.resolve_scope(Scope(documents=("nope.pdf",)))
    with pytest.raises(NotFound, match="no document in the library comes from"):
        lib.resolve_scope(Scope(folders=(str(lib.paths["Glacier Survey"].parent / "elsewhere"),)))


def test_the_structure_route_stays_in_scope(lib):
    owl = doc_id(lib, "Owl Field Notes")
    unscoped = lib.retrieve("What is on page 2?", "dense", 6)
    assert len({c.chunk.doc_id for c in unscoped.chunks if "structure" in c.routes}) > 1
    result = lib.retrieve("What is on page 2?", "dense", 6, scope=Scope(documents=("Owl Field Notes",)))
    first = result.chunks[0]
    assert first.chunk.doc_id == owl and first.chunk.page_start <= 2 <= first.chunk.page_end
    assert "structure" in first.routes
    assert {c.chunk.doc_id for c in result.chunks} == {owl}
    named_elsewhere = lib.retrieve("What is on page 2 of Glacier Survey?", "dense", 6,
                                   scope=Scope(documents=("Owl Field Notes",)))
    assert {c.chunk.doc_id for c in named_elsewhere.chunks} == {owl}


def test_a_follow_up_keeps_the_scope(lib):
    scope = Scope(documents=("Owl Field Notes",))
    first = lib.ask(QUESTION, "hybrid", 3, scope=scope)
    follow = lib.ask("and where did it roost?", "hybrid", 3, scope=scope, history=[first])
    owl = doc_id(lib, "Owl Field Notes")
    for answer in (first, follow):
        assert answer.citations and {c.chunk.doc_id for c in answer.citations} == {owl}
        assert searched(answer.retrieval) == "in 1 document"


def test_every_document_has_several_chunks(lib):
    """Walks inside one document are possible: the scope cuts only the edges that leave it."""
    assert all(len(lib.catalog.doc_chunks(d.doc_id)) >= 2 for d in lib.documents())


def test_a_walk_that_crosses_documents_stays_inside_when_scoped(lib):
    owner = chunk_docs(lib)
    free = make_retriever("iier", lib.context()).retrieve(QUESTION, k=6)
    assert any(owner[h.source] != owner[h.target] for h in free.hops if h.source in owner and h.target in owner)
    scope = frozenset({doc_id(lib, "Kestrel Field Notes")})
    kept = make_retriever("iier", context(lib, "iier", scope)).retrieve(QUESTION, k=6)
    assert kept.hops and all(owner[h.source] in scope and owner[h.target] in scope for h in kept.hops)


def test_scoped_dense_ranks_every_chunk_of_the_scope_exactly(lib, monkeypatch):
    """The embedded store answers a scope from vectors in memory (no `where` filter), and the
    ranking is the exact cosine order of the scope's chunks."""
    import numpy as np

    from core.retrieve.dense import DenseRetriever

    scope = frozenset({doc_id(lib, "Kestrel Field Notes"), doc_id(lib, "Glacier Survey")})
    ids = lib.catalog.chunk_ids_of(sorted(scope))
    vecs, q = lib.vectors.get(ids), lib.embedder.embed_query(QUESTION)
    cos = vecs @ q / (np.linalg.norm(vecs, axis=1) * np.linalg.norm(q))
    exact = sorted(zip(ids, cos), key=lambda p: (-p[1], p[0]))
    store_query = lib.vectors.query
    monkeypatch.setattr(lib.vectors, "query", lambda v, k, doc_ids=None, **kw: (
        pytest.fail("a scoped search went to the store's filter") if doc_ids is not None
        else store_query(v, k, **kw)))
    result = DenseRetriever(context(lib, "dense", scope)).retrieve(QUESTION, k=len(ids) + 5)
    assert [c.chunk.chunk_id for c in result.chunks] == [c for c, _ in exact]
    assert [c.score for c in result.chunks] == pytest.approx([float(s) for _, s in exact], abs=1e-5)
    unscoped = DenseRetriever(lib.context()).retrieve(QUESTION, k=4)  # still the store's own search
    assert [(c.chunk.chunk_id, c.score) for c in unscoped.chunks] == store_query(q, 4)


def test_a_scope_does_not_change_multiroute_scores(lib):
    """Scores are normalised by the unscoped pool's bounds, so a chunk found both ways scores
    the same and two chunks of the scope compare as they do unscoped."""
    from core.retrieve.multiroute import MultiRouteRetriever

    scope = frozenset({doc_id(lib, "Owl Field Notes")})
    free = {c.chunk.chunk_id: c.score for c in MultiRouteRetriever(lib.context()).retrieve(QUESTION, 30).chunks}
    kept = MultiRouteRetriever(context(lib, "multiroute", scope)).retrieve(QUESTION, 30).chunks
    assert kept and {c.chunk.doc_id for c in kept} == scope
    both = [c for c in kept if c.chunk.chunk_id in free]
    assert both and all(c.score == pytest.approx(free[c.chunk.chunk_id]) for c in both)
