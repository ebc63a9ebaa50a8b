"""benchmarks/answer_trust_report.py: scoring worker rows into the per-set tables, and the
committed answer sets' shape (ids, split, kinds) without their PDFs."""
import json

import pytest

from core.eval.questions import read_questions
from core.eval.trust import split_half
from tests.eval.trust_rows import BENCH, load_bench_module, q, row


@pytest.fixture
def report(monkeypatch):
    return load_bench_module(monkeypatch, "answer_trust_report")


def test_score_sets_splits_pdfqa_and_scores_declines(report):
    rows = [row("new-manuals", "nm-01", "hydra [1]"), row("new-manuals", "nm-02", "The documents do not say."),
            row("pdfqa-dev", "pdfdev-01", "69 [1]"), row("pdfqa-dev", "pdfdev-02", "wrong [1]"),
            row("unanswerable", "un-01", "The evidence does not answer this question.\n> x"),
            row("unanswerable", "un-02", "FFTW3 [1]")]
    sets = report.score_sets(rows, [q("nm-01", "hydra"), q("nm-02", "BLCR")],
                             [q("pdfdev-01", "69"), q("pdfdev-02", "70")], [])
    assert sets["new-manuals (test only)"]["answer_hit_first_line"] == 0.5
    assert sets["new-manuals (test only)"]["declined"] == 0.5
    assert sets["pdfqa-dev test half (odd ids)"]["answer_hit"] == 1.0
    assert sets["pdfqa-dev tune half (even ids)"]["answer_hit"] == 0.0
    assert sets["unanswerable (new library)"]["declined"] == 0.5
    assert sets["new-manuals (test only)"]["span_hit"] == "n/a"
    assert "| new-manuals (test only) | 2 | 0.5 |" in report.sets_table(sets)


def test_rewrites_and_determinism(report):
    rows = [row("follow-up", "fu-01", "a", "How do I quit gp?", "and how do I quit it?", page_hit5=1.0,
                standalone_page_hit5=1.0),
            row("self-contained", "sc-01", "b", "", "How do I quit gp?", page_hit5=1.0, standalone_page_hit5=1.0),
            row("self-contained", "sc-02", "c", "How do I quit gp? (start)", "How do I quit gp?", page_hit5=0.0,
                standalone_page_hit5=1.0)]
    figures = report.rewrites(rows)
    assert (figures["follow_ups_rewritten"], figures["self_contained_rewritten"]) == (1, 1)
    assert figures["page_hit@5_ratio"] == 1.0
    hidden = row("self-contained", "sc-03", "d", "", "How do I quit gp?", retrieved_as="How do I quit gp? R",
                 page_hit5=0.0, standalone_page_hit5=1.0)  # rewritten, not shown: the app retrieved with it
    assert report.rewrites(rows + [hidden])["self_contained_rewritten"] == 2
    changed = [dict(r, text=r["text"] + "!") if r["id"] == "sc-02" else r for r in rows]
    assert report.determinism(rows, changed) == {"answers": 3, "differing": 1, "ids": ["self-contained/sc-02"]}


def test_committed_sets_have_the_promised_sizes_and_unique_ids():
    sets = BENCH / "answer_sets"
    new = read_questions(sets / "new-manuals.jsonl")
    convo = [json.loads(line) for line in (sets / "followups.jsonl").read_text("utf-8").splitlines()]
    unanswerable = [json.loads(line) for line in (sets / "unanswerable.jsonl").read_text("utf-8").splitlines()]
    manifest = json.loads((sets / "manifest.json").read_text("utf-8"))
    assert len(new) >= 60 and len({e[0] for x in new for e in x.evidence}) >= 10
    assert all(x.short_answers and x.evidence for x in new)
    assert sum(r["kind"] == "follow-up" for r in convo) >= 40
    assert sum(r["kind"] == "self-contained" for r in convo) >= 20
    assert len(unanswerable) >= 40 and all(r["about"] for r in unanswerable)
    ids = [x.qid for x in new] + [r["id"] for r in convo + unanswerable]
    assert len(ids) == len(set(ids))
    files = {m["file"] for m in manifest}
    assert {e[0] for x in new for e in x.evidence} <= files
    assert {e["file"] for r in convo for e in r["evidence"]} <= files
    assert [split_half(f"pdfdev-{i:02d}") for i in range(1, 65)].count("test") == 32
