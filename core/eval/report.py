"""Per-question rows of an eval report: for the `--details` file and the Evaluate page.

Each row names the retriever and question, the first gold rank or answer rank, and with
answers the answer next to the gold: the short answer (first line), whether it hit,
its F1 and length, the standalone question it was understood as, and its LLM cost.

Example:
    >>> # write_details(report, Path("details.jsonl"))
    >>> # answer_rows(report, "hybrid")[0]["gold"]
"""
from __future__ import annotations

import json
from pathlib import Path

from core.eval.run import EvalReport


def answer_rows(report: EvalReport, retriever: str) -> list[dict]:
    """One dict per question for `retriever`: question, gold, answer and its grades."""
    out = []
    for row in report.per_question.get(retriever, ()):
        item = {"id": row.qid, "question": row.question, "answer_rank": row.answer_rank}
        a = row.answer
        if a is not None:
            item.update({
                "gold": a.gold, "short_answer": a.first_line, "hit": a.hit,
                "hit_first_line": a.hit_first_line, "f1": round(a.f1, 3), "words": a.words,
                "mode": a.mode, "ask_ms": a.latency_ms, "llm_calls": a.llm_calls, "llm_tokens": a.llm_tokens,
                "understood_as": a.understood_as, "answer": a.text,
            })
        out.append(item)
    return out


def write_details(report: EvalReport, path: Path) -> None:
    """Write every retriever's per-question rows as JSON Lines (one object per line)."""
    with Path(path).open("w", encoding="utf-8") as fh:
        for name in report.per_question:
            for item in answer_rows(report, name):
                fh.write(json.dumps({"retriever": name, **item}, ensure_ascii=False) + "\n")
