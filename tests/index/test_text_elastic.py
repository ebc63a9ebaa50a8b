"""Elasticsearch backend: the shared text contract, run only when FOLIO_ES_URL names a server.

Start one with `docker compose up -d elasticsearch`, then
`FOLIO_ES_URL=http://localhost:9200 pytest tests/index/test_text_elastic.py`.
"""
from __future__ import annotations

import os
import uuid

import pytest

from core.errors import BackendError, ConfigError
from core.index.text_elastic import ElasticTextIndex

from .contract_text import TextIndexContract

ES_URL = os.environ.get("FOLIO_ES_URL", "")
needs_es = pytest.mark.skipif(not ES_URL, reason="set FOLIO_ES_URL to run the Elasticsearch contract")


@needs_es
class TestElasticContract(TextIndexContract):
    @pytest.fixture
    def make_index(self):
        name = f"folio-test-{uuid.uuid4().hex[:12]}"  # one fresh index per test
        handles: list[ElasticTextIndex] = []

        def make():
            handles.append(ElasticTextIndex(ES_URL, name))
            return handles[-1]

        yield make
        if handles:
            handles[0].drop()


def test_constructs_without_a_server():
    index = ElasticTextIndex("http://127.0.0.1:9", "folio-chunks")
    assert index._client is None  # nothing is contacted until first use


def test_unreachable_server_names_url_and_fix():
    index = ElasticTextIndex("http://127.0.0.1:9", "folio-chunks")
    with pytest.raises(BackendError) as err:
        index.count()
    assert "http://127.0.0.1:9" in str(err.value) and "FOLIO_ES_URL" in str(err.value)


def test_rejects_bad_settings():
    with pytest.raises(ConfigError, match="FOLIO_ES_URL"):
        ElasticTextIndex("", "folio-chunks")
    with pytest.raises(ConfigError):
        ElasticTextIndex("http://localhost:9200", "Folio-Chunks")


class _FakeES:
    """Records requests and answers like Elasticsearch would, for the response handling only."""

    def __init__(self, pages):
        self.pages = list(pages)  # composite aggregation pages, served in order
        self.requests = []

    def search(self, **kw):
        self.requests.append(kw)
        if "aggregations" in kw:
            buckets, after = self.pages.pop(0)
            agg = {"buckets": [{"key": {"doc": d}, "doc_count": 1} for d in buckets]}
            if after:
                agg["after_key"] = {"doc": after}
            return {"aggregations": {"docs": agg}}
        hits = [{"_id": "a", "_score": 2.5}, {"_id": "b", "_score": 0.0}]
        return {"hits": {"hits": hits}}

    def count(self, index):
        return {"count": 7}


def test_response_handling_with_a_fake_client():
    index = ElasticTextIndex("http://localhost:9200", "folio-chunks")
    fake = _FakeES([(["d1", "d2"], "d2"), (["d3"], "d3"), ([], None)])
    index._client = fake
    assert index.search("graph edges", 5) == [("a", 2.5)]  # zero scores dropped
    assert fake.requests[0]["query"] == {"match": {"text": "graph edges"}} and fake.requests[0]["size"] == 5
    assert index.doc_ids() == {"d1", "d2", "d3"}  # follows after_key across pages
    assert fake.requests[2]["aggregations"]["docs"]["composite"]["after"] == {"doc": "d2"}
    assert index.count() == 7
    assert index.search("   ", 5) == [] and index.search("x", 0) == []


def test_a_scope_is_a_terms_filter_beside_the_match():
    index = ElasticTextIndex("http://localhost:9200", "folio-chunks")
    fake = _FakeES([])
    index._client = fake
    assert index.search("graph edges", 5, doc_ids={"d2", "d1"}) == [("a", 2.5)]
    assert fake.requests[0]["query"] == {"bool": {"must": {"match": {"text": "graph edges"}},
                                                  "filter": {"terms": {"doc_id": ["d1", "d2"]}}}}
    assert index.search("graph edges", 5, doc_ids=set()) == [] and len(fake.requests) == 1
