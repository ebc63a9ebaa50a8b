"""SentenceEmbedder with the packaged all-MiniLM-L6-v2 (the session `embedder` fixture)."""
from __future__ import annotations

import numpy as np
import pytest

from core.errors import ConfigError
from core.index.embedder import SentenceEmbedder, packaged_model_path


def test_rows_are_unit_float32(embedder):
    vecs = embedder.embed(["a cat sits on the mat", "quarterly revenue grew by ten percent"])
    assert vecs.dtype == np.float32
    assert vecs.shape == (2, embedder.dim) == (2, 384)
    np.testing.assert_allclose(np.linalg.norm(vecs, axis=1), [1.0, 1.0], atol=1e-5)


def test_related_texts_are_closer(embedder):
    cat, kitten, money = embedder.embed(
        ["a cat sits on the mat", "a small kitten rests on a rug", "the bank raised interest rates"]
    )
    assert float(cat @ kitten) > float(cat @ money) + 0.2


def test_query_vector_matches_passage_vector(embedder):
    q = embedder.embed_query("where is the cat?")
    assert q.shape == (384,)
    np.testing.assert_allclose(q, embedder.embed(["where is the cat?"])[0], atol=1e-5)


def test_empty_batch(embedder):
    assert embedder.embed([]).shape == (0, 384)


def test_construction_is_lazy():
    emb = SentenceEmbedder(batch_size=8)
    assert emb._model is None
    assert emb.model_path == packaged_model_path()


def test_missing_model_folder_names_the_setting(tmp_path):
    with pytest.raises(ConfigError, match="FOLIO_EMBED_MODEL"):
        SentenceEmbedder(str(tmp_path / "no-such-model"))


def test_folder_without_a_model_fails_on_load(tmp_path):
    emb = SentenceEmbedder(str(tmp_path))  # exists, but holds no model
    with pytest.raises(ConfigError, match="FOLIO_EMBED_MODEL"):
        emb.embed(["x"])


def test_bad_batch_size():
    with pytest.raises(ConfigError):
        SentenceEmbedder(batch_size=0)
