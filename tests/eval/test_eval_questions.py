"""Reading and validating question files."""
import json

import pytest

from core.errors import IngestError
from core.eval.questions import Question, read_questions, parse_questions


def _write(tmp_path, rows):
    path = tmp_path / "q.jsonl"
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n")
    return path


def test_load_valid_file(tmp_path):
    path = _write(tmp_path, [
        {"id": "a", "question": " Who? ", "answer": "Hall", "answer_aliases": ["S. Hall"],
         "supporting_ids": ["p1", "p2"], "hops": 2},
        "",
        {"id": 7, "question": "Which mode?", "answer_patterns": ["PRESERVE_K_PLANE"]},
    ])
    qs = read_questions(path)
    assert qs[0] == Question("a", "Who?", "Hall", ("S. Hall",), ("p1", "p2"), ())
    assert qs[1].qid == "7" and qs[1].has_answers and not qs[1].has_gold


@pytest.mark.parametrize("row, message", [
    ("{not json", "line 1: not valid JSON"),
    ({"question": "x", "answer": "y"}, "line 1: missing 'id'"),
    ({"id": "q", "answer": "y"}, "line 1: question q: missing 'question'"),
    ({"id": "q", "question": "x"}, "needs 'supporting_ids' or an answer"),
    ({"id": "q", "question": "x", "supporting_ids": "p1"}, "'supporting_ids' must be a list"),
    ({"id": "q", "question": "x", "answer_patterns": ["(unclosed"]}, "is not a regex"),
])
def test_bad_lines_name_the_problem(tmp_path, row, message):
    with pytest.raises(IngestError, match=message.replace("(", r"\(")):
        read_questions(_write(tmp_path, [row]))


def test_duplicates_empty_and_missing_file(tmp_path):
    row = {"id": "q", "question": "x", "answer": "y"}
    with pytest.raises(IngestError, match="line 2: duplicate question id 'q'"):
        parse_questions([json.dumps(row), json.dumps(row)])
    with pytest.raises(IngestError, match="no questions found"):
        parse_questions(["", "  "])
    with pytest.raises(IngestError, match="questions file not found"):
        read_questions(tmp_path / "absent.jsonl")
