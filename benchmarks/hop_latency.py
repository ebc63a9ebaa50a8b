"""Latency of the learned retrievers on the synthetic 50,000-chunk library, per candidate cap.

    python benchmarks/hop_latency.py --work-dir COPY_OF_SCOPE_BENCH_WORK --model-root DIR \
        [--chunks 50000] [--caps 5,10,20] [--questions 12] [--threads 2] [--retrievers iier,kgp,gnn-rerank]
        [--no-baselines] [--head [--beam B,N]] [--out hop_latency.json]

The library is `scope_bench.build`'s (passages hashed, questions embedded by MiniLM, so a
question costs what a user's does); the model is loaded from DIR/models/hop/. For every cap
(pairs the cross-encoder scores per step; one batched call per step) it times iier and kgp
(and gnn re-ranked) with the learned step, beside dense, hybrid, the hand-set iier and gnn, unscoped, k=10, after a warm-up.
With --head the feature head (DIR/models/hop_head/) is timed inside gnn-rerank instead.
Rankings on this corpus mean nothing: recall per cap is hop_curve.py's job. Writes p50/p95
wall ms, p50 CPU ms and the pairs scored per question, with the 1-minute load before and after.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hop_common import cpu_ms, per_cap, save  # noqa: E402
from scope_bench import build  # noqa: E402

from core.eval.metrics import percentile  # noqa: E402
from core.learn.hop_model import HopScorer  # noqa: E402
from core.retrieve.base import make_retriever  # noqa: E402
from core.retrieve.gnn import GNNRetriever  # noqa: E402
from core.retrieve.gnn_rerank import POOL, GNNRerankRetriever  # noqa: E402
from core.retrieve.iier import IIERRetriever  # noqa: E402
from core.retrieve.kgp import KGPRetriever  # noqa: E402


class CountingScorer:
    """A HopScorer that counts the pairs it scores."""

    def __init__(self, scorer: HopScorer):
        self.inner, self.pairs = scorer, 0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def score(self, question, path, candidates):
        """Count, then score."""
        self.pairs += len(candidates)
        return self.inner.score(question, path, candidates)


class CountingHead:
    """A HopHead that counts the candidates it reads."""

    def __init__(self, head):
        self.inner, self.pairs, self.read_cpu_ms = head, 0, []
        self.record = head.record

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def read(self, *args, **kw):
        """Read, then count the candidates given a probability; the read's own CPU time
        (this thread only: the head adds this to gnn's cost)."""
        t0 = time.thread_time()
        reading = self.inner.read(*args, **kw)
        self.read_cpu_ms.append((time.thread_time() - t0) * 1000)
        self.pairs += len(reading.learned)
        return reading


def retrievers(ctx, scorer, cap: int, names: str = "iier,kgp") -> dict:
    """The timed retrievers (of `names`: iier, kgp, gnn-rerank) with the cap set."""
    classes = {"iier": IIERRetriever, "kgp": KGPRetriever, "gnn-rerank": GNNRerankRetriever}
    out = {f"{n} (learned)": classes[n](ctx, learned=scorer) for n in names.split(",")}
    for r in out.values():
        r.cap = cap
        if isinstance(r, GNNRerankRetriever):
            r.pool = min(POOL, cap)
    return out


def time_all(named: dict, questions: list[str], scorer: CountingScorer) -> dict:
    """p50/p95 wall ms, p50 CPU ms (this process, every thread: less sensitive to the load)
    and mean pairs per question for each retriever."""
    out = {}
    for name, r in named.items():
        r.retrieve("warm-up", 10)
        ms, cpu, pairs = [], [], []
        for q in questions:
            scorer.pairs = 0
            t0, c0 = time.perf_counter(), cpu_ms()
            r.retrieve(q, 10)
            ms.append((time.perf_counter() - t0) * 1000)
            cpu.append(cpu_ms() - c0)
            pairs.append(scorer.pairs)
        out[name] = {"p50_ms": round(percentile(ms, 50), 1), "p95_ms": round(percentile(ms, 95), 1),
                     "cpu_p50_ms": round(percentile(cpu, 50), 1), "pairs_mean": round(sum(pairs) / len(pairs), 1)}
        if getattr(scorer, "read_cpu_ms", None):  # the head's own share (thread CPU)
            out[name]["head_read_cpu_p50_ms"] = round(percentile(scorer.read_cpu_ms, 50), 1)
            scorer.read_cpu_ms = []
        print(name, json.dumps(out[name]), file=sys.stderr, flush=True)
    return out


def main() -> int:
    """Time every cap; print and save JSON."""
    import torch

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work-dir", type=Path, required=True)
    ap.add_argument("--model-root", type=Path, required=True)
    ap.add_argument("--chunks", type=int, default=50_000)
    ap.add_argument("--caps", default="5,10,20")
    ap.add_argument("--questions", type=int, default=12)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--retrievers", default="iier,kgp")
    ap.add_argument("--no-baselines", action="store_true")
    ap.add_argument("--head", action="store_true", help="time the feature head (DIR/models/hop_head/)")
    ap.add_argument("--beam", default="", help="with --head: read with this beam (B,N; hop_head.next_rows)")
    ap.add_argument("--out", type=Path, default=Path("hop_latency.json"))
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    lib = build(a.work_dir, a.chunks, "minilm")
    if a.head:  # the feature head (models/hop_head/), read by gnn-rerank only
        from core.learn.hop_head import HopHead
        scorer = CountingHead(HopHead.load(a.model_root))
        if a.beam:  # timing only: the beam changes which candidates are read, not the weights' cost
            scorer.record["beam"] = [int(x) for x in a.beam.split(",")]
    else:
        scorer = CountingScorer(HopScorer.load(a.model_root))
    docs = random.Random(7).sample(lib.documents(), a.questions)
    questions = [f"What is {d.title} linked to?" for d in docs]
    ctx = lib.context()
    out = {"chunks": lib.catalog.stats()["chunks"], "questions": len(questions), "threads": a.threads,
           "model": scorer.record.get("train", {}), "load_start": os.getloadavg(),
           "omp_wait_policy": os.environ.get("OMP_WAIT_POLICY")}  # PASSIVE: set by importing core
    if not a.no_baselines:
        plain = {n: make_retriever(n, ctx) for n in ("dense", "hybrid")}  # as the app builds them
        out["baselines"] = time_all({**plain, "iier (hand)": IIERRetriever(ctx, learned=None),
                                     "gnn": GNNRetriever(ctx)}, questions, scorer)
    per_cap(a.caps, lambda cap: time_all(retrievers(ctx, scorer, cap, a.retrievers), questions, scorer), out)
    return save(out, a.out)

if __name__ == "__main__":
    raise SystemExit(main())
