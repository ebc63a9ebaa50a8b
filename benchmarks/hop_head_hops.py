"""Held-out recall@5 of the next-hop head by hop count: a quick loop over the folds of
`hop_head_folds.py` (same split for a seed, weight chosen by nested inner folds), reading
each question once and scoring the head's Reading directly (not through the evaluator).

    python benchmarks/hop_head_hops.py --data-dir COPY/musique --questions BENCH/musique/questions.jsonl \
        [--also-data-dir COPY/hotpotqa-dev --also-questions BENCH/hotpotqa-dev/questions.jsonl] \
        [--bridge 0] [--passes 2] [--beam B,N] [--teacher] [--inner 4] [--drop FEATURE,...] [--grid-extra 1e6] [--out hops.json]

`--drop` zeroes features (an ablation: a constant column carries no weight); `--grid-extra`
adds fusion weights to the grid the inner folds choose from (1e6: the head alone).
Prints gnn, fused (nested w) and head-alone recall@5, overall and per hop count.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hop_common import save  # noqa: E402
from hop_folds import open_library  # noqa: E402

import core.retrieve.gnn_rerank as rerank  # noqa: E402
from core.eval.questions import read_questions  # noqa: E402
from core.learn import head_fit, hop_head  # noqa: E402
from core.learn.folds import folds, labelled  # noqa: E402
from core.learn.hop_features import NAMES  # noqa: E402


def drop_features(names: list[str]) -> None:
    """Zero the named feature columns in every row the head reads (this process only)."""
    cols = [NAMES.index(n) for n in names]
    inner = hop_head.candidate_features

    def dropped(*a, **k):
        rows = inner(*a, **k)
        rows[:, cols] = 0.0
        return rows
    hop_head.candidate_features = dropped


def samples_of(data_dir: Path, questions: Path, bridge: int, beam: tuple = (0, 0)):
    """(samples, hop count per sample) of a labelled set (`beam`: `hop_head.next_rows`)."""
    lib = open_library(data_dir, hop_head.CAP)
    qs = read_questions(questions)
    gold = labelled(lib, qs)
    samples = head_fit.read_samples(lib.context(), gold, bridge=bridge, beam=beam)
    return samples, [getattr(q, "hops", None) or len(g.gold) for q, g in zip(qs, gold) if g.gold]


def by_hops(values: list[tuple[int, float]], hops: list[int]) -> dict:
    """Mean overall and per hop count."""
    out = {"all": round(float(np.mean([v for _, v in values])), 4)}
    for h in sorted(set(hops)):
        out[f"{h} hops"] = round(float(np.mean([v for j, v in values if hops[j] == h])), 4)
    return out


def run(samples, hops, extra, passes: int, inner: int, k: int = 5, seed: int = 0) -> dict:
    """Per fold: fit on the rest (+ extra), w by inner folds, score the held-out Readings."""
    res: dict = {"gnn": [], "fused": [], "head alone": []}
    weights = []
    for held in folds(len(samples), k, seed):
        train = [samples[j] for j in range(len(samples)) if j not in held] + list(extra)
        w, _ = head_fit.nested_weight(train, seed, inner, passes)
        head = head_fit.fit_two(train, seed, passes)
        weights.append(w)
        for j, r in zip(held, head_fit.readings_of(head, [samples[j] for j in held])):
            gold = set(samples[j].gold)
            for name, ranking in (("gnn", sorted(r.gnn, key=lambda c: -r.gnn[c])),
                                  ("fused", [c for c, _ in r.fused(w)]), ("head alone", [c for c, _ in r.fused(1e6)])):
                res[name].append((j, rerank.recall_at(ranking, gold, 5)))
    return {"weights": weights, **{n: by_hops(v, hops) for n, v in res.items()}}


def main() -> int:
    """Parse flags, run, print and save JSON."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--questions", type=Path, required=True)
    ap.add_argument("--also-data-dir", type=Path)
    ap.add_argument("--also-questions", type=Path)
    ap.add_argument("--bridge", type=int, default=0)
    ap.add_argument("--passes", type=int, default=2)
    ap.add_argument("--beam", default="0,0", help="B,N: later passes read N neighbours of the last pass's best B")
    ap.add_argument("--inner", type=int, default=head_fit.INNER)
    ap.add_argument("--drop", default="")
    ap.add_argument("--teacher", action="store_true", help="later passes also fit on gold-path rows")
    ap.add_argument("--grid-extra", default="")
    ap.add_argument("--out", type=Path, default=Path("hop_head_hops.json"))
    a = ap.parse_args()
    head_fit.TEACHER = a.teacher
    if a.drop:
        drop_features(a.drop.split(","))
    if a.grid_extra:
        grid = tuple(rerank.WEIGHT_GRID) + tuple(float(x) for x in a.grid_extra.split(","))
        rerank.choose_weight.__defaults__ = (5, grid)
    beam = tuple(int(x) for x in a.beam.split(","))
    samples, hops = samples_of(a.data_dir, a.questions, a.bridge, beam)
    extra = samples_of(a.also_data_dir, a.also_questions, a.bridge, beam)[0] if a.also_data_dir else ()
    out = {"args": {k: str(v) for k, v in vars(a).items()}, "result": run(samples, hops, extra, a.passes, a.inner)}
    print(json.dumps(out["result"]), flush=True)
    return save(out, a.out)


if __name__ == "__main__":
    raise SystemExit(main())
