"""evaluate(): aggregate metrics, omitted metrics, errors and drill-down rows."""
import time

import pytest
from tests.retrieve.ir_doubles import make_context

from core.errors import NeedsLLM
from core.eval.questions import Question
from core.eval.run import evaluate
from core.types import RetrievalResult, ScoredChunk

PASSAGES = [
    ("p1", "One", "first passage"),
    ("p2", "Two", "second passage"),
    ("p3", "Three", "third passage"),
    ("p4", "Four", "a Kiwi grows here"),
    ("p5", "Five", "a Mango \n  tree"),
]
QUESTIONS = [
    Question("q1", "first?", answer="kiwi", supporting_ids=("p1", "p2")),
    Question("q2", "second?", supporting_ids=("p5",), answer_patterns=(r"mango\s+tree",)),
    Question("q3", "third?", answer="nope"),
]
SCRIPT = {"first?": ["p3", "p1", "p4", "p2"], "second?": ["p5"], "third?": ["p1", "p2"]}


class Scripted:
    """Returns a fixed list of passages per question, and records the k it was asked for."""

    name = "scripted"

    def __init__(self, catalog, script, delay=0.0):
        self.catalog, self.script, self.delay, self.ks = catalog, script, delay, []
        self.by_source = {c.source_id: c for c in catalog.all_chunks()}

    def retrieve(self, question, k=10):
        self.ks.append(k)
        time.sleep(self.delay)
        chunks = [self.by_source[p] for p in self.script[question]][:k]
        scored = tuple(ScoredChunk(c, 1.0 / (i + 1)) for i, c in enumerate(chunks))
        return RetrievalResult(question=question, retriever=self.name, chunks=scored)


class NoLLM:
    name = "rgnn"

    def retrieve(self, question, k=10):
        raise NeedsLLM("rgnn needs an LLM: set OPENAI_BASE_URL and FOLIO_LLM_MODEL")


def test_metrics_match_hand_computation():
    ctx = make_context(PASSAGES)
    scripted = Scripted(ctx.catalog, SCRIPT, delay=0.01)
    seen = []
    report = evaluate({"s": scripted, "rgnn": NoLLM()}, QUESTIONS, ks=(5, 2), catalog=ctx.catalog,
                      progress=lambda name, done, total: seen.append((name, done, total)))
    out = report.to_json()
    assert out["questions"] == 3
    s = out["retrievers"]["s"]
    assert list(s) == ["recall@2", "recall@5", "all_recall@2", "all_recall@5", "mrr",
                       "answer_recall@2", "answer_recall@5", "log_rank_index",
                       "latency_ms_p50", "latency_ms_p95"]
    # q1 gold ranks (2, 4); q2 gold rank 1; q3 has no gold. Log-rank N = 5 chunks in the library.
    assert s["recall@2"] == 0.75 and s["recall@5"] == 1.0
    assert s["all_recall@2"] == 0.5 and s["all_recall@5"] == 1.0
    assert s["mrr"] == 0.75
    # q1: S(2) = 1 - ln2/ln5 = 0.569323, S(4) = 1 - ln4/ln5 = 0.138647 -> 0.353985; q2: S(1) = 1
    # -> mean 0.676992
    assert s["log_rank_index"] == 0.677
    # answers: q1 at rank 3 (p4 "Kiwi"), q2 rank 1 (pattern), q3 never
    assert s["answer_recall@2"] == pytest.approx(0.3333) and s["answer_recall@5"] == pytest.approx(0.6667)
    assert 10.0 <= s["latency_ms_p50"] <= s["latency_ms_p95"]
    assert out["retrievers"]["rgnn"] == {"error": "rgnn needs an LLM: set OPENAI_BASE_URL and FOLIO_LLM_MODEL"}
    assert set(scripted.ks) == {100}  # warm-up + 3 questions, all at depth 100
    assert len(scripted.ks) == 4
    assert seen == [("s", 1, 3), ("s", 2, 3), ("s", 3, 3)]
    row = report.per_question["s"][0]
    assert (row.qid, row.gold_ranks, row.answer_rank, row.retrieved) == ("q1", (2, 4), 3, 4)
    assert row.top_ids == ("p3", "p1", "p4", "p2")
    assert "rgnn" not in report.per_question
    assert report.warnings == ()


def test_unsupported_metrics_are_omitted_and_missing_gold_warned():
    ctx = make_context(PASSAGES)
    answers_only = [Question("a", "third?", answer="second")]
    out = evaluate({"s": Scripted(ctx.catalog, SCRIPT)}, answers_only, ks=(1,), catalog=ctx.catalog).to_json()
    assert list(out["retrievers"]["s"]) == ["answer_recall@1", "latency_ms_p50", "latency_ms_p95"]
    assert out["retrievers"]["s"]["answer_recall@1"] == 0.0  # "second" is in rank 2

    gold_only = [Question("g", "second?", supporting_ids=("p5", "p-absent"))]
    report = evaluate({"s": Scripted(ctx.catalog, SCRIPT)}, gold_only, ks=(1,), catalog=ctx.catalog, depth=3)
    assert "answer_recall@1" not in report.to_json()["retrievers"]["s"]
    assert report.to_json()["retrievers"]["s"]["recall@1"] == 0.5
    assert report.depth == 3
    assert report.warnings == ("1 of 2 gold ids are not in the library (e.g. p-absent); they count as misses",)


def test_bad_arguments_fail_fast():
    with pytest.raises(ValueError, match="ks="):
        evaluate({}, QUESTIONS, ks=(0, 5))
    with pytest.raises(ValueError, match="no questions"):
        evaluate({}, [], ks=(5,))


def test_log_rank_n_is_the_library_size_for_every_retriever():
    """Same gold rank, lists of different lengths: the same score (N = 5 chunks, not 2 or 5)."""
    ctx = make_context(PASSAGES)
    gold = [Question("q", "first?", supporting_ids=("p1",))]
    short = Scripted(ctx.catalog, {"first?": ["p3", "p1"]})
    long = Scripted(ctx.catalog, {"first?": ["p3", "p1", "p4", "p2", "p5"]})
    missing = Scripted(ctx.catalog, {"first?": ["p3", "p4"]})
    out = evaluate({"short": short, "long": long, "missing": missing}, gold, ks=(1,),
                   catalog=ctx.catalog).to_json()["retrievers"]
    # S(2) = 1 - ln(2)/ln(5) = 1 - 0.693147/1.609438 = 0.569323 for both; before, N = list length
    # gave the short list 1 - ln2/ln2 = 0 and the long one 0.5693.
    assert out["short"]["log_rank_index"] == out["long"]["log_rank_index"] == 0.5693
    assert out["missing"]["log_rank_index"] == 0.0  # not retrieved: rank N
    wider = evaluate({"short": short}, gold, ks=(1,), corpus_size=10).to_json()["retrievers"]
    assert wider["short"]["log_rank_index"] == 0.699  # 1 - ln2/ln10 = 0.698970
    with pytest.raises(ValueError, match="chunk count"):
        evaluate({"short": short}, gold, ks=(1,))
