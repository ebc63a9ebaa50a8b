"""What the hop_* benchmarks share: the small training plan, the per-cap loop, the JSON end.

Example:
    >>> # out = {"load_start": os.getloadavg()}; per_cap("5,10", lambda cap: {...}, out)
    >>> # return save(out, Path("hop_curve.json"))
"""
from __future__ import annotations

import json
import os
import resource
from pathlib import Path
from typing import Callable

from core.learn.folds import FoldPlan
from core.learn.hop_data import DataShape
from core.learn.hop_model import HopShape
from core.learn.hop_train import TrainShape

# few pairs per question: a fold trains in minutes on a CPU share
SMALL_DATA = DataShape(first_negatives=6, hard_negatives=4, random_negatives=1, wrong_starts=1)


def small_plan(k: int = 5, seed: int = 0, layers: int = 2, epochs: int = 1, max_length: int = 128,
               lr: float = 5e-5, head_lr: float = 1e-3) -> FoldPlan:
    """The training plan the hop benchmarks use (one torch thread: runs share the cores)."""
    return FoldPlan(k=k, seed=seed, hop=HopShape(layers=layers, max_length=max_length),
                    train=TrainShape(epochs=epochs, lr=lr, head_lr=head_lr, threads=1), data=SMALL_DATA)


def add_fold_flags(ap) -> None:
    """--data-dir --questions (k-fold) and --cross-data-dir --cross-questions (cross-set) --k."""
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--questions", type=Path, required=True)
    ap.add_argument("--cross-data-dir", type=Path)
    ap.add_argument("--cross-questions", type=Path)
    ap.add_argument("--k", type=int, default=5)


def add_plan_flags(ap) -> None:
    """--layers --epochs --lr --head-lr --max-length --seed on an ArgumentParser."""
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=1)
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--head-lr", type=float, default=1e-3)
    ap.add_argument("--max-length", type=int, default=128)
    ap.add_argument("--seed", type=int, default=0)


def plan_from(a, k: int = 5) -> FoldPlan:
    """The plan the parsed flags ask for."""
    return small_plan(k, a.seed, a.layers, a.epochs, a.max_length, a.lr, a.head_lr)


def cpu_ms() -> float:
    """User + system CPU milliseconds of this process (every thread) so far."""
    use = resource.getrusage(resource.RUSAGE_SELF)
    return (use.ru_utime + use.ru_stime) * 1000


def per_cap(caps: str, run: Callable[[int], dict], out: dict) -> None:
    """out["caps"][cap] = run(cap) for each cap in "5,10,20", printed as it comes."""
    out.setdefault("caps", {})
    for cap in (int(c) for c in caps.split(",") if c):
        out["caps"][cap] = run(cap)
        print(cap, json.dumps(out["caps"][cap]), flush=True)


def save(out: dict, path: Path) -> int:
    """Stamp the closing 1-minute load, write the JSON, return exit status 0."""
    out["load_end"] = os.getloadavg()
    path.write_text(json.dumps(out, indent=1), "utf-8")
    return 0
