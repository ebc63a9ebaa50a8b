"""Side-by-side comparison of retrievers on one question (the Compare page's model).

`run_compare` asks the library once per retriever, timing each call; `compare_columns`
marks chunks that several retrievers found and how far each moved against the first
(reference) retriever; with a labelled question, each column gets its recall and the gold
chunks are flagged.

Example:
    >>> # cols = compare_columns(run_compare(lib, "Who founded X?", ["dense", "bm25"], k=5))
    >>> # cols[1].cells[0].shift   # +2: two places higher than in the dense column
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from core.errors import FolioError
from core.eval.questions import Question
from core.eval.run import score_question
from core.types import Chunk, RetrievalResult


@dataclass(frozen=True)
class Run:
    """One retriever's result (or the one-line reason it failed) and its wall time."""

    retriever: str
    result: RetrievalResult | None
    latency_ms: float
    error: str = ""


@dataclass(frozen=True)
class CompareCell:
    """One ranked chunk in one column."""

    rank: int
    chunk: Chunk
    score: float
    routes: Mapping[str, float]
    shared_with: tuple[str, ...]  # the other retrievers that also returned this chunk
    shift: int | None  # reference rank - this rank (+ = higher here); None: not comparable
    gold: bool = False


@dataclass(frozen=True)
class CompareColumn:
    """One retriever's column: ranked cells, cost, and recall when the question is labelled."""

    retriever: str
    cells: tuple[CompareCell, ...]
    latency_ms: float
    llm_calls: int
    error: str = ""
    metrics: Mapping[str, float] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


def run_compare(library, question: str, retrievers: Sequence[str], k: int, scope=None) -> list[Run]:
    """Run each named retriever through `library.retrieve` (in `scope`, a
    `core.retrieve.scope.Scope`; default all); a FolioError fills `error` instead."""
    runs: list[Run] = []
    for name in retrievers:
        start = time.perf_counter()
        try:
            result = library.retrieve(question, name, k, scope=scope)
            runs.append(Run(name, result, (time.perf_counter() - start) * 1000.0))
        except FolioError as exc:
            runs.append(Run(name, None, (time.perf_counter() - start) * 1000.0, str(exc)))
    return runs


def _gold_ids(question: Question | None) -> set[str]:
    return set(question.supporting_ids) if question is not None else set()


def compare_columns(runs: Sequence[Run], question: Question | None = None,
                    k: int | None = None) -> list[CompareColumn]:
    """Build the columns; the first successful run is the reference for rank shifts.

    With a labelled `question`, each column's metrics are scored at `k` (default: its length).
    """
    ranks: dict[str, dict[str, int]] = {
        r.retriever: {sc.chunk.chunk_id: i for i, sc in enumerate(r.result.chunks, 1)}
        for r in runs if r.result is not None
    }
    reference = next((r.retriever for r in runs if r.result is not None), None)
    gold = _gold_ids(question)
    columns = []
    for run in runs:
        if run.result is None:
            columns.append(CompareColumn(run.retriever, (), run.latency_ms, 0, run.error))
            continue
        cells = []
        for rank, sc in enumerate(run.result.chunks, start=1):
            cid = sc.chunk.chunk_id
            shared = tuple(n for n, ids in ranks.items() if n != run.retriever and cid in ids)
            ref_rank = ranks[reference].get(cid) if reference and reference != run.retriever else None
            cells.append(CompareCell(
                rank, sc.chunk, sc.score, dict(sc.routes), shared,
                None if ref_rank is None else ref_rank - rank,
                bool(gold) and (sc.chunk.source_id or cid) in gold,
            ))
        metrics = {}
        if question is not None:
            at = k or max(1, len(run.result.chunks))
            metrics = dict(score_question(question, run.result, [at], run.latency_ms).metrics)
        columns.append(CompareColumn(run.retriever, tuple(cells), run.latency_ms,
                                     run.result.llm_calls, "", metrics, tuple(run.result.notes)))
    return columns


def shift_label(shift: int | None) -> str:
    """'▲2', '▼1', '=' or '' for a rank shift."""
    if shift is None:
        return ""
    if shift == 0:
        return "="
    return f"▲{shift}" if shift > 0 else f"▼{-shift}"
