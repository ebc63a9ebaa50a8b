"""Plain rows (lists of dicts) for the app's tables and charts.

Example:
    >>> from core.types import Document
    >>> document_rows([Document("ab12", "Guide", "guide.pdf", 3, chunks=9)])[0]["chunks"]
    9
"""
from __future__ import annotations

from pathlib import PurePath
from typing import Sequence

from core.types import Document

LEADERBOARD_ORDER = ("recall@", "all_recall@", "mrr", "answer_recall@", "page_hit@", "log_rank_index",
                     "latency_ms_p50", "latency_ms_p95")


def document_rows(docs: Sequence[Document]) -> list[dict]:
    """One row per document: title, status, pages, chunks, source (the file's name), the folder
    it came from (with the name, tells same-named files apart; "upload" for an upload), added,
    kind, id: the columns a reader looks at first come first, so a narrow window cuts the rest."""
    return [
        {"title": d.title, "status": d.status, "pages": d.pages, "chunks": d.chunks, "source": d.source,
         "from": _folder(d.origin), "added": d.added_at.replace("T", " ").replace("+00:00", " UTC"),
         "kind": d.kind, "id": d.doc_id}
        for d in docs
    ]


def _folder(origin: str) -> str:
    """The folder of an absolute origin path ("/srv/papers/a.pdf" → "/srv/papers"); "upload"
    for an upload; the origin as it is otherwise."""
    if origin.startswith("upload:"):
        return "upload"
    return str(PurePath(origin).parent) if PurePath(origin).is_absolute() else origin


def _metric_order(name: str) -> tuple[int, int, str]:
    """Sort key: the README's metric order, then k numerically (recall@2 before recall@10)."""
    for i, prefix in enumerate(LEADERBOARD_ORDER):
        if name.startswith(prefix):
            tail = name[len(prefix):]
            return i, int(tail) if tail.isdigit() else 0, name
    return len(LEADERBOARD_ORDER), 0, name


def leaderboard_rows(report) -> list[dict]:
    """One row per retriever from an EvalReport: its metrics (or its error), best recall first."""
    rows = []
    for name, values in report.retrievers.items():
        row: dict = {"retriever": name}
        keys = sorted(values, key=_metric_order)
        row.update({k: values[k] for k in keys})
        rows.append(row)
    first_k = min(report.ks) if report.ks else None
    key = f"recall@{first_k}" if first_k else ""
    return sorted(rows, key=lambda r: -float(r.get(key, -1) if isinstance(r.get(key), (int, float)) else -1))


def question_rows(report, retriever: str) -> list[dict]:
    """Per-question drill-down rows for one retriever: ranks of the gold items and metrics."""
    rows = []
    for row in report.per_question.get(retriever, ()):
        ranks = ", ".join("—" if r is None else str(r) for r in row.gold_ranks)
        rows.append({"id": row.qid, "question": row.question, "gold ranks": ranks,
                     # text, like the gold ranks: a missing rank would show as None
                     "answer rank": "—" if row.answer_rank is None else str(row.answer_rank), "latency ms": row.latency_ms, **dict(row.metrics)})
    return rows
