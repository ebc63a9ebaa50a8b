"""SentenceEmbedder with the packaged all-MiniLM-L6-v2 (the session `embedder` fixture)."""
from __future__ import annotations

import numpy as np
import pytest

from core.errors import ConfigError
from core.index.embedder import SentenceEmbedder, embed_sorted, packaged_model_path, resolve_device


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


@pytest.mark.parametrize("cuda, want", [(True, "cuda"), (False, "cpu")])
def test_auto_device_follows_torch(monkeypatch, cuda, want):
    import torch

    monkeypatch.setattr(torch.cuda, "is_available", lambda: cuda)
    assert resolve_device("auto") == resolve_device("") == want
    assert resolve_device("cpu") == "cpu"


def test_auto_device_loads_the_model_there(monkeypatch):
    import sentence_transformers
    import torch

    seen = {}

    class Stub:
        def __init__(self, path, device, model_kwargs):
            seen["device"] = device

    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(sentence_transformers, "SentenceTransformer", Stub)
    emb = SentenceEmbedder()
    assert emb.device == "auto" and isinstance(emb.model, Stub)
    assert seen["device"] == emb.loaded_device == "cuda"


def test_cuda_without_a_gpu_and_unknown_devices_are_refused(monkeypatch):
    import torch

    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    with pytest.raises(ConfigError, match="FOLIO_EMBED_DEVICE"):
        resolve_device("cuda:1")
    with pytest.raises(ConfigError, match="FOLIO_EMBED_DEVICE"):
        SentenceEmbedder(device="gpu0")


class RecordingEmbedder:
    """Vectors that encode each text's length; remembers the batches it was given."""

    dim = 2

    def __init__(self):
        self.batches = []

    def embed(self, texts):
        self.batches.append(list(texts))
        return np.array([[len(t), 1.0] for t in texts], dtype=np.float32)


def test_embed_sorted_batches_by_length_and_keeps_the_input_order():
    texts = ["aa", "a", "aaaaa", "aaaa", "aaa"]
    emb, done = RecordingEmbedder(), []
    vectors = embed_sorted(emb, texts, batch_size=2, on_batch=done.append)
    assert emb.batches == [["aaaaa", "aaaa"], ["aaa", "aa"], ["a"]]
    assert vectors[:, 0].tolist() == [2, 1, 5, 4, 3]
    assert done == [2, 4, 5]
    assert embed_sorted(emb, [], batch_size=2).shape == (0, 2)
