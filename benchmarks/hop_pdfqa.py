"""gnn_rerank on pdfqa-dev with a cross-domain next-hop head: trained on musique and
hotpotqa-dev (never on pdfqa-dev), scored beside gnn and hybrid, odd ids (test) and even
ids (tuning) apart. Aggregates only.

    python benchmarks/hop_pdfqa.py --pdfqa-dir COPY/pdfqa-lib --questions BENCH/pdfqa-dev/questions.jsonl \
        --train-dir COPY/musique --train-questions BENCH/musique/questions.jsonl \
        --also-dir COPY/hotpotqa-dev --also-questions BENCH/hotpotqa-dev/questions.jsonl \
        [--beam 0,0] [--out hop_pdfqa.json]

The head is written into `--pdfqa-dir` (models/hop_head/): use a copy of the library.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hop_common import save  # noqa: E402
from hop_folds import open_library  # noqa: E402

from core.eval.questions import read_questions  # noqa: E402
from core.eval.run import evaluate  # noqa: E402
from core.learn import hop_head  # noqa: E402
from core.learn.folds import labelled  # noqa: E402
from core.learn.head_fit import train_head  # noqa: E402
from core.retrieve.base import make_retriever  # noqa: E402

METRICS = ("answer_recall@1", "answer_recall@5", "page_hit@1", "page_hit@5", "recall@5", "latency_ms_p50")
NAMES = ("gnn_rerank", "gnn", "hybrid")


def parity(q) -> str:
    """'odd' (test) or 'even' (tuning) by the number ending the question's id."""
    digits = "".join(ch for ch in str(q.qid) if ch.isdigit())
    return "odd" if digits and int(digits) % 2 else "even"


def main() -> int:
    """Train the cross-domain head, save it into the pdfqa library, score both halves."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for flag in ("--pdfqa-dir", "--questions", "--train-dir", "--train-questions", "--also-dir", "--also-questions"):
        ap.add_argument(flag, type=Path, required=True)
    ap.add_argument("--beam", default="0,0")
    ap.add_argument("--out", type=Path, default=Path("hop_pdfqa.json"))
    a = ap.parse_args()
    beam = tuple(int(x) for x in a.beam.split(","))
    train = open_library(a.train_dir, hop_head.CAP)
    also = open_library(a.also_dir, hop_head.CAP)
    head = train_head(train.context(), labelled(train, read_questions(a.train_questions)), beam=beam,
                      extra=[(also.context(), labelled(also, read_questions(a.also_questions)))])
    head.save(a.pdfqa_dir)
    lib = open_library(a.pdfqa_dir, hop_head.CAP)
    ctx, qs = lib.context(), read_questions(a.questions)
    out = {"args": {k: str(v) for k, v in vars(a).items()}, "head": head.record, "result": {}}
    for half in ("odd", "even"):
        part = [q for q in qs if parity(q) == half]
        report = evaluate({n: make_retriever(n, ctx) for n in NAMES}, part, ks=(1, 5, 10), catalog=lib.catalog)
        out["result"][half] = {n: {m: v.get(m) for m in METRICS}
                               for n, v in report.to_json()["retrievers"].items()} | {"questions": len(part)}
        print(half, json.dumps(out["result"][half]), flush=True)
    return save(out, a.out)


if __name__ == "__main__":
    raise SystemExit(main())
