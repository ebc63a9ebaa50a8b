"""Would int8 embeddings do? Cosine to fp32 and CPU seconds of torch dynamic quantisation.

    python benchmarks/embed_int8.py --pdf R-intro.pdf [--corpus corpus.jsonl] [--n 96]

Texts: the embed texts of the PDF's chunks (heading path + text) and/or the first N
passages of a JSONL corpus (title + text). For fp32 and two dynamic int8 variants of every
Linear layer (per-tensor and per-channel weight scales) it prints the CPU seconds to embed
them and the cosine of each int8 vector to its fp32 vector (mean and minimum). Issue 12
asks for >= 0.99 before int8 may replace fp32.
"""
from __future__ import annotations

import argparse
import copy
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def pdf_texts(pdf: Path, n: int) -> list[str]:
    """Embed texts of the first n chunks of a PDF, as folio would cut them."""
    from core.config import Settings
    from core.ingest.chunking import chunk_markdown
    from core.ingest.pdf import pdf_to_markdown

    with tempfile.TemporaryDirectory() as tmp:
        parsed = pdf_to_markdown(pdf, Path(tmp))
        _, chunks = chunk_markdown("x", parsed.title, parsed.markdown, Settings.load(tmp, env={}).chunking)
    return [c.embed_text for c in chunks[:n]]


def corpus_texts(corpus: Path, n: int) -> list[str]:
    """Title + text of the first n passages of a JSONL corpus."""
    rows = [json.loads(line) for _, line in zip(range(n), corpus.open(encoding="utf-8"))]
    return [f"{r['title']}\n{r['text']}" for r in rows]


def encode(model, texts: list[str]):
    """(unit vectors, CPU seconds)."""
    start = time.process_time()
    vectors = model.encode(texts, batch_size=32, normalize_embeddings=True)
    return vectors, time.process_time() - start


def int8(model, per_channel: bool):
    """A copy of the model with every Linear layer dynamically quantised to int8."""
    import torch
    from torch.ao.quantization import default_dynamic_qconfig, per_channel_dynamic_qconfig, quantize_dynamic

    qconfig = per_channel_dynamic_qconfig if per_channel else default_dynamic_qconfig
    out = copy.deepcopy(model)
    quantize_dynamic(out[0].auto_model, {torch.nn.Linear: qconfig}, inplace=True)
    return out


def main() -> None:
    """Print one line per text set and variant."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pdf", type=Path)
    ap.add_argument("--corpus", type=Path)
    ap.add_argument("--n", type=int, default=96)
    args = ap.parse_args()
    from core.index.embedder import SentenceEmbedder

    model = SentenceEmbedder(device="cpu").model
    sets = {}
    if args.pdf:
        sets[args.pdf.name] = pdf_texts(args.pdf, args.n)
    if args.corpus:
        sets[args.corpus.name] = corpus_texts(args.corpus, args.n)
    variants = {"int8 per-tensor": int8(model, False), "int8 per-channel": int8(model, True)}
    for name, texts in sets.items():
        model.encode(texts[:8])
        ref, fp32_s = encode(model, texts)
        print(f"{name}: {len(texts)} texts, fp32 {fp32_s:.2f} CPU s")
        for label, quantised in variants.items():
            vectors, seconds = encode(quantised, texts)
            cos = (vectors * ref).sum(axis=1)
            print(f"  {label}: {seconds:.2f} CPU s ({fp32_s / seconds:.2f}x), cosine mean "
                  f"{cos.mean():.4f}, min {cos.min():.4f}")


if __name__ == "__main__":
    main()
