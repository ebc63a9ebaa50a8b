"""The time the support check adds to a generated answer, before and after a change, in one run.

    python benchmarks/support_latency.py [--baseline REV] [--rounds 3] [--answers 26] [--threads N]

Loads `core/answer/support.py` as it was at git revision REV (default: main before this
round of work) beside the current one and times both on the same answers (support_check.py's:
three sentences of the test half citing [1], four more chunks as evidence), old and new
alternating per round, one embedder for both. The added time of an answer is all of
`checked_answer(..., generated=True)`: splitting, spans, words and the embedding (an answer
without the check does none of it). Printed as JSON per version: added ms p50 / p95 (wall)
and process CPU ms p50 (all threads), and the model's work per answer: padded tokens p50
(texts x the longest text of each batch, summed over the answer's model calls) and calls;
then the ratios new/old, torch's threads, the OpenMP wait policy (core/index/omp_wait.py:
`OMP_WAIT_POLICY=ACTIVE python benchmarks/support_latency.py` shows the spinning threads of
before), and the 1-minute load average before and after. On a shared machine the wall
figures are loaded ones: read the CPU ms and the ratios, taken alternately.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from core.answer.support import SupportCheck, checked_answer  # noqa: E402
from support_check import latency  # noqa: E402

BASELINE = "da00afd"  # main before the support check ran on fewer tokens and passive threads


def source_module(rev: str, path: str, name: str) -> types.ModuleType:
    """The file `path` at git revision `rev`, loaded as module `name`."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"],
                            capture_output=True, text=True, check=True).stdout
    module = types.ModuleType(name)
    module.__file__ = f"{rev}:{path}"
    sys.modules[name] = module  # dataclasses look their module up by name
    exec(compile(source, module.__file__, "exec"), module.__dict__)  # noqa: S102 - our own history
    return module


def module_at(rev: str) -> types.ModuleType:
    """core/answer/support.py at git revision `rev`, loaded as a module of its own, with the
    support_embed of that revision (its piece window) where the revision has one."""
    import core.answer.support_embed as current

    try:
        sys.modules[current.__name__] = source_module(rev, "core/answer/support_embed.py", "support_embed_baseline")
    except subprocess.CalledProcessError:
        pass  # older than the window: support.py does not import it
    try:
        return source_module(rev, "core/answer/support.py", "support_baseline")
    finally:
        sys.modules[current.__name__] = current


class Counting:
    """The embedder, counting calls and padded tokens (texts x longest, in word pieces)."""

    def __init__(self, inner):
        self.inner, self.dim = inner, inner.dim
        self.tokenizer = inner.model.tokenizer
        self.calls, self.padded = 0, 0

    def embed(self, texts):
        """Vectors of `texts` from the inner embedder; counts the work."""
        lengths = [min(256, len(self.tokenizer(t)["input_ids"])) for t in texts]
        self.calls += 1
        self.padded += max(lengths, default=0) * len(texts)
        return self.inner.embed(texts)


def work(run, embedder, rows: list[dict], answers: int) -> dict[str, float]:
    """Padded tokens p50 and model calls per answer (one pass, untimed)."""
    padded, calls = [], []
    for i in range(answers):
        counting = Counting(embedder)
        latency(SupportCheck(counting), rows[3 * i:], 1, run=run)
        padded.append(counting.padded)
        calls.append(counting.calls)
    return {"padded_tokens_p50": statistics.median(padded), "calls_p50": statistics.median(calls)}


def main() -> None:
    """Alternate old and new; print JSON."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--baseline", default=BASELINE, help="git revision of the old support.py")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--answers", type=int, default=26, help="answers per round (test half: 26)")
    ap.add_argument("--set", type=Path, default=ROOT / "benchmarks" / "support_sentences.jsonl")
    ap.add_argument("--threads", type=int, default=0, help="torch threads (default: torch's own)")
    args = ap.parse_args()
    from core.index.embedder import SentenceEmbedder

    rows = [json.loads(line) for line in args.set.read_text().splitlines() if line.strip()]
    test = [r for r in rows if r["split"] == "test"]
    embedder = SentenceEmbedder()
    embedder.embed(["warm up"])
    import torch

    if args.threads:
        torch.set_num_threads(args.threads)
    runs = {"old": module_at(args.baseline).checked_answer, "new": checked_answer}
    load_before = os.getloadavg()[0]
    timed: dict[str, list[dict]] = {name: [] for name in runs}
    for _ in range(args.rounds):
        for name, run in runs.items():
            timed[name].append(latency(SupportCheck(embedder), test, args.answers, run=run))
    out = {name: {"added_p50_ms": round(statistics.median(t["p50_ms"] for t in timed[name]), 1),
                  "added_p95_ms": round(statistics.median(t["p95_ms"] for t in timed[name]), 1),
                  "cpu_p50_ms": round(statistics.median(t["cpu_p50_ms"] for t in timed[name]), 1),
                  "rounds_added_p50_ms": [t["p50_ms"] for t in timed[name]],
                  "rounds_cpu_p50_ms": [t["cpu_p50_ms"] for t in timed[name]],
                  **work(runs[name], embedder, test, args.answers)} for name in runs}
    for key in ("added_p50_ms", "cpu_p50_ms", "padded_tokens_p50"):
        out[f"ratio_{key}"] = round(out["new"][key] / out["old"][key], 2)
    out["load_1min"] = {"before": round(load_before, 1), "after": round(os.getloadavg()[0], 1), "cpus": os.cpu_count()}
    out["torch_threads"] = torch.get_num_threads()
    out["omp_wait_policy"] = os.environ.get("OMP_WAIT_POLICY", "")
    out["wall_is_loaded"] = load_before >= 1 or out["load_1min"]["after"] >= 1
    out["baseline"] = args.baseline
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
