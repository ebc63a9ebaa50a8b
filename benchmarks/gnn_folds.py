"""Held-out figures for GNN-Ret's paper options: per-layer alpha^l fitted on folds, clamp on/off.

    python benchmarks/gnn_folds.py --data-dir LIB --questions BENCH/musique/questions.jsonl \
        [--k 5] [--variants default,fit1,fit2,fit2-paper] [--out gnn_folds.json]

Variants: `default` (Folio: one layer, alpha 0.5 from settings, clamp; nothing fitted),
`fitN` (N layers, one alpha per layer fitted by `core.retrieve.gnn_fit` on the other folds),
`fitN-paper` (the same with the paper's unclamped update). Every fitted figure is on the
held-out fold only. Prints and writes JSON with the fitted alphas, fit time and load.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.config import Settings  # noqa: E402
from core.eval.questions import read_questions  # noqa: E402
from core.learn.folds import folds, labelled, pooled, score  # noqa: E402
from core.library import Library  # noqa: E402
from core.retrieve.gnn import GNNRetriever  # noqa: E402
from core.retrieve.gnn_fit import fit_params, gnn_loss  # noqa: E402
from core.retrieve.gnn_train import GNN_START, gnn_samples  # noqa: E402


def variant_library(data_dir: Path, name: str) -> tuple[Library, bool]:
    """The library with the variant's layers and update rule; and whether it is fitted."""
    settings = Settings.load(data_dir)
    if name == "default":
        return Library(settings), False
    layers = int(name[3:].split("-")[0])
    retrieve = replace(settings.retrieve, gnn_layers=layers, gnn_clamp=not name.endswith("-paper"))
    return Library(replace(settings, retrieve=retrieve)), True


def fitted(ctx, train_q) -> tuple[tuple, dict]:
    """Per-layer alphas fitted on the training questions, with the fit's cost."""
    t0 = time.perf_counter()
    samples = gnn_samples(ctx, train_q)
    alphas, run = fit_params(gnn_loss(samples), (GNN_START,) * ctx.settings.retrieve.gnn_layers)
    return alphas, dict(run, fit_wall_s=round(time.perf_counter() - t0, 1))


def builder(alphas):
    """ctx -> GNNRetriever using `alphas` (None: what the library's settings say)."""
    def make(ctx):
        r = GNNRetriever(ctx)
        if alphas is not None:
            r.alpha, r.alpha_note = alphas, f"alpha={alphas} fitted on other folds"
        return r
    return make


def run_variant(data_dir: Path, name: str, qs, k: int, seed: int) -> dict:
    """k-fold figures for one variant."""
    lib, fit = variant_library(data_dir, name)
    gold = labelled(lib, qs)
    parts, runs = [], []
    for i, held in enumerate(folds(len(qs), k, seed)):
        alphas, record = None, {}
        if fit:
            alphas, record = fitted(lib.context(), [gold[j] for j in range(len(qs)) if j not in held and gold[j].gold])
        result = score(lib, {f"gnn {name}": builder(alphas)}, [qs[j] for j in held])
        parts.append((len(held), result))
        runs.append({"fold": i + 1, "alphas": alphas, **record})
        print(name, i + 1, alphas, record, result[f"gnn {name}"]["recall@5"], flush=True)
    return {"pooled": pooled(parts), "folds": runs}


def main() -> int:
    """Parse flags, run each variant's folds, print and save JSON."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--questions", type=Path, required=True)
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--variants", default="default,fit1,fit2,fit2-paper")
    ap.add_argument("--out", type=Path, default=Path("gnn_folds.json"))
    a = ap.parse_args()
    qs = read_questions(a.questions)
    out = {"load_start": os.getloadavg(), "variants": {}}
    for name in a.variants.split(","):
        out["variants"][name] = run_variant(a.data_dir, name, qs, a.k, a.seed)
        print(json.dumps(out["variants"][name]["pooled"]), flush=True)
    out["load_end"] = os.getloadavg()
    a.out.write_text(json.dumps(out, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
