"""Table rows in the server backends: a Chroma server (`chroma run`, started here) and, when
FOLIO_ES_URL names one, Elasticsearch. The row entries are written there, a scoped search
(a `where` filter in Chroma, a `terms` filter in Elasticsearch) returns the table chunk and
nothing outside the scope, and removing the document removes its rows."""
from __future__ import annotations

import os
import uuid
from dataclasses import replace

import pytest

from core.config import Settings
from core.index.row_entries import is_row
from core.library import Library
from core.retrieve.scope import Scope
from tests.index.test_vector_chroma import chroma_server  # noqa: F401  (a fixture)
from tests.retrieve.table_library import GASES, write_pdfs
from tests.retrieve.test_table_rows import KRYPTON, TUNGSTEN, doc_of, table_of

ES_URL = os.environ.get("FOLIO_ES_URL", "")


def _check_library(lib) -> None:
    gases, metals = doc_of(lib, "Gas Handbook"), doc_of(lib, "Metal Handbook")
    assert len([i for i in lib.vectors.ids(gases) if is_row(i)]) == len(GASES)
    for name in ("hybrid", "dense", "bm25"):
        found = lib.retrieve(KRYPTON, name, 5)
        assert found.chunks[0].chunk.chunk_id == table_of(lib, "Gas Handbook").chunk_id
        assert not any(is_row(c.chunk.chunk_id) for c in found.chunks)
        scoped = lib.retrieve(TUNGSTEN, name, 5, scope=Scope(documents=("Metal Handbook",)))
        assert scoped.chunks[0].chunk.chunk_id == table_of(lib, "Metal Handbook").chunk_id
        assert {c.chunk.doc_id for c in scoped.chunks} == {metals}
    lib.remove(gases)
    assert not lib.vectors.ids(gases) and gases not in lib.text.doc_ids()
    assert all(c.chunk.doc_id == metals for c in lib.retrieve(KRYPTON, "hybrid", 5).chunks)


def _library(tmp_path, embedder, env) -> Library:
    write_pdfs(tmp_path / "docs")
    settings = Settings.load(tmp_path / "data", env=env)
    namespace = f"t{uuid.uuid4().hex[:10]}"  # a fresh collection / index on a shared server
    settings = replace(settings, stores=replace(settings.stores, namespace=namespace))
    lib = Library(settings, embedder=embedder)
    assert {o.status for o in lib.add([tmp_path / "docs"])} == {"added"}
    return lib


def test_rows_in_a_chroma_server(tmp_path, embedder, chroma_server):  # noqa: F811
    lib = _library(tmp_path, embedder, {"FOLIO_CHROMA_URL": chroma_server})
    try:
        assert lib.vectors.url == chroma_server
        _check_library(lib)
    finally:
        lib.catalog.close()


@pytest.mark.skipif(not ES_URL, reason="set FOLIO_ES_URL to run against Elasticsearch")
def test_rows_in_elasticsearch(tmp_path, embedder):
    lib = _library(tmp_path, embedder, {"FOLIO_ES_URL": ES_URL})
    try:
        _check_library(lib)
    finally:
        lib.text.drop()
        lib.catalog.close()
