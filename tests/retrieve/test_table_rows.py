"""Table rows as store entries, over a real library (Chroma, bm25s, graph) of two generated
PDFs whose prose names what their tables hold: a question about one row's value finds the
table chunk first, no retriever or command ever returns a row entry, scopes hold, and
removing, restoring or re-indexing a document takes its rows along."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from core.answer.llm_protocol import LLMReply
from core.config import Settings
from core.index.row_entries import ROW_MARK, is_row
from core.library import Library
from core.retrieve.base import RETRIEVERS, make_retriever
from core.retrieve.scope import Scope
from tests.retrieve.table_library import GASES, METALS, write_pdfs
from tests.test_cli import cli

KRYPTON = "What is the boiling point of krypton?"  # -153.4, in one row of the gases table
TUNGSTEN = "What is the melting point of tungsten?"  # 3422, in one row of the metals table


class EchoLLM:
    """rgnn's LLM: the question as its sub-question, then 'enough'."""

    model = "fake"

    def chat(self, system, user, *, max_tokens=256):
        return LLMReply("Yes" if max_tokens <= 8 else KRYPTON, tokens=1)

    def stream(self, system, user, *, max_tokens=512):
        yield self.chat(system, user).text


@pytest.fixture(scope="module")
def lib(tmp_path_factory, embedder):
    root = tmp_path_factory.mktemp("tablerows")
    write_pdfs(root / "docs")
    library = Library(Settings.load(root / "data", env={}), embedder=embedder)
    assert {o.status for o in library.add([root / "docs"])} == {"added"}
    library.root = root
    yield library
    library.catalog.close()


def doc_of(lib, title):
    return next(d.doc_id for d in lib.documents() if d.title == title)


def table_of(lib, title):
    return next(c for c in lib.catalog.doc_chunks(doc_of(lib, title)) if c.kind == "table")


def row_ids(lib, title):
    return {i for i in lib.vectors.ids(doc_of(lib, title)) if is_row(i)}


def test_every_row_is_an_entry_of_both_stores(lib):
    table = table_of(lib, "Gas Handbook")
    assert row_ids(lib, "Gas Handbook") == {f"{table.chunk_id}{ROW_MARK}{i}" for i in range(len(GASES))}
    assert "krypton" in table.embed_text and "-153.4" not in table.embed_text  # labels only (HiQA)
    assert lib.text.search("krypton Kr -153.4", 1)[0][0].startswith(table.chunk_id + ROW_MARK)


@pytest.mark.parametrize("name", ["hybrid", "dense", "bm25", "multiroute"])
@pytest.mark.parametrize("question,title", [(KRYPTON, "Gas Handbook"), (TUNGSTEN, "Metal Handbook")])
def test_a_question_about_one_row_finds_its_table_first(lib, name, question, title):
    result = lib.retrieve(question, name, 5)
    assert result.chunks[0].chunk.chunk_id == table_of(lib, title).chunk_id


@pytest.mark.parametrize("name", list(RETRIEVERS))
def test_no_retriever_returns_a_row_entry(lib, name):
    ctx = replace(lib.context(), llm=EchoLLM()) if name == "rgnn" else lib.context()
    result = make_retriever(name, ctx).retrieve(KRYPTON, k=6)
    ids = [c.chunk.chunk_id for c in result.chunks]
    assert ids and len(ids) == len(set(ids)) and not any(is_row(i) for i in ids)
    walked = [n for h in result.hops for n in (h.source, h.target)] + list(result.seeds)
    assert not any(is_row(n) for n in walked)


def test_the_graph_and_the_counts_know_no_rows(lib):
    assert not any(is_row(i) for i in lib.graph.ids)
    chunks = sum(len(lib.catalog.doc_chunks(d.doc_id)) for d in lib.documents())
    assert lib.stats()["chunks"] == chunks == sum(d.chunks for d in lib.documents())
    assert lib.vectors.count() == chunks + len(GASES) + len(METALS)


@pytest.mark.parametrize("name", ["hybrid", "dense", "bm25", "multiroute"])
def test_a_scope_holds_for_rows(lib, name):
    metals = doc_of(lib, "Metal Handbook")
    outside = lib.retrieve(KRYPTON, name, 5, scope=Scope(documents=("Metal Handbook",)))
    assert {c.chunk.doc_id for c in outside.chunks} == {metals}
    inside = lib.retrieve(TUNGSTEN, name, 5, scope=Scope(documents=("Metal Handbook",)))
    assert inside.chunks[0].chunk.chunk_id == table_of(lib, "Metal Handbook").chunk_id


def test_the_commands_print_tables_never_rows(lib):
    data_dir = lib.settings.data_dir
    found = json.loads(cli(data_dir, "retrieve", KRYPTON, "-r", "hybrid", "--k", "8", "--json").stdout)
    assert found["chunks"][0]["kind"] == "table" and ROW_MARK not in json.dumps(found)
    answer = cli(data_dir, "ask", KRYPTON, "-r", "hybrid", "--json").stdout
    assert "-153.4" in answer and ROW_MARK not in answer


def test_remove_restore_and_reindex_carry_the_rows(lib, monkeypatch):
    rows, gases = row_ids(lib, "Gas Handbook"), doc_of(lib, "Gas Handbook")
    table_id = table_of(lib, "Gas Handbook").chunk_id
    lib.remove(gases)
    assert not lib.vectors.ids(gases) and gases not in lib.text.doc_ids()
    assert not any(i.startswith(table_id) for i, _ in lib.text.search("krypton Kr -153.4", 50))
    assert lib.retrieve(KRYPTON, "hybrid", 3).chunks[0].chunk.doc_id != gases
    monkeypatch.setattr(lib.embedder, "embed", lambda texts: pytest.fail("a restore embeds nothing"))
    lib.restore(gases)
    assert row_ids(lib, "Gas Handbook") == rows
    monkeypatch.undo()
    lib.reindex(gases)
    assert row_ids(lib, "Gas Handbook") == rows
    assert lib.retrieve(KRYPTON, "hybrid", 3).chunks[0].chunk.chunk_id == table_of(lib, "Gas Handbook").chunk_id
