"""Why the next-hop cross-encoder barely learns: label balance, truncation, and training
variants, on one fold (pairs from its training questions; AUC also on its held-out ones).

    python benchmarks/hop_diagnose.py --data-dir MUSIQUE_DIR --questions BENCH/musique/questions.jsonl \
        [--fold 1] [--k 5] [--variants base,sched,long,freeze,random] [--out hop_diagnose.json]

Variants (all one torch thread, seed 0): base = the benchmarks' small plan (1 epoch, lr 5e-5,
128 word pieces); sched = 3 epochs, lr 1e-4, 10% warm-up then linear decay; long = sched with
256 word pieces (nothing cut); freeze = sched with the lower of the 2 layers frozen; random =
sched trained on random negatives only (no hard ones from the graph). Held-out AUC is read
on pairs built the same way from the fold's held-out questions (never trained on).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hop_common import SMALL_DATA, save  # noqa: E402
from hop_folds import open_library  # noqa: E402

from core.eval.questions import read_questions  # noqa: E402
from core.learn.folds import folds, labelled  # noqa: E402
from core.learn.hop_data import build_examples  # noqa: E402
from core.learn.hop_model import HopScorer, HopShape, pair_texts  # noqa: E402
from core.learn.hop_train import TrainShape, fit  # noqa: E402

BASE = (TrainShape(epochs=1, lr=5e-5, threads=1), HopShape(layers=2, max_length=128), SMALL_DATA)
SCHED = TrainShape(epochs=3, lr=1e-4, warmup=0.1, threads=1)
VARIANTS = {
    "base": BASE,
    "sched": (SCHED, BASE[1], SMALL_DATA),
    "long": (SCHED, HopShape(layers=2, max_length=256), SMALL_DATA),
    "freeze": (replace(SCHED, freeze=1), BASE[1], SMALL_DATA),
    "random": (SCHED, BASE[1], replace(SMALL_DATA, hard_negatives=0, random_negatives=5)),
}


def auc(scores, labels) -> float:
    """Probability a positive pair outscores a negative one (ties count half)."""
    s, y = np.asarray(scores, float), np.asarray(labels) > 0
    pos, neg = s[y], s[~y]
    if not len(pos) or not len(neg):
        return float("nan")
    wins = (pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()
    return round(float(wins / (len(pos) * len(neg))), 4)


def balance(pairs) -> dict:
    """Pairs and positives, overall and by step (first hop: empty path; next hop)."""
    out = {}
    for name, keep in (("all", lambda e: True), ("first", lambda e: not e.path), ("next", lambda e: bool(e.path))):
        part = [e for e in pairs if keep(e)]
        out[name] = {"pairs": len(part), "positives": sum(e.label > 0 for e in part)}
    return out


def truncation(pairs, shape: HopShape) -> dict:
    """How much of the candidate survives the word-piece budget (longest-first truncation)."""
    tok = HopScorer.tokenizer_for()
    kept, cut = [], 0
    for e in pairs:
        left, right = pair_texts(e.question, e.path, e.candidate, shape)
        full = len(tok(right, add_special_tokens=False)["input_ids"])
        enc = tok(left, right, truncation=True, max_length=shape.max_length)
        got = sum(enc["token_type_ids"]) - 1  # segment-B pieces minus its [SEP]
        kept.append(got / max(1, full))
        cut += got < full
    return {"max_length": shape.max_length, "candidate_cut_share": round(cut / max(1, len(pairs)), 3),
            "candidate_kept_median": round(float(np.median(kept)), 3) if kept else None}


def scored(scorer, pairs) -> dict:
    """AUC overall, on first-hop pairs and on next-hop pairs."""
    s = np.array([scorer.score(e.question, e.path, [e.candidate])[0] for e in pairs])
    y = np.array([e.label for e in pairs])
    first = np.array([not e.path for e in pairs])
    return {"auc": auc(s, y), "auc_first": auc(s[first], y[first]), "auc_next": auc(s[~first], y[~first])}


def main() -> int:
    """Build the fold's pairs, print their balance and truncation, train each variant."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--questions", type=Path, required=True)
    ap.add_argument("--fold", type=int, default=1)
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--variants", default="base,sched,long,freeze,random")
    ap.add_argument("--out", type=Path, default=Path("hop_diagnose.json"))
    a = ap.parse_args()
    lib = open_library(a.data_dir, 10)
    qs = read_questions(a.questions)
    gold = labelled(lib, qs)
    held = set(folds(len(qs), a.k, 0)[a.fold - 1])
    train_q = [gold[j] for j in range(len(qs)) if j not in held and gold[j].gold]
    test_q = [gold[j] for j in sorted(held) if gold[j].gold]
    out = {"load_start": os.getloadavg(), "fold": a.fold, "train_questions": len(train_q), "variants": {}}
    for name in (v for v in a.variants.split(",") if v):
        train, shape, data = VARIANTS[name]
        pairs = build_examples(lib.context(), train_q, data, 0)
        test = build_examples(lib.context(), test_q, data, 0)
        scorer, record = fit(pairs, train, shape, 0)
        out["variants"][name] = {"balance": balance(pairs), "truncation": truncation(pairs, shape),
                                 "train_loss_epochs": record["epoch_loss"], "train_loss_steps": record["step_loss"],
                                 "cpu_s": record["cpu_s"], "train": scored(scorer, pairs),
                                 "held_out": scored(scorer, test), "load": os.getloadavg()}
        print(name, json.dumps(out["variants"][name]), flush=True)
    return save(out, a.out)


if __name__ == "__main__":
    raise SystemExit(main())
