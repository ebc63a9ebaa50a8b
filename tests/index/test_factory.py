"""Building the configured backends from Settings (embedded by default, servers by URL)."""
from __future__ import annotations

import pytest

from core.config import Settings
from core.errors import ConfigError
from core.index.embedder import SentenceEmbedder
from core.index.factory import make_embedder, make_text_index, make_vector_index
from core.index.text_bm25 import BM25TextIndex
from core.index.text_elastic import ElasticTextIndex
from core.index.vector_chroma import ChromaVectorIndex


def settings(tmp_path, **env):
    return Settings.load(data_dir=tmp_path, env=env)


def test_embedded_defaults_live_in_the_data_dir(tmp_path):
    vectors = make_vector_index(settings(tmp_path))
    text = make_text_index(settings(tmp_path))
    assert isinstance(vectors, ChromaVectorIndex) and vectors.path == tmp_path / "chroma"
    assert vectors.collection_name == "folio_chunks"
    assert isinstance(text, BM25TextIndex) and text.dir == tmp_path / "bm25"


def test_server_urls_select_server_backends(tmp_path):
    s = settings(tmp_path, FOLIO_CHROMA_URL="http://localhost:8000", FOLIO_ES_URL="http://localhost:9200")
    vectors, text = make_vector_index(s), make_text_index(s)
    assert isinstance(vectors, ChromaVectorIndex) and vectors.url == "http://localhost:8000"
    assert vectors.path is None
    assert isinstance(text, ElasticTextIndex) and text.index_name == "folio-chunks"


@pytest.mark.parametrize("var", ["FOLIO_CHROMA_URL", "FOLIO_ES_URL"])
def test_bad_url_names_the_variable(tmp_path, var):
    s = settings(tmp_path, **{var: "ftp://nowhere"})
    with pytest.raises(ConfigError, match=var):
        make_vector_index(s) if var == "FOLIO_CHROMA_URL" else make_text_index(s)


def test_embedder_default_and_bad_model(tmp_path):
    emb = make_embedder(settings(tmp_path))
    assert isinstance(emb, SentenceEmbedder) and emb.batch_size == 32 and emb.device == "auto"
    with pytest.raises(ConfigError, match="FOLIO_EMBED_MODEL"):
        make_embedder(settings(tmp_path, FOLIO_EMBED_MODEL=str(tmp_path / "missing")))
