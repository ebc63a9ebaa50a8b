"""The fresh libraries and their sets in the answer trust benchmark (issue 25): Debian manuals
that no other set uses (answer_sets/manifest-N.json, N = 2, 3) with new-manuals-N,
unanswerable-N and followups-N, each asked of its own library and scored as extra rows beside
today's, which they leave unchanged. Used by answer_trust.py (scoring, retrieval plan) and
answer_trust_ask.py (asking); set definitions: answer_sets/README.md.

Row `set` names written by the worker: "new-manuals-N", "unanswerable-N", "follow-up-N",
"self-contained-N" (today's scoring reads only its own names).

Example:
    >>> parts(2)
    ('new-manuals-2', 'unanswerable-2', 'conversations-2')
    >>> conversation_set("follow-up", "-3")
    'follow-up-3'
    >>> set_files(3)
    ('new-manuals-3.jsonl', 'unanswerable-3.jsonl', 'followups-3.jsonl')
"""
from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

from answer_trust_report import answerable_figures, unanswerable_figures
from core.eval.questions import Question, parse_questions, read_questions
from core.eval.trust import RewriteRow, retrieved_as, rewrite_summary, rewritten

SETS = Path(__file__).resolve().parent / "answer_sets"
FRESH = (2, 3)  # the fresh libraries, in the order they are asked
ORDINAL = {2: "second", 3: "third"}

Row = Mapping[str, object]


def parts(n: int) -> tuple[str, str, str]:
    """The parts (--sets names) of fresh library `n`."""
    return f"new-manuals-{n}", f"unanswerable-{n}", f"conversations-{n}"


PARTS_FRESH = tuple(p for n in FRESH for p in parts(n))


def set_files(n: int) -> tuple[str, str, str]:
    """The answerable, unanswerable and conversation set files of fresh library `n`."""
    return f"new-manuals-{n}.jsonl", f"unanswerable-{n}.jsonl", f"followups-{n}.jsonl"


def conversation_set(kind: str, suffix: str) -> str:
    """The row `set` name of a conversation row of `kind` ("follow-up" / "self-contained")."""
    return kind + suffix


def questions_fresh(limit: int = 0) -> dict[str, list[Question]]:
    """The labelled questions of every fresh library's sets: "newN" (new-manuals-N, the first
    `limit` when given) and "convoN" (the conversation seconds of followups-N)."""
    out: dict[str, list[Question]] = {}
    for n in FRESH:
        new, _, convo = set_files(n)
        out[f"new{n}"] = read_questions(SETS / new)[: limit or None]
        out[f"convo{n}"] = parse_questions((SETS / convo).read_text("utf-8").splitlines(), convo)
    return out


def score_fresh(rows: Sequence[Row], qs: Mapping[str, Sequence[Question]]) -> dict[str, dict]:
    """The extra set rows of every fresh library asked, scored as today's are (none for a
    library none of whose rows was asked)."""
    by_set: dict[str, list[Row]] = {}
    for r in rows:
        by_set.setdefault(str(r["set"]), []).append(r)
    out: dict[str, dict] = {}
    for n in FRESH:
        names = (f"new-manuals-{n}", f"unanswerable-{n}", f"follow-up-{n}", f"self-contained-{n}")
        if not any(name in by_set for name in names):
            continue
        convo = {q.qid: q for q in qs[f"convo{n}"]}
        out.update({
            f"new-manuals-{n} (test only)": answerable_figures(by_set.get(names[0], []),
                                                               {q.qid: q for q in qs[f"new{n}"]}),
            f"follow-ups-{n}, as answered": answerable_figures(by_set.get(names[2], []), convo),
            f"self-contained seconds-{n}, as answered": answerable_figures(by_set.get(names[3], []), convo),
            f"unanswerable-{n} ({ORDINAL[n]} library)": unanswerable_figures(by_set.get(names[1], [])),
        })
    return out


def rewrites_fresh(rows: Sequence[Row], n: int) -> dict:
    """Follow-up rewrite figures of followups-N (empty when none was asked)."""
    suffix = f"-{n}"
    convo = [r for r in rows if r["set"] in ("follow-up" + suffix, "self-contained" + suffix)]
    if not convo:
        return {}
    return rewrite_summary(
        RewriteRow(str(r["id"]), str(r["set"]).removesuffix(suffix),
                   rewritten(str(r["question"]), retrieved_as(r)),
                   float(r["page_hit5"]), float(r["standalone_page_hit5"]))  # type: ignore[arg-type]
        for r in convo)
