"""The next-hop cross-encoder: scores (question + path so far, candidate chunk) pairs.

The encoder is the packaged all-MiniLM-L6-v2 cut to its first `layers` transformer layers,
read jointly over the pair (a cross-encoder, not the bi-encoder it was trained as), mean-
pooled, and a linear head gives one logit: how likely the candidate is a supporting passage
of the question given the chunks already on the path. The word embeddings stay frozen
(few labelled questions); only the kept layers and the head are trained and saved.

On disk, in `data_dir/models/hop/`: `model.safetensors` (the trained tensors) and
`hop.json` (shape, input budget, seed and training record). No pickles.

Example:
    >>> # scorer = HopScorer.load(data_dir)          # None when no model was trained
    >>> # scorer.score("Who founded X's maker?", ["X is made by Acme."], ["Acme: Acme was ..."])
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

MODEL_DIR = "hop"
WEIGHTS = "model.safetensors"
CONFIG = "hop.json"
BASE = "all-MiniLM-L6-v2 (packaged)"


@dataclass(frozen=True)
class HopShape:
    """Size and input budget of the cross-encoder (saved beside its weights)."""

    layers: int = 3  # transformer layers kept from MiniLM's 6
    max_length: int = 160  # word pieces per (question + path, candidate) pair
    path_words: int = 40  # words kept from each path chunk (the last two chunks)
    candidate_words: int = 90  # words kept from the candidate
    batch: int = 32  # pairs per forward pass when scoring


def model_dir(data_dir: Path) -> Path:
    """Where a library keeps its next-hop model."""
    return Path(data_dir) / "models" / MODEL_DIR


def clip(text: str, words: int) -> str:
    """The first `words` words of a text (whitespace-normalised)."""
    return " ".join(text.split()[:words])


def pair_texts(question: str, path: Sequence[str], candidate: str, shape: HopShape) -> tuple[str, str]:
    """The two segments the encoder reads: question plus the last path chunks, candidate."""
    left = " | ".join([question, *(clip(p, shape.path_words) for p in path[-2:])])
    return left, clip(candidate, shape.candidate_words)


def build_network(shape: HopShape, seed: int):
    """MiniLM cut to `shape.layers` layers plus a linear head, initialised from `seed`."""
    import torch
    from transformers import AutoModel

    from core.index.embedder import packaged_model_path

    torch.manual_seed(seed)
    encoder = AutoModel.from_pretrained(packaged_model_path())
    encoder.encoder.layer = encoder.encoder.layer[: shape.layers]
    encoder.config.num_hidden_layers = shape.layers
    for p in encoder.embeddings.parameters():
        p.requires_grad = False  # frozen: too few questions to move 30k word vectors
    head = torch.nn.Linear(encoder.config.hidden_size, 1)
    return torch.nn.ModuleDict({"encoder": encoder, "head": head})


def forward(net, batch) -> "torch.Tensor":
    """Logits for a tokenised batch: mean of the last layer over real tokens, then the head."""
    out = net["encoder"](**batch).last_hidden_state
    mask = batch["attention_mask"].unsqueeze(-1).to(out.dtype)
    pooled = (out * mask).sum(1) / mask.sum(1).clamp(min=1.0)
    return net["head"](pooled).squeeze(-1)


def trained_state(net) -> dict:
    """The tensors that training changed (everything but the frozen embeddings)."""
    return {k: v.detach().contiguous() for k, v in net.state_dict().items()
            if not k.startswith("encoder.embeddings.")}


class HopScorer:
    """A trained next-hop cross-encoder, ready to score candidate batches."""

    def __init__(self, net, tokenizer, shape: HopShape, record: dict):
        self.net = net.eval()
        self.tokenizer = tokenizer
        self.shape = shape
        self.record = record
        self.origin = f"learned next-hop cross-encoder ({MODEL_DIR}/{WEIGHTS}, {shape.layers} layers)"

    @staticmethod
    def tokenizer_for():
        """The packaged MiniLM's word-piece tokenizer."""
        from transformers import AutoTokenizer

        from core.index.embedder import packaged_model_path
        return AutoTokenizer.from_pretrained(packaged_model_path())

    def encode(self, pairs: Sequence[tuple[str, str]]):
        """Tokenise (left, right) pairs to the shape's budget."""
        return self.tokenizer([a for a, _ in pairs], [b for _, b in pairs], truncation=True,
                              max_length=self.shape.max_length, padding=True, return_tensors="pt")

    def score(self, question: str, path: Sequence[str], candidates: Sequence[str]) -> np.ndarray:
        """Logits for each candidate text given the question and the path texts so far."""
        import torch

        pairs = [pair_texts(question, path, c, self.shape) for c in candidates]
        out = []
        with torch.inference_mode():
            for start in range(0, len(pairs), self.shape.batch):
                out.append(forward(self.net, self.encode(pairs[start:start + self.shape.batch])).numpy())
        return np.concatenate(out).astype(np.float64) if out else np.zeros(0)

    def save(self, data_dir: Path) -> Path:
        """Write the trained tensors and hop.json to data_dir/models/hop/; return the folder."""
        from safetensors.torch import save_file

        folder = model_dir(data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        save_file(trained_state(self.net), str(folder / WEIGHTS))
        meta = {"format": 1, "base": BASE, "shape": asdict(self.shape), "record": self.record}
        (folder / CONFIG).write_text(json.dumps(meta, indent=1), "utf-8")
        return folder

    @staticmethod
    def load(data_dir: Path) -> "HopScorer | None":
        """The model in data_dir/models/hop/, or None when none was trained there."""
        folder = model_dir(data_dir)
        if not (folder / WEIGHTS).is_file() or not (folder / CONFIG).is_file():
            return None
        import torch
        from safetensors.torch import load_file

        meta = json.loads((folder / CONFIG).read_text("utf-8"))
        shape = HopShape(**meta["shape"])
        net = build_network(shape, seed=0)
        missing, unexpected = net.load_state_dict(load_file(str(folder / WEIGHTS)), strict=False)
        if unexpected or any(not k.startswith("encoder.embeddings.") for k in missing):
            raise ValueError(f"{folder / WEIGHTS} does not match hop.json; retrain with `python -m core train`")
        torch.set_num_threads(max(1, min(2, torch.get_num_threads())))
        return HopScorer(net, HopScorer.tokenizer_for(), shape, meta.get("record", {}))


def model_bytes(data_dir: Path) -> int:
    """Size on disk of the saved model (weights + JSON)."""
    folder = model_dir(data_dir)
    return sum(f.stat().st_size for f in folder.iterdir() if f.is_file()) if folder.is_dir() else 0
