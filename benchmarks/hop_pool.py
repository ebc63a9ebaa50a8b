"""Candidate pool of the next-hop head, held out, by hop count: how many supporting chunks the
head's last pass even reads (pool recall), how many candidates that costs, and the head
alone's recall@5 (no fusion weight: the cheap check before `hop_head_hops.py`).

    python benchmarks/hop_pool.py --data-dir COPY/musique --questions BENCH/musique/questions.jsonl \
        [--passes 2] [--bridge 0] [--beam 0,0 --beam 5,5 ...] [--out hop_pool.json]

Per fold (the split of `hop_head_folds.py` for the seed), the head's passes are fit on the
other folds' questions (`head_fit.fit_two`) and read the held-out ones, so the beam (the
later passes also read the neighbours of the last pass's best `B` chunks, `N` each) is steered
by a head that never saw the scored question.
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
from hop_head_hops import by_hops, samples_of  # noqa: E402

import core.retrieve.gnn_rerank as rerank  # noqa: E402
from core.learn import head_fit  # noqa: E402
from core.learn.folds import folds  # noqa: E402


def pool_run(samples, hops, passes: int, k: int = 5, seed: int = 0) -> dict:
    """Pool recall, pool size, gnn's and the head alone's recall@5, pooled over held-out folds."""
    res: dict = {"pool recall": [], "pool size": [], "gnn recall@5": [], "head recall@5": [], "head recall@10": []}
    for held in folds(len(samples), k, seed):
        head = head_fit.fit_two([samples[j] for j in range(len(samples)) if j not in held], seed, passes)
        for j, r in zip(held, head_fit.readings_of(head, [samples[j] for j in held])):
            gold = set(samples[j].gold)
            alone = [c for c, _ in r.fused(1e6)]
            res["pool recall"].append((j, len(gold & set(r.learned)) / len(gold)))
            res["pool size"].append((j, float(len(r.learned))))
            res["gnn recall@5"].append((j, rerank.recall_at(sorted(r.gnn, key=lambda c: -r.gnn[c]), gold, 5)))
            res["head recall@5"].append((j, rerank.recall_at(alone, gold, 5)))
            res["head recall@10"].append((j, rerank.recall_at(alone, gold, 10)))
    return {n: by_hops(v, hops) for n, v in res.items()}


def main() -> int:
    """Parse flags, run each beam setting, print and save JSON."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--questions", type=Path, required=True)
    ap.add_argument("--passes", type=int, default=2)
    ap.add_argument("--bridge", type=int, default=0, help="bridge-step hits (core.learn.hop_bridge); 0: off")
    ap.add_argument("--beam", action="append", default=[], help="B,N: chunks expanded per later pass, neighbours each")
    ap.add_argument("--out", type=Path, default=Path("hop_pool.json"))
    a = ap.parse_args()
    out = {"args": {k: str(v) for k, v in vars(a).items()}, "result": {}}
    for beam in a.beam or ["0,0"]:
        b = tuple(int(x) for x in beam.split(","))
        samples, hops = samples_of(a.data_dir, a.questions, a.bridge, b)
        out["result"][beam] = pool_run(samples, hops, a.passes)
        print(beam, json.dumps(out["result"][beam]), flush=True)
    return save(out, a.out)


if __name__ == "__main__":
    raise SystemExit(main())
