"""The second fresh library and its sets in the answer trust benchmark (issue 25): 11 more
Debian manuals (answer_sets/manifest-2.json) and new-manuals-2, unanswerable-2 and
followups-2, asked of that library and scored as extra rows beside today's, which they
leave unchanged. Used by answer_trust.py (scoring, retrieval plan) and answer_trust_ask.py
(asking); set definitions: answer_sets/README.md.

Row `set` names written by the worker: "new-manuals-2", "unanswerable-2", "follow-up-2",
"self-contained-2" (today's scoring reads only its own names).

Example:
    >>> PARTS2
    ('new-manuals-2', 'unanswerable-2', 'conversations-2')
    >>> conversation_set("follow-up", "-2")
    'follow-up-2'
"""
from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

from answer_trust_report import answerable_figures, unanswerable_figures
from core.eval.questions import Question, parse_questions, read_questions
from core.eval.trust import RewriteRow, retrieved_as, rewrite_summary, rewritten

SETS = Path(__file__).resolve().parent / "answer_sets"
PARTS2 = ("new-manuals-2", "unanswerable-2", "conversations-2")
NEW2, UNANSWERABLE2, FOLLOWUPS2 = "new-manuals-2.jsonl", "unanswerable-2.jsonl", "followups-2.jsonl"
MANIFEST2 = "manifest-2.json"

Row = Mapping[str, object]


def conversation_set(kind: str, suffix: str) -> str:
    """The row `set` name of a conversation row of `kind` ("follow-up" / "self-contained")."""
    return kind + suffix


def questions2(limit: int = 0) -> dict[str, list[Question]]:
    """The labelled questions of the second sets: new-manuals-2 (first `limit` when given) and
    the conversation seconds of followups-2."""
    new2 = read_questions(SETS / NEW2)
    convo2 = parse_questions((SETS / FOLLOWUPS2).read_text("utf-8").splitlines(), FOLLOWUPS2)
    return {"new2": new2[: limit or None], "convo2": convo2}


def score_sets2(rows: Sequence[Row], qs: Mapping[str, Sequence[Question]]) -> dict[str, dict]:
    """The extra set rows, scored as today's are (empty when no row of the second sets was asked)."""
    by_set: dict[str, list[Row]] = {}
    for r in rows:
        by_set.setdefault(str(r["set"]), []).append(r)
    if not any(name in by_set for name in ("new-manuals-2", "unanswerable-2", "follow-up-2", "self-contained-2")):
        return {}
    convo = {q.qid: q for q in qs["convo2"]}
    return {
        "new-manuals-2 (test only)": answerable_figures(by_set.get("new-manuals-2", []),
                                                        {q.qid: q for q in qs["new2"]}),
        "follow-ups-2, as answered": answerable_figures(by_set.get("follow-up-2", []), convo),
        "self-contained seconds-2, as answered": answerable_figures(by_set.get("self-contained-2", []), convo),
        "unanswerable-2 (second library)": unanswerable_figures(by_set.get("unanswerable-2", [])),
    }


def rewrites2(rows: Sequence[Row]) -> dict:
    """Follow-up rewrite figures of followups-2 (empty when none was asked)."""
    convo = [r for r in rows if r["set"] in ("follow-up-2", "self-contained-2")]
    if not convo:
        return {}
    return rewrite_summary(
        RewriteRow(str(r["id"]), str(r["set"]).removesuffix("-2"),
                   rewritten(str(r["question"]), retrieved_as(r)),
                   float(r["page_hit5"]), float(r["standalone_page_hit5"]))  # type: ignore[arg-type]
        for r in convo)
