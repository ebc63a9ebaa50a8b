"""Chunk vectors in Chroma: embedded (`PersistentClient`) or a `chroma run` server.

Vectors are given to Chroma explicitly (no Chroma embedding function), the collection
uses cosine space, and each record carries its document id as metadata so a document
can be removed with one `where` filter. A scoped search of an embedded store does not use
that filter: it scores the scope's chunks exactly against vectors kept in memory
(`query_among`, `core.index.vector_rows`), and so does an unscoped search: Chroma rebuilds
its HNSW graph on every open, in threads, so the graph's approximate answer (one of the 50
nearest missed for a question in 5, and which one varied by process) made the same question
rank differently in another process or after a reopen; exact scoring is the same everywhere.

Several processes may share an embedded store (the app, the job worker, the CLI). An
embedded client searches the index it loaded and does not see another process's writes,
so `refresh()` reopens it (the library calls it when the catalog generation moves). Opening
or searching the files while another process writes them can crash the reader (SIGSEGV),
and a search may itself write (Chroma applies log entries a killed writer left behind), so
every call on an embedded store holds `<store>.lock` alone for its few milliseconds
(`core.locks`); writes go in small batches so a search waits for one batch at most.

Example:
    >>> # index = ChromaVectorIndex("folio_chunks", path=Path("~/.folio/chroma"))
    >>> # index.upsert(["c1"], vectors, ["doc1"]); index.query(vectors[0], k=5)
"""
from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any, Callable, Collection, Sequence
from urllib.parse import urlparse

import numpy as np

from core.errors import BackendError, ConfigError
from core.index import chroma_log
from core.index.chroma_systems import uncache_system
from core.index.vector_chroma_reads import ChromaReads
from core.index.vector_rows import ALL, VectorRows
from core.locks import file_lock

_WRITE_BATCH = 256  # vectors per write, so readers wait at most one small batch
# Stores up to this size are searched exactly (the first search of a process reads every
# vector: ~70 ms at 600, 1.3-2 s at 20,000). Above it Chroma's own graph answers: most of a
# large store's graph is loaded from its saved files, not rebuilt, and reading 50,000 vectors
# would cost every CLI call seconds.
EXACT_MAX = 20_000


def parse_server_url(url: str, default_port: int) -> tuple[str, int, bool]:
    """Split 'http://host:port' into (host, port, ssl); ConfigError when it is not a URL."""
    parsed = urlparse(url if "://" in url else f"http://{url}")
    if parsed.scheme not in ("http", "https") or not parsed.hostname:
        raise ConfigError(f"server URL {url!r} is not like http://localhost:{default_port}")
    try:
        port = parsed.port or (443 if parsed.scheme == "https" else default_port)
    except ValueError as exc:
        raise ConfigError(f"server URL {url!r} has a bad port") from exc
    return parsed.hostname, port, parsed.scheme == "https"


def _where(exclude_docs: Sequence[str], doc_ids: Collection[str] | None) -> dict | None:
    """Chroma's metadata filter: not in `exclude_docs`, and in `doc_ids` when given."""
    parts = [{"doc_id": {"$nin": sorted(exclude_docs)}}] if exclude_docs else []
    if doc_ids is not None:
        parts.append({"doc_id": {"$in": sorted(doc_ids)}})
    return None if not parts else parts[0] if len(parts) == 1 else {"$and": parts}


class ChromaVectorIndex(ChromaReads):
    """A `VectorIndex` over one Chroma collection; similarity = 1 - cosine distance.

    Give exactly one of `path` (embedded store in that folder) or `url` (a Chroma server).
    The client is opened on first use; an unreachable server raises BackendError.

    Example:
        >>> # idx = ChromaVectorIndex("folio_chunks", url="http://localhost:8000")
        >>> # idx.query(question_vector, k=10)   # [(chunk_id, cosine), ...] best first
    """

    def __init__(self, collection_name: str, *, path: Path | None = None, url: str = ""):
        if (path is None) == (not url):
            raise ConfigError("ChromaVectorIndex needs exactly one of path= or url=")
        self.collection_name = collection_name
        self.path = Path(path).expanduser() if path is not None else None
        self.url = url
        self._client: Any = None
        self._coll: Any = None
        self._lock_path = self.path.parent / f".{self.path.name}.lock" if self.path is not None else None
        self.rows = VectorRows(self._fetch)  # vectors read so far, for exact scoped search
        self._cursor: int | None = None  # Chroma log position the rows held reflect at least
        self._stale = False  # the client misses another process's writes: reopen before use

    # -- connection -------------------------------------------------------------------
    def _open_client(self) -> Any:
        import chromadb
        from chromadb.config import Settings

        settings = Settings(anonymized_telemetry=False)
        if self.path is not None:
            self.path.mkdir(parents=True, exist_ok=True)
            uncache_system(str(self.path))
            return chromadb.PersistentClient(path=str(self.path), settings=settings)
        host, port, ssl = parse_server_url(self.url, 8000)
        try:
            return chromadb.HttpClient(host=host, port=port, ssl=ssl, settings=settings)
        except Exception as exc:  # chromadb raises ValueError/ConnectionError variants
            raise BackendError(
                f"Chroma server at {self.url} is unreachable ({exc}); start it with "
                "`chroma run --path DIR` or unset FOLIO_CHROMA_URL"
            ) from exc

    @property
    def collection(self) -> Any:
        """The Chroma collection (client and collection are opened on first access)."""
        coll = self._coll
        if coll is None or self._stale:
            with self._locked():
                coll = self._open_collection()
        return coll

    def _open_collection(self) -> Any:
        """The open collection, opening the client first when needed (call under the lock)."""
        if self._stale:
            self._drop_client()
        coll = self._coll
        if coll is None:
            position = self._log_position()  # before opening: the client holds at least this
            client = self._open_client()
            coll = self._call(client.get_or_create_collection, name=self.collection_name,
                              configuration={"hnsw": {"space": "cosine"}}, embedding_function=None)
            self._client, self._coll = client, coll
            if self._cursor is None:
                self._cursor = position
        return coll

    def _locked(self):
        """The embedded store's file lock, for one call (none for a server)."""
        if self._lock_path is None:
            return contextlib.nullcontext()
        self.path.mkdir(parents=True, exist_ok=True)
        return file_lock(self._lock_path)

    def _do(self, method: str, **kwargs: Any) -> Any:
        """Call a collection method holding the store's lock (opening the store if needed)."""
        with self._locked():
            return self._call(getattr(self._open_collection(), method), **kwargs)

    def refresh(self) -> None:
        """Make another process's writes searchable: reopen an embedded store on next use.

        The vectors held in memory are brought up to date from Chroma's write log, reading
        only what was written (`core.index.chroma_log`); when the log cannot say, they are
        all dropped. A server is always current: only the vectors held are dropped.
        """
        if self.path is not None and self._client is not None and self._catch_up():
            return
        self.rows.forget()  # another process may have written any vector
        self._cursor = None
        if self.path is not None and self._client is not None:
            self._drop_client()

    def _drop_client(self) -> None:
        """Forget the embedded client so the next use opens the store again.

        Chroma keeps one system per path in a process, so the old one is taken out of its
        cache (not stopped: a search in another thread may still be using it; it is freed
        when the last user lets go)."""
        from chromadb.api.shared_system_client import SharedSystemClient

        self._stale = False
        client, self._client, self._coll = self._client, None, None
        if client is None:
            return
        ident = getattr(client, "_identifier", str(self.path))
        SharedSystemClient._identifier_to_system.pop(ident, None)
        SharedSystemClient._identifier_to_refcount.pop(ident, None)
        client._closed = True  # closing it later must not stop the newer system for this path

    def _call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        """Run a Chroma call, turning transport failures into one-line BackendErrors."""
        try:
            return fn(*args, **kwargs)
        except (ConfigError, BackendError, KeyError):
            raise
        except Exception as exc:
            where = self.url or str(self.path)
            hint = "start it with `chroma run --path DIR`" if self.url else "check the data folder"
            raise BackendError(
                f"Chroma at {where}, collection {self.collection_name!r}: {exc}; {hint}"
            ) from exc

    def close(self) -> None:
        """Release the client (an embedded store can then be reopened by another object)."""
        if self._client is not None and hasattr(self._client, "close"):
            self._client.close()
        self._client = self._coll = None

    # -- VectorIndex ------------------------------------------------------------------
    def upsert(self, ids: Sequence[str], vectors: np.ndarray, doc_ids: Sequence[str]) -> None:
        """Add or replace vectors; `doc_ids[i]` is the document of `ids[i]`."""
        vectors = np.asarray(vectors, dtype=np.float32)
        if vectors.ndim != 2 or len(ids) != len(vectors) or len(ids) != len(doc_ids):
            raise ValueError(
                f"upsert needs one 2-D vector and one doc id per id: {len(ids)} ids, "
                f"vectors of shape {vectors.shape}, {len(doc_ids)} doc ids"
            )
        # Chroma rejects repeated ids inside one request: keep the last of each.
        last = {cid: i for i, cid in enumerate(ids)}
        order = sorted(last.values())
        if not order:
            return
        with self._locked():
            self._open_collection()  # opens the client, whose batch limit we need
            batch = min(_WRITE_BATCH, int(self._call(self._client.get_max_batch_size)))
        try:
            for start in range(0, len(order), batch):
                rows = order[start : start + batch]
                self._do("upsert", ids=[ids[i] for i in rows], embeddings=vectors[rows],
                         metadatas=[{"doc_id": doc_ids[i]} for i in rows])
        except BaseException:
            self.rows.forget()  # which batches were written is unknown
            raise
        # kept as the store gives them back, so the rows stay the whole store, bit for bit
        self.rows.put([ids[i] for i in order], chroma_log.as_stored(vectors[order]))

    def delete_doc(self, doc_id: str) -> None:
        """Remove every vector of a document (no error when absent)."""
        gone = sorted(self.ids(doc_id))  # its rows held in memory go too (the rest stay whole)
        try:
            self._do("delete", where={"doc_id": doc_id})
        finally:
            self.rows.forget(gone)

    def delete_ids(self, ids: Sequence[str]) -> None:
        """Remove vectors by chunk id (no error for absent ids)."""
        ids = list(dict.fromkeys(ids))
        self.rows.forget(ids)
        for start in range(0, len(ids), _WRITE_BATCH):
            self._do("delete", ids=ids[start : start + _WRITE_BATCH])

    def query(self, vector: np.ndarray, k: int, exclude_docs: Sequence[str] = (),
              doc_ids: Collection[str] | None = None) -> list[tuple[str, float]]:
        """Return up to k (chunk_id, cosine similarity) pairs, best first, leaving out the
        chunks of `exclude_docs` (a version being replaced) and, when `doc_ids` is given,
        every chunk of another document (a scope: filtered inside Chroma)."""
        n_all = self.count()
        n = min(int(k), n_all)
        if n <= 0 or (doc_ids is not None and not doc_ids):
            return []
        if self.path is not None and not exclude_docs and doc_ids is None and n_all <= EXACT_MAX:
            # exact, not Chroma's HNSW walk: each process builds that graph anew (in threads),
            # so its approximate top k differed from one process, or reopening, to the next
            if self.rows.complete and len(self.rows) != n_all:  # not what the store holds
                self.rows.forget()
            try:
                return self.rows.query(vector, n, ALL, self._all_ids)
            except BackendError:  # another process deleting as we list: its search, this once
                pass
        query = np.asarray(vector, dtype=np.float32).reshape(1, -1)
        res = self._do("query", query_embeddings=query, n_results=n, include=["distances"],
                       where=_where(exclude_docs, doc_ids))
        return [(cid, 1.0 - float(d)) for cid, d in zip(res["ids"][0], res["distances"][0])]

    def query_many(self, vectors: np.ndarray, k: int, exclude_docs: Sequence[str] = ()
                   ) -> list[list[tuple[str, float]]]:
        """`query` for every row of `vectors`, in one request (about 5x cheaper per row)."""
        if len(vectors) == 0:
            return []
        if int(k) <= 0:
            return [[] for _ in vectors]
        vectors = np.asarray(vectors, dtype=np.float32).reshape(len(vectors), -1)
        where = _where(exclude_docs, None)
        # No count() first: Chroma returns what it has when k exceeds it (count costs a request)
        res = self._do("query", query_embeddings=vectors, n_results=int(k), include=["distances"], where=where)
        return [[(cid, 1.0 - float(d)) for cid, d in zip(ids, dists)]
                for ids, dists in zip(res["ids"], res["distances"])]

    def query_among(self, vector: np.ndarray, k: int, doc_ids: Collection[str],
                    chunk_ids: Callable[[], Sequence[str]]) -> list[tuple[str, float]]:
        """`query` limited to the chunks of `doc_ids` (a scope), which `chunk_ids()` lists.

        An embedded store scores every one of those chunks against vectors held in memory
        (exact, and no slower than the unscoped search; see `core.index.vector_rows`); a
        server filters in the store, as `query` does."""
        if not doc_ids:
            return []
        if self.path is None:
            return self.query(vector, k, doc_ids=doc_ids)
        return self.rows.query(vector, k, ("scope", frozenset(doc_ids)), chunk_ids)

    def get(self, ids: Sequence[str]) -> np.ndarray:
        """Return the stored vectors for ids, in the given order (KeyError if one is missing);
        vectors read once are kept in memory (`self.rows`)."""
        if len(ids) == 0:
            return np.zeros((0, 0), dtype=np.float32)
        found = self.rows.vectors(ids)
        missing = [cid for cid in dict.fromkeys(ids) if cid not in found]
        if missing:
            raise KeyError(f"no vector stored for chunk {missing[0]!r} ({len(missing)} missing)")
        return np.stack([found[cid] for cid in ids])
