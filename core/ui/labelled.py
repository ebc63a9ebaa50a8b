"""Labelled question sets loaded in the app (Compare and Evaluate pages share them).

Example:
    >>> qs = questions_from_bytes(b'{"id": "q1", "question": "Who?", "answer": "Hall"}', "q.jsonl")
    >>> qs[0].qid
    'q1'
"""
from __future__ import annotations

from core.eval.questions import Question, read_questions, parse_questions


def questions_from_bytes(data: bytes, name: str) -> list[Question]:
    """Parse an uploaded questions JSONL; IngestError names the bad line."""
    return parse_questions(data.decode("utf-8", errors="replace").splitlines(), source=name)


def questions_from_path(path: str) -> list[Question]:
    """Read a questions JSONL from a path on this machine."""
    return read_questions(path.strip())


def question_label(q: Question) -> str:
    """'id — question' for a select box."""
    return f"{q.qid} — {q.question}"
