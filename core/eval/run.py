"""Score retrievers on a labelled question set.

Each retriever answers every question once, asked for `depth` (default 100) chunks: the
@k metrics read the top k of that list, mrr and log_rank_index the whole list. The log-rank
N is the number of chunks in the library, the same for every retriever (HiQA defines N over
the corpus), so the index compares retrievers on one scale; a gold item beyond the list
counts as rank N (score 0). Latency is the wall time of that one `retrieve` call; one untimed
warm-up call per retriever comes first so model loading is not counted.

Gold passage ids are matched against each retrieved chunk's `source_id` (the corpus
passage id), or its chunk id when it has none.

Example:
    >>> # report = evaluate({"dense": DenseRetriever(ctx)}, read_questions("q.jsonl"),
    >>> #                   catalog=ctx.catalog)
    >>> # report.to_json()["retrievers"]["dense"]["recall@5"]
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Callable, Mapping, Sequence

from core.errors import NeedsLLM
from core.eval import metrics as m
from core.eval.answers import AnswerScore, score_answer, summarise_answers
from core.eval.pages import document_files, first_page_hit_rank, page_hit_at_k
from core.eval.questions import Question
from core.index.catalog import Catalog
from core.retrieve.base import Retriever
from core.types import Answer, RetrievalResult

Progress = Callable[[str, int, int], None]  # (retriever name, questions done, total)
Answerer = Callable[[str, str], Answer]  # (retriever name, question) -> the answer a user gets

DEFAULT_DEPTH = 100


@dataclass(frozen=True)
class QuestionRow:
    """One retriever's outcome on one question, for drill-down views."""

    qid: str
    question: str
    gold: tuple[str, ...]
    gold_ranks: tuple[int | None, ...]
    answer_rank: int | None
    retrieved: int
    latency_ms: float
    top_ids: tuple[str, ...]  # passage (or chunk) ids of the first 10 results
    metrics: Mapping[str, float] = field(default_factory=dict)
    answer: AnswerScore | None = None  # with answers: the graded answer


@dataclass(frozen=True)
class EvalReport:
    """Aggregate metrics per retriever, plus per-question rows (not in `to_json`)."""

    questions: int
    ks: tuple[int, ...]
    depth: int
    retrievers: Mapping[str, Mapping[str, float | str]]
    per_question: Mapping[str, tuple[QuestionRow, ...]] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()

    def to_json(self) -> dict:
        """The CLI's JSON: {"questions": N, "retrievers": {name: {metric: value}}}."""
        return {"questions": self.questions, "retrievers": {n: dict(v) for n, v in self.retrievers.items()}}


def evaluate(
    retrievers: Mapping[str, Retriever],
    questions: Sequence[Question],
    ks: Sequence[int] = (2, 5, 10),
    catalog: Catalog | None = None,
    progress: Progress | None = None,
    depth: int = DEFAULT_DEPTH,
    corpus_size: int | None = None,
    answerer: Answerer | None = None,
) -> EvalReport:
    """Run every retriever on every question and aggregate the README's metrics.

    A retriever that raises NeedsLLM is reported as {"error": message}. `catalog` is used
    to warn about gold ids that are not in the library (they still count as misses), and
    its chunk count is the log-rank N unless `corpus_size` gives it. With `answerer`, each
    question is also asked and its answer graded (core.eval.answers).
    """
    ks = tuple(sorted({int(k) for k in ks}))
    if not ks or ks[0] < 1:
        raise ValueError(f"ks={list(ks)} must be positive integers")
    if not questions:
        raise ValueError("no questions to evaluate")
    if corpus_size is None:
        if catalog is None:
            raise ValueError("log_rank_index needs the library's chunk count: pass catalog or corpus_size")
        corpus_size = catalog.stats()["chunks"]
    depth = max(int(depth), ks[-1])
    results: dict[str, Mapping[str, float | str]] = {}
    rows: dict[str, tuple[QuestionRow, ...]] = {}
    files = document_files(catalog.documents()) if catalog is not None else {}  # for page_hit@k
    for name, retriever in retrievers.items():
        try:
            rows[name] = _run_one(name, retriever, questions, ks, depth, progress, corpus_size, answerer, files)
        except NeedsLLM as exc:
            results[name] = {"error": str(exc)}
            continue
        results[name] = summarise(rows[name], questions, ks)
    return EvalReport(
        questions=len(questions), ks=ks, depth=depth, retrievers=results, per_question=rows,
        warnings=_missing_gold_warning(questions, catalog),
    )


def _run_one(
    name: str, retriever: Retriever, questions: Sequence[Question], ks: tuple[int, ...],
    depth: int, progress: Progress | None, corpus_size: int, answerer: Answerer | None = None,
    files: Mapping[str, str] | None = None,
) -> tuple[QuestionRow, ...]:
    """All questions through one retriever (after one untimed warm-up call)."""
    retriever.retrieve(questions[0].question, k=depth)
    if answerer is not None:
        answerer(name, questions[0].question)  # warm-up: the reader's models load here
    out: list[QuestionRow] = []
    for done, q in enumerate(questions, start=1):
        start = time.perf_counter()
        result = retriever.retrieve(q.question, k=depth)
        latency = (time.perf_counter() - start) * 1000.0
        row = score_question(q, result, ks, latency, corpus_size, files)
        if answerer is not None:
            row = replace(row, answer=score_answer(q, answerer(name, q.question)))
        out.append(row)
        if progress is not None:
            progress(name, done, len(questions))
    return tuple(out)


def score_question(q: Question, result: RetrievalResult, ks: Sequence[int], latency_ms: float,
                   corpus_size: int = 0, files: Mapping[str, str] | None = None) -> QuestionRow:
    """Per-question metrics from one retrieval result. `corpus_size` (chunks in the library) is
    the log-rank N, never below the list's length (a document may be added during a run);
    `files` (doc id -> file name) is for page_hit@k."""
    ids = [sc.chunk.source_id or sc.chunk.chunk_id for sc in result.chunks]
    n = len(ids)
    values: dict[str, float] = {}
    ranks: list[int | None] = []
    if q.has_gold:
        ranks = m.gold_ranks(ids, q.supporting_ids)
        for k in ks:
            values[f"recall@{k}"] = m.recall_at_k(ranks, k)
            values[f"all_recall@{k}"] = m.all_recall_at_k(ranks, k)
        values["mrr"] = m.reciprocal_rank(ranks)
        values["log_rank_index"] = m.log_rank_index(ranks, max(corpus_size, n))
    answer_rank = None
    if q.has_answers:
        answers = [q.answer, *q.answer_aliases]
        answer_rank = m.first_answer_rank([sc.chunk.text for sc in result.chunks], q.answer_patterns, answers)
        for k in ks:
            values[f"answer_recall@{k}"] = m.answer_recall_at_k(answer_rank, k)
    if q.has_pages and files:
        page_rank = first_page_hit_rank([sc.chunk for sc in result.chunks], q.evidence, files)
        values.update({f"page_hit@{k}": page_hit_at_k(page_rank, k) for k in ks})
    return QuestionRow(
        qid=q.qid, question=q.question, gold=q.supporting_ids, gold_ranks=tuple(ranks),
        answer_rank=answer_rank, retrieved=n, latency_ms=round(latency_ms, 2),
        top_ids=tuple(ids[:10]), metrics=values,
    )


def summarise(rows: Sequence[QuestionRow], questions: Sequence[Question], ks: Sequence[int]) -> dict[str, float]:
    """Average per-question metrics over the questions that support them, in README order."""
    with_gold = [r for r, q in zip(rows, questions) if q.has_gold]
    with_answers = [r for r, q in zip(rows, questions) if q.has_answers]
    keys: list[tuple[str, Sequence[QuestionRow]]] = []
    if with_gold:
        keys += [(f"recall@{k}", with_gold) for k in ks]
        keys += [(f"all_recall@{k}", with_gold) for k in ks]
        keys.append(("mrr", with_gold))
    if with_answers:
        keys += [(f"answer_recall@{k}", with_answers) for k in ks]
    with_pages = [r for r in rows if f"page_hit@{ks[0]}" in r.metrics]
    if with_pages:
        keys += [(f"page_hit@{k}", with_pages) for k in ks]
    if with_gold:
        keys.append(("log_rank_index", with_gold))
    out = {key: round(m.mean(r.metrics[key] for r in subset), 4) for key, subset in keys}
    latencies = [r.latency_ms for r in rows]
    out["latency_ms_p50"] = round(m.percentile(latencies, 50), 2)
    out["latency_ms_p95"] = round(m.percentile(latencies, 95), 2)
    out.update(summarise_answers([r.answer for r in rows if r.answer is not None]))
    return out


def _missing_gold_warning(questions: Sequence[Question], catalog: Catalog | None) -> tuple[str, ...]:
    """A warning naming how many gold ids the library does not hold."""
    gold = sorted({g for q in questions for g in q.supporting_ids})
    if catalog is None or not gold:
        return ()
    known = set(catalog.chunk_ids_by_source(gold))
    known |= {c.chunk_id for c in catalog.chunks([g for g in gold if g not in known])}
    missing = [g for g in gold if g not in known]
    if not missing:
        return ()
    return (f"{len(missing)} of {len(gold)} gold ids are not in the library (e.g. {missing[0]}); "
            "they count as misses",)
