"""Precision and recall of the support check (core/answer/support.py) on a labelled set.

    python benchmarks/support_check.py [--set benchmarks/support_sentences.jsonl] [--tune]

The set (benchmarks/support_sentences.jsonl, built for Folio from real chunk texts of the
pdfqa-dev manuals, see benchmarks/SUPPORT_SET.md) holds, per chunk, one sentence copied from it,
one paraphrase and one invented sentence on the same topic, each with the chunk as its cited
evidence and a fixed split (alternate chunks: tune / test). `--tune` searches the word
weight and the thresholds on the tune half only (see `tune`) and prints them; without it the check runs
with its defaults. Reported, test half first:
- flag precision / recall: a sentence is flagged when its verdict is not_found; the
  invented sentences are the ones that should be;
- supported precision / recall: verdict supported against the copied and paraphrased ones;
- the verdict counts per kind, and the check's time per answer (wall p50 / p95 ms, and the
  process CPU time p50, all threads): an answer of its chunk's three sentences citing [1],
  with four more chunks of the set as evidence.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.answer.support import SupportCheck, checked_answer  # noqa: E402
from core.types import Chunk, Citation  # noqa: E402

HERE = Path(__file__).resolve().parent


class CachedEmbedder:
    """An embedder that remembers every vector (the threshold search re-checks one set)."""

    def __init__(self, inner):
        self.inner, self.dim, self.seen = inner, inner.dim, {}

    def embed(self, texts):
        """Vectors of `texts`, embedding only the new ones."""
        new = [t for t in dict.fromkeys(texts) if t not in self.seen]
        if new:
            self.seen.update(zip(new, self.inner.embed(new)))
        return np.stack([self.seen[t] for t in texts])


def scores(check: SupportCheck, rows: list[dict]) -> dict[str, dict]:
    """Flag and supported precision/recall, and verdict counts per kind, over `rows`."""
    verdicts = [check.verdict(r["sentence"], [r["evidence"]])[0] for r in rows]
    flagged = [v == "not_found" for v in verdicts]
    invented = [r["label"] == "not_found" for r in rows]
    supported = [v == "supported" for v in verdicts]
    true = [not x for x in invented]

    def pr(pred, gold):
        hit = sum(p and g for p, g in zip(pred, gold))
        return {"precision": round(hit / max(1, sum(pred)), 3), "recall": round(hit / max(1, sum(gold)), 3)}

    counts = {k: {v: sum(1 for r, x in zip(rows, verdicts) if r["kind"] == k and x == v)
                  for v in ("supported", "partly", "not_found")} for k in ("copied", "paraphrased", "invented")}
    return {"sentences": len(rows), "flag": pr(flagged, invented), "supported": pr(supported, true),
            "verdicts": counts}


def tune(check: SupportCheck, rows: list[dict]) -> SupportCheck:
    """Per word weight: `partly_at` (below it: not found, flagged) is the highest score
    threshold whose flags are >= 90% right on `rows`, `supported_at` the lowest whose
    "supported" verdicts are >= 95% right; the weight that flags most invented sentences wins."""
    grid = [x / 100 for x in range(30, 100)]
    best, best_recall = check, -1.0
    for weight in (0.0, 0.25, 0.5, 0.75):
        flags = {t: scores(replace(check, word_weight=weight, partly_at=t, supported_at=2.0), rows)["flag"] for t in grid}
        good = [t for t in grid if flags[t]["precision"] >= 0.9 and flags[t]["recall"] > 0]
        if good and flags[max(good)]["recall"] > best_recall:
            best, best_recall = replace(check, word_weight=weight, partly_at=max(good)), flags[max(good)]["recall"]
    for sup in [t for t in grid if t >= best.partly_at]:
        if scores(replace(best, supported_at=sup), rows)["supported"]["precision"] >= 0.95:
            return replace(best, supported_at=sup)
    return replace(best, supported_at=0.99)


def latency(check: SupportCheck, rows: list[dict], runs: int, run=checked_answer) -> dict[str, float]:
    """Time of `run` (checked_answer) for answers of three sentences (see module doc), in ms."""
    by_chunk: dict[str, list[dict]] = {}
    for r in rows:
        by_chunk.setdefault(r["id"].split("-")[0], []).append(r)
    groups = list(by_chunk.values())
    times, cpu = [], []
    for i, group in enumerate(groups[:runs]):
        texts = [group[0]["evidence"]] + [g[0]["evidence"] for g in groups[i + 1:i + 5]]
        cites = tuple(Citation(n + 1, Chunk.create(doc_id="d", doc_title="t", text=t, position=n))
                      for n, t in enumerate(texts))
        answer = " ".join(f"{r['sentence']} [1]" for r in group)
        start, start_cpu = time.perf_counter(), time.process_time()
        run(answer, "", cites, check.embedder, generated=True)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    times.sort()
    return {"answers": len(times), "p50_ms": round(statistics.median(times), 1),
            "p95_ms": round(times[int(0.95 * (len(times) - 1))], 1),
            "cpu_p50_ms": round(statistics.median(cpu), 1)}


def main() -> None:
    """Run the check on the set; print JSON (test half first)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--set", type=Path, default=HERE / "support_sentences.jsonl")
    ap.add_argument("--tune", action="store_true", help="search the thresholds on the tune half")
    ap.add_argument("--words-only", action="store_true", help="no embedder: word overlap alone")
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.set.read_text().splitlines() if line.strip()]
    embedder = None
    if not args.words_only:
        from core.index.embedder import SentenceEmbedder

        embedder = SentenceEmbedder()
        embedder.embed(["warm up"])
    check = SupportCheck(CachedEmbedder(embedder) if args.tune and embedder else embedder)
    halves = {h: [r for r in rows if r["split"] == h] for h in ("test", "tune")}
    if args.tune:
        check = tune(check, halves["tune"])
    out = {"settings": {"word_weight": check.word_weight, "supported_at": check.supported_at,
                        "partly_at": check.partly_at},
           **{h: scores(check, part) for h, part in halves.items()},
           "latency": latency(replace(check, embedder=embedder), halves["test"], runs=len(halves["test"]))}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
