"""Leave-one-set-out check of MiniLM late interaction as a signal for the reader's pick.

Not collected by pytest. Reads the --rows file of `fit_chooser.py` (per tuning question: the
reader's answer pool, each unit's FEATURES, whether it holds the short answer, the hand-made
pick) and scores every pool unit by late interaction: each key token of the question (MiniLM
word pieces, stop words left out) takes its best cosine over the sentence's token vectors, and
the unit's score is their mean (`li_mean`) or the mean of the best three (`li_top3`): question
and sentence read together at token level, where a sentence vector averages them away. Prints,
per left-out set, how many picks hold the answer for: the hand-made pick; each signal alone;
the chooser (`loso_scorer.py`'s logistic regression) with and without the two signals, each
fitted on the other sets and replacing the hand-made pick only when it leads by the margin.

    python benchmarks/answer_tuning/loso_late.py --rows ROWS.json [--cache LI.json] [--sets pdfqa,yorick]
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for core

import argparse
import json

import numpy as np
from sklearn.linear_model import LogisticRegression

from benchmarks.answer_tuning.loso_scorer import hits
from core.answer.choose import FEATURES

_STOP = frozenset("the a an of to in is are what which how do does i can for by on with and or be it its this "
                  "that default".split())


def late_interaction(model, question: str, texts: list[str]) -> list[list[float]]:
    """[li_mean, li_top3] per text: the question's key tokens' best cosines over the text's tokens."""
    import torch

    def tokens(batch: list[str]) -> list[tuple[list[str], np.ndarray]]:
        vectors = model.encode(batch, output_value="token_embeddings", batch_size=32, convert_to_numpy=False)
        out = []
        for text, v in zip(batch, vectors):
            ids = model.tokenizer(text, truncation=True, max_length=model.max_seq_length)["input_ids"]
            pieces = model.tokenizer.convert_ids_to_tokens(ids)
            v = torch.nn.functional.normalize(v.float(), dim=-1).numpy()
            n = min(len(pieces), len(v))
            out.append((pieces[:n], v[:n]))
        return out

    (q_pieces, q_vec), = tokens([question])
    keep = [i for i, p in enumerate(q_pieces) if p not in ("[CLS]", "[SEP]", "?") and p.lstrip("#") not in _STOP]
    q_vec = q_vec[keep] if keep else q_vec
    rows = []
    for _, s_vec in tokens(texts):
        best = (q_vec @ (s_vec[1:-1] if len(s_vec) > 2 else s_vec).T).max(axis=1)
        rows.append([float(best.mean()), float(np.sort(best)[-3:].mean())])
    return rows


def matrix(d: dict, extra: bool) -> np.ndarray:
    """The question's rows: FEATURES, and the two late-interaction signals when `extra`."""
    x = np.asarray(d["x"], dtype=np.float64)
    x = np.hstack([x, np.asarray(d["li"], dtype=np.float64)]) if extra else x
    return x - x.mean(axis=0)  # each signal against its pool's average, as the chooser reads them


def fit(data: list[dict], extra: bool):
    """Logistic regression (balanced classes) on standardised rows of questions whose pool holds the answer."""
    held = [d for d in data if any(d["y"])]
    x = np.vstack([matrix(d, extra) for d in held])
    y = np.asarray([v for d in held for v in d["y"]])
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    return LogisticRegression(C=1.0, max_iter=3000, class_weight="balanced").fit((x - mean) / scale, y), mean, scale


def main() -> None:
    """Score the pools (or read them from --cache) and print the comparison."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=Path, required=True)
    ap.add_argument("--cache", type=Path, help="late-interaction scores, written per set as they are computed")
    ap.add_argument("--sets", default="", help="comma-separated set names (default: all in --rows)")
    args = ap.parse_args()
    sets = json.loads(args.rows.read_text(encoding="utf-8"))
    names = [n for n in (args.sets.split(",") if args.sets else sets) if n in sets]
    cache = json.loads(args.cache.read_text(encoding="utf-8")) if args.cache and args.cache.exists() else {}
    if any(n not in cache for n in names):
        from sentence_transformers import SentenceTransformer

        from core.index.embedder import packaged_model_path
        model = SentenceTransformer(packaged_model_path(), device="cpu")
        for n in (n for n in names if n not in cache):
            cache[n] = [late_interaction(model, d["question"], d["texts"]) for d in sets[n]]
            if args.cache:
                args.cache.write_text(json.dumps(cache), encoding="utf-8")
    for n in names:
        for d, li in zip(sets[n], cache[n]):
            d["li"] = li
    print("hand-made:", [sum(int(d["y"][d["base_i"]]) for d in sets[n]) for n in names], names)
    for j, label in ((0, "li_mean"), (1, "li_top3")):
        print(f"{label} alone:", [sum(int(d["y"][int(np.argmax(np.asarray(d['li'])[:, j]))]) for d in sets[n])
                                  for n in names])
    cos = FEATURES.index("cos")
    print("cos alone:", [sum(int(d["y"][int(np.argmax(np.asarray(d["x"])[:, cos]))]) for d in sets[n]) for n in names])
    for label, extra in (("chooser", False), ("chooser+late", True)):
        for margin in (0.0, 0.1, 0.2):
            row = [hits(fit([d for o in names if o != n for d in sets[o]], extra), sets[n], [], False, margin,
                        rows=lambda d, extra=extra: matrix(d, extra)) for n in names]
            print(f"{label} (margin {margin}): {row} = {sum(row)}")


if __name__ == "__main__":
    main()
