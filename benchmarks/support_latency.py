"""The support check's time per answer, before and after a change, alternated in one run.

    python benchmarks/support_latency.py [--baseline REV] [--rounds 3] [--answers 26]

Loads `core/answer/support.py` as it was at git revision REV (default: main before the
support check was made faster) beside the current one and times both on the same answers
(support_check.py's: three sentences of the test half citing [1], four more chunks as
evidence), old and new alternating per round, one embedder for both. Printed as JSON per
version: wall p50 / p95 ms, process CPU p50 ms, and, since wall time on a shared machine
says more about the machine than the code, the model's work per answer: padded tokens p50
(texts x the longest text of each batch, summed over the answer's model calls) and calls;
then the ratio new/old of the wall p50 and of the padded tokens, and the 1-minute load
average before and after.
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

BASELINE = "1d28d0e"  # main at the start of this work (support.py as of a5f45d8)


def module_at(rev: str) -> types.ModuleType:
    """core/answer/support.py at git revision `rev`, loaded as a module of its own."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:core/answer/support.py"],
                            capture_output=True, text=True, check=True).stdout
    module = types.ModuleType("support_baseline")
    module.__file__ = f"{rev}:core/answer/support.py"
    sys.modules[module.__name__] = module  # dataclasses look their module up by name
    exec(compile(source, module.__file__, "exec"), module.__dict__)  # noqa: S102 - our own history
    return module


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
    args = ap.parse_args()
    from core.index.embedder import SentenceEmbedder

    rows = [json.loads(line) for line in args.set.read_text().splitlines() if line.strip()]
    test = [r for r in rows if r["split"] == "test"]
    embedder = SentenceEmbedder()
    embedder.embed(["warm up"])
    runs = {"old": module_at(args.baseline).checked_answer, "new": checked_answer}
    load_before = os.getloadavg()[0]
    timed: dict[str, list[dict]] = {name: [] for name in runs}
    for _ in range(args.rounds):
        for name, run in runs.items():
            timed[name].append(latency(SupportCheck(embedder), test, args.answers, run=run))
    out = {name: {"wall_p50_ms": round(statistics.median(t["p50_ms"] for t in timed[name]), 1),
                  "wall_p95_ms": round(statistics.median(t["p95_ms"] for t in timed[name]), 1),
                  "cpu_p50_ms": round(statistics.median(t["cpu_p50_ms"] for t in timed[name]), 1),
                  "rounds_wall_p50_ms": [t["p50_ms"] for t in timed[name]],
                  **work(runs[name], embedder, test, args.answers)} for name in runs}
    out["ratio_wall_p50"] = round(out["new"]["wall_p50_ms"] / out["old"]["wall_p50_ms"], 2)
    out["ratio_padded_tokens"] = round(out["new"]["padded_tokens_p50"] / out["old"]["padded_tokens_p50"], 2)
    out["load_1min"] = {"before": round(load_before, 1), "after": round(os.getloadavg()[0], 1), "cpus": os.cpu_count()}
    out["baseline"] = args.baseline
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
