"""Labelled question sets (JSON Lines): read and validate.

One question per line, as in the benchmark README:

    {"id": "q1", "question": "...", "answer": "...", "answer_aliases": ["..."],
     "supporting_ids": ["passage-1"], "answer_patterns": ["regex"]}

`id` and `question` are required; a question needs gold evidence (`supporting_ids`), an
answer (`answer`, `answer_aliases`, `answer_patterns`) or evidence pages
(`"evidence": [{"file": "manual.pdf", "page": 21}]`, physical pages), otherwise it cannot be
scored.

Example:
    >>> q = Question.from_dict({"id": "q1", "question": "Who?", "answer": "Hall"})
    >>> q.has_answers, q.has_gold
    (True, False)
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from core.errors import IngestError


@dataclass(frozen=True)
class Question:
    """A labelled question: gold passage ids and/or answer strings and regex patterns."""

    qid: str
    question: str
    answer: str = ""
    answer_aliases: tuple[str, ...] = ()
    supporting_ids: tuple[str, ...] = ()
    answer_patterns: tuple[str, ...] = ()
    short_answers: tuple[tuple[str, ...], ...] = ()  # required parts, each a tuple of spellings
    evidence: tuple[tuple[str, int], ...] = ()  # (file name, physical 1-based page)

    @property
    def has_gold(self) -> bool:
        """True when the question names its supporting passages."""
        return bool(self.supporting_ids)

    @property
    def has_answers(self) -> bool:
        """True when an answer, an alias or an answer pattern is given."""
        return bool(self.answer.strip() or self.answer_aliases or self.answer_patterns or self.short_answers)

    @property
    def has_pages(self) -> bool:
        """True when the question names evidence files and pages (for page_hit@k)."""
        return bool(self.evidence)

    @staticmethod
    def from_dict(row: Mapping[str, Any]) -> "Question":
        """Build and validate a question; ValueError names the bad field."""
        if not isinstance(row, Mapping):
            raise ValueError("each line must be a JSON object")
        qid, text = row.get("id"), row.get("question")
        if not isinstance(qid, (str, int)) or str(qid).strip() == "":
            raise ValueError("missing 'id'")
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"question {qid}: missing 'question' text")
        answer = row.get("answer") or ""
        if not isinstance(answer, str):
            answer = str(answer)
        q = Question(
            qid=str(qid),
            question=text.strip(),
            answer=answer,
            answer_aliases=_strings(row, "answer_aliases", qid),
            supporting_ids=_strings(row, "supporting_ids", qid),
            answer_patterns=_strings(row, "answer_patterns", qid),
            short_answers=_parts(row, qid),
            evidence=_evidence(row, qid),
        )
        for pattern in q.answer_patterns:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"question {qid}: answer pattern {pattern!r} is not a regex ({exc})") from exc
        if not (q.has_gold or q.has_answers or q.has_pages):
            raise ValueError(f"question {qid}: needs 'supporting_ids' or an answer (or 'evidence' pages) to be scored")
        return q


def _strings(row: Mapping[str, Any], key: str, qid: object) -> tuple[str, ...]:
    """A list-of-strings field as a tuple (absent or null -> empty)."""
    value = row.get(key)
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, (str, int)) for v in value):
        raise ValueError(f"question {qid}: {key!r} must be a list of strings")
    return tuple(str(v) for v in value if str(v).strip())


def _parts(row: Mapping[str, Any], qid: object) -> tuple[tuple[str, ...], ...]:
    """`short_answers`: a list of parts, each a non-empty list of accepted spellings."""
    value = row.get("short_answers")
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(p, list) and p and all(isinstance(s, str) for s in p)
                                              for p in value):
        raise ValueError(f"question {qid}: 'short_answers' must be a list of lists of strings")
    return tuple(tuple(s for s in part if s.strip()) for part in value)


def _evidence(row: Mapping[str, Any], qid: object) -> tuple[tuple[str, int], ...]:
    """The `evidence` list as (file, page) pairs; entries without a file and page are skipped."""
    value = row.get("evidence") or []
    if not isinstance(value, list):
        raise ValueError(f"question {qid}: 'evidence' must be a list of {{\"file\", \"page\"}} objects")
    out = []
    for item in value:
        if isinstance(item, Mapping) and item.get("file") and item.get("page") is not None:
            try:
                out.append((str(item["file"]), int(item["page"])))
            except (TypeError, ValueError):
                raise ValueError(f"question {qid}: evidence page {item['page']!r} is not a number") from None
    return tuple(out)


def parse_questions(lines: Sequence[str], source: str = "<questions>") -> list[Question]:
    """Parse JSON Lines text (blank lines skipped); IngestError names the line and the problem."""
    out: list[Question] = []
    seen: set[str] = set()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            q = Question.from_dict(json.loads(line))
        except json.JSONDecodeError as exc:
            raise IngestError(source, f"line {number}: not valid JSON ({exc.msg})") from exc
        except ValueError as exc:
            raise IngestError(source, f"line {number}: {exc}") from exc
        if q.qid in seen:
            raise IngestError(source, f"line {number}: duplicate question id {q.qid!r}")
        seen.add(q.qid)
        out.append(q)
    if not out:
        raise IngestError(source, "no questions found; expected one JSON object per line")
    return out


def read_questions(path: str | Path) -> list[Question]:
    """Read and validate a questions JSONL file."""
    p = Path(path)
    if not p.is_file():
        raise IngestError(str(p), "questions file not found")
    return parse_questions(p.read_text("utf-8").splitlines(), source=str(p))
