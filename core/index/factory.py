"""Build the configured storage backends and embedder from `Settings`.

Embedded stores live in the data directory unless a server URL is set:

    vectors    <data_dir>/chroma   or  Chroma server at FOLIO_CHROMA_URL
    full text  <data_dir>/bm25     or  Elasticsearch at FOLIO_ES_URL

Example:
    >>> import tempfile
    >>> from core.config import Settings
    >>> s = Settings.load(data_dir=tempfile.mkdtemp(), env={})
    >>> type(make_text_index(s)).__name__
    'BM25TextIndex'
"""
from __future__ import annotations

from pathlib import Path

from core.config import Settings
from core.errors import ConfigError
from core.index.base import Embedder, TextIndex, VectorIndex


def _check_url(var: str, url: str, example: str) -> None:
    """Fail with the variable's name when a server URL is not http(s)://host[:port]."""
    from core.index.vector_chroma import parse_server_url

    try:
        parse_server_url(url, 0)
    except ConfigError as exc:
        raise ConfigError(f"{var}={url!r} is not a server URL; set it like {example} or unset it") from exc


def make_vector_index(settings: Settings) -> VectorIndex:
    """Chroma server when FOLIO_CHROMA_URL is set, else an embedded Chroma store in the data dir."""
    from core.index.vector_chroma import ChromaVectorIndex

    name = f"{settings.stores.namespace}_chunks"
    url = settings.stores.chroma_url.strip()
    if url:
        _check_url("FOLIO_CHROMA_URL", url, "http://localhost:8000")
        return ChromaVectorIndex(name, url=url)
    return ChromaVectorIndex(name, path=Path(settings.data_dir) / "chroma")


def make_text_index(settings: Settings) -> TextIndex:
    """Elasticsearch when FOLIO_ES_URL is set, else a bm25s index in the data dir."""
    url = settings.stores.es_url.strip()
    if url:
        from core.index.text_elastic import ElasticTextIndex

        _check_url("FOLIO_ES_URL", url, "http://localhost:9200")
        return ElasticTextIndex(url, f"{settings.stores.namespace.lower()}-chunks")
    from core.index.text_bm25 import BM25TextIndex

    return BM25TextIndex(Path(settings.data_dir) / "bm25")


def make_embedder(settings: Settings) -> Embedder:
    """The sentence-transformers model at FOLIO_EMBED_MODEL, or the packaged all-MiniLM-L6-v2."""
    from core.index.embedder import SentenceEmbedder

    model = settings.embed.model.strip()
    if model and not Path(model).expanduser().is_dir():
        raise ConfigError(
            f"FOLIO_EMBED_MODEL={model!r} is not a folder; set it to a local sentence-transformers "
            "model folder, or unset it to use the packaged all-MiniLM-L6-v2"
        )
    return SentenceEmbedder(model, batch_size=settings.embed.batch_size, device=settings.embed.device)
