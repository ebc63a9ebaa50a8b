"""Full-text index on an Elasticsearch server (BM25 similarity, `english` analyzer).

The client library is imported and the connection opened on first use, so Folio starts
without Elasticsearch installed or running unless FOLIO_ES_URL is set.

Example:
    >>> # idx = ElasticTextIndex("http://localhost:9200", "folio-chunks")
    >>> # idx.add(["c1"], ["Graph retrieval walks chunk edges"], ["doc1"]); idx.flush()
    >>> # idx.search("walking a graph", k=5)
"""
from __future__ import annotations

from typing import Any, Callable, Collection, Iterator, Sequence

from core.errors import BackendError, ConfigError

_BULK = 500  # actions per bulk request
_MAPPINGS = {
    "properties": {
        "text": {"type": "text", "analyzer": "english"},
        "doc_id": {"type": "keyword"},
    }
}


class ElasticTextIndex:
    """A `TextIndex` over one Elasticsearch index; each chunk is a document whose _id is its id.

    Writes become searchable after `flush()` (an index refresh), as on every server.

    Example:
        >>> idx = ElasticTextIndex("http://localhost:9200", "folio-chunks")   # no connection yet
        >>> # idx.search("query words", k=10)   # [(chunk_id, score), ...] best first
    """

    def __init__(self, url: str, index_name: str):
        if not url:
            raise ConfigError("ElasticTextIndex needs a URL; set FOLIO_ES_URL, e.g. http://localhost:9200")
        if index_name != index_name.lower() or not index_name:
            raise ConfigError(f"Elasticsearch index name {index_name!r} must be non-empty lower case")
        self.url = url
        self.index_name = index_name
        self._client: Any = None

    @property
    def client(self) -> Any:
        """The Elasticsearch client; the index is created (if absent) on first access."""
        if self._client is None:
            try:
                from elasticsearch import Elasticsearch
            except ImportError as exc:
                raise ConfigError("FOLIO_ES_URL is set but the client is missing; pip install elasticsearch") from exc
            client = Elasticsearch(self.url, request_timeout=30)
            self._call(self._create_index, client)
            self._client = client
        return self._client

    def _create_index(self, client: Any) -> None:
        if not client.indices.exists(index=self.index_name):
            client.indices.create(
                index=self.index_name,
                settings={"number_of_shards": 1, "number_of_replicas": 0},
                mappings=_MAPPINGS,
            )

    def _call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a client call, turning transport and API failures into one-line BackendErrors."""
        try:
            return fn(*args, **kwargs)
        except (ConfigError, BackendError):
            raise
        except Exception as exc:
            raise BackendError(
                f"Elasticsearch at {self.url}, index {self.index_name!r}: {type(exc).__name__}: {exc}; "
                "start it with `docker compose up -d elasticsearch` or unset FOLIO_ES_URL"
            ) from exc

    def add(self, ids: Sequence[str], texts: Sequence[str], doc_ids: Sequence[str]) -> None:
        """Index texts (replacing chunks whose id is already present); searchable after flush()."""
        if not len(ids) == len(texts) == len(doc_ids):
            raise ValueError(f"add needs as many texts and doc ids as ids: {len(ids)}, {len(texts)}, {len(doc_ids)}")
        from elasticsearch import helpers

        actions = (
            {"_index": self.index_name, "_id": cid, "_source": {"text": text, "doc_id": doc}}
            for cid, text, doc in zip(ids, texts, doc_ids)
        )
        self._call(helpers.bulk, self.client, actions, chunk_size=_BULK)

    def delete_doc(self, doc_id: str) -> None:
        """Remove every chunk of a document (no error when absent)."""
        self._call(
            self.client.delete_by_query,
            index=self.index_name,
            query={"term": {"doc_id": doc_id}},
            conflicts="proceed",
            refresh=True,
        )

    def search(self, query: str, k: int, doc_ids: Collection[str] | None = None
               ) -> list[tuple[str, float]]:
        """Return up to k (chunk_id, BM25 score) pairs, best first; scores > 0 only; only
        chunks of `doc_ids` when given (a `terms` filter: it does not change the scores)."""
        if k <= 0 or not query.strip() or (doc_ids is not None and not doc_ids):
            return []
        match = {"match": {"text": query}}
        if doc_ids is not None:
            match = {"bool": {"must": match, "filter": {"terms": {"doc_id": sorted(doc_ids)}}}}
        res = self._call(
            self.client.search,
            index=self.index_name,
            query=match,
            size=int(k),
            source=False,
        )
        return [(hit["_id"], float(hit["_score"])) for hit in res["hits"]["hits"] if hit["_score"] > 0]

    def _doc_id_buckets(self) -> Iterator[str]:
        after: dict | None = None
        while True:
            composite: dict = {"size": 1000, "sources": [{"doc": {"terms": {"field": "doc_id"}}}]}
            if after:
                composite["after"] = after
            res = self._call(
                self.client.search,
                index=self.index_name,
                size=0,
                aggregations={"docs": {"composite": composite}},
            )
            agg = res["aggregations"]["docs"]
            yield from (bucket["key"]["doc"] for bucket in agg["buckets"])
            after = agg.get("after_key")
            if not agg["buckets"] or not after:
                return

    def doc_ids(self) -> set[str]:
        """Documents that have at least one chunk indexed (used for crash recovery)."""
        return set(self._doc_id_buckets())

    def count(self) -> int:
        """Number of indexed chunks (as of the last refresh)."""
        return int(self._call(self.client.count, index=self.index_name)["count"])

    def flush(self) -> None:
        """Refresh the index so that every write so far is searchable."""
        self._call(self.client.indices.refresh, index=self.index_name)

    def refresh(self) -> bool:
        """Nothing to reload: the server always answers with every process's writes."""
        return False

    def drop(self) -> None:
        """Delete the whole Elasticsearch index (used by tests and `reset`)."""
        self._call(self.client.indices.delete, index=self.index_name, ignore_unavailable=True)
        self._client = None
