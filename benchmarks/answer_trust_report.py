"""Score the rows written by benchmarks/answer_trust_ask.py and format the tables of
benchmarks/answer_trust.py (metrics: core.eval.trust; definitions: answer_sets/README.md).

Example:
    >>> markdown_table(["a", "b"], [[1, 0.5]])
    '| a | b |\\n|---|---|\\n| 1 | 0.5 |'
"""
from __future__ import annotations

from typing import Mapping, Sequence

from core.eval import metrics as m
from core.eval.answers import word_count
from core.eval.questions import Question
from core.eval.trust import (
    RewriteRow, differing, is_declined, retrieved_as, rewrite_summary, rewritten, score_trust, split_half, summarise_trust,
)

Row = Mapping[str, object]


def answerable_figures(rows: Sequence[Row], questions: Mapping[str, Question]) -> dict:
    """summarise_trust over rows whose ids are labelled questions."""
    return summarise_trust([score_trust(questions[str(r["id"])], str(r["text"]), r.get("span"))  # type: ignore[arg-type]
                            for r in rows if str(r["id"]) in questions])


def unanswerable_figures(rows: Sequence[Row]) -> dict:
    """Declined rate and median words of answers that should all be declines."""
    if not rows:
        return {"questions": 0}
    return {"questions": len(rows), "declined": round(m.mean(float(is_declined(str(r["text"]))) for r in rows), 4),
            "answer_words_p50": round(m.percentile([word_count(str(r["text"])) for r in rows], 50), 1)}


def score_sets(rows: Sequence[Row], new: Sequence[Question], pdfqa: Sequence[Question],
               conversation: Sequence[Question]) -> dict[str, dict]:
    """Per set: answer figures (answerable sets) or the declined rate (unanswerable sets)."""
    by_set: dict[str, list[Row]] = {}
    for r in rows:
        by_set.setdefault(str(r["set"]), []).append(r)
    halves = {h: {q.qid: q for q in pdfqa if split_half(q.qid) == h} for h in ("tune", "test")}
    convo = {q.qid: q for q in conversation}
    return {
        "new-manuals (test only)": answerable_figures(by_set.get("new-manuals", []), {q.qid: q for q in new}),
        "pdfqa-dev test half (odd ids)": answerable_figures(by_set.get("pdfqa-dev", []), halves["test"]),
        "pdfqa-dev tune half (even ids)": answerable_figures(by_set.get("pdfqa-dev", []), halves["tune"]),
        "follow-ups, as answered": answerable_figures(by_set.get("follow-up", []), convo),
        "self-contained seconds, as answered": answerable_figures(by_set.get("self-contained", []), convo),
        "unanswerable (new library)": unanswerable_figures(by_set.get("unanswerable", [])),
        "pdfqa-dev asked of the new library": unanswerable_figures(by_set.get("pdfqa-dev-absent", [])),
    }


def rewrites(rows: Sequence[Row]) -> dict:
    """Follow-up rewrite figures from the conversation rows."""
    return rewrite_summary(
        RewriteRow(str(r["id"]), str(r["set"]), rewritten(str(r["question"]), retrieved_as(r)),
                   float(r["page_hit5"]), float(r["standalone_page_hit5"]))  # type: ignore[arg-type]
        for r in rows if r["set"] in ("follow-up", "self-contained"))


def determinism(first: Sequence[Row], second: Sequence[Row]) -> dict:
    """How many answers (text and understood-as) differ between two runs, and which; only
    the answers both runs have are compared (a run cut short compares what it asked)."""
    def keyed(rows: Sequence[Row]) -> dict[str, str]:
        return {f"{r['set']}/{r['id']}": f"{r['text']}\n{r['understood_as']}" for r in rows}
    a, b = keyed(first), keyed(second)
    both = set(a) & set(b)
    diff = differing({k: a[k] for k in both}, {k: b[k] for k in both})
    return {"answers": len(both), "differing": len(diff), "ids": diff[:20]}


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A GitHub markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _get(d: Mapping, key: str) -> object:
    """A figure, or '' when the set does not have it."""
    return d.get(key, "")


def sets_table(sets: Mapping[str, Mapping]) -> str:
    """One line per set: hits, words, declined, span_hit."""
    header = ["set", "questions", "first-line hit", "whole-answer hit", "median words", "words p90", "declined",
              "span_hit", "span words p50"]
    keys = ["questions", "answer_hit_first_line", "answer_hit", "answer_words_p50", "answer_words_p90", "declined",
            "span_hit", "span_words_p50"]
    return markdown_table(header, [[name, *(_get(s, k) for k in keys)] for name, s in sets.items()])


def rewrite_table(r: Mapping) -> str:
    """Follow-up rewrite figures in one line."""
    header = ["follow-ups", "rewritten", "page_hit@5 as understood", "page_hit@5 standalone", "ratio",
              "self-contained", "self-contained rewritten"]
    keys = ["follow_ups", "follow_ups_rewritten", "page_hit@5_understood", "page_hit@5_standalone",
            "page_hit@5_ratio", "self_contained", "self_contained_rewritten"]
    return markdown_table(header, [[r.get(k, "") for k in keys]])


def retrieval_table(results: Mapping[str, Mapping[str, Mapping]]) -> str:
    """retriever x set: first chunk holds the answer, answer_recall@5, page_hit@1/@5, latency."""
    header = ["retriever", "set", "first chunk holds answer", "answer_recall@5", "page_hit@1", "page_hit@5",
              "p50 ms"]
    keys = ["answer_recall@1", "answer_recall@5", "page_hit@1", "page_hit@5", "latency_ms_p50"]
    rows = [[name, set_name, *(figures.get("error", "") if "error" in figures else figures.get(k, "") for k in keys)]
            for name, per_set in results.items() for set_name, figures in per_set.items()]
    return markdown_table(header, rows)
