"""What a questions file holds, shown on the Evaluate page with an example to download.

One JSON object per line (JSON Lines, UTF-8); the fields are those `core.eval.questions`
reads. The example's lines are checked by the tests to load as questions.

Example:
    >>> from core.eval.questions import Question
    >>> import json
    >>> [Question.from_dict(json.loads(l)).qid for l in example_jsonl().splitlines()]
    ['install-1', 'seed-2']
"""
from __future__ import annotations

import json

FIELDS = (
    ("id", "required: a name for the question, unique in the file"),
    ("question", "required: the question as a user would ask it"),
    ("answer", "the expected answer (scored with *Grade answers*); `answer_aliases`: other spellings"),
    ("answer_patterns", "regular expressions: a retrieved chunk whose text matches one is correct evidence"),
    ("evidence", "pages that answer it: `[{\"file\": \"manual.pdf\", \"page\": 21}]` (PDF page, from 1)"),
    ("supporting_ids", "ids of the gold passages, for passage corpora loaded from JSONL"),
)
NEEDS = "Each question needs `id`, `question` and at least one of the others, so it can be scored."
EXAMPLE = (
    {"id": "install-1", "question": "Which command builds the program after ./configure?", "answer": "make",
     "answer_patterns": [r"\$ make"], "evidence": [{"file": "manual.pdf", "page": 4}]},
    {"id": "seed-2", "question": "What is the default random seed?", "answer": "1527384",
     "answer_patterns": ["1527384"]},
)


def example_jsonl() -> str:
    """The example questions as a JSON Lines file."""
    return "".join(json.dumps(row) + "\n" for row in EXAMPLE)


def format_markdown() -> str:
    """The fields of a questions file as a Markdown list (our own text: no escaping needed)."""
    items = "\n".join(f"- `{name}`: {meaning}" for name, meaning in FIELDS)
    return f"One JSON object per line (JSON Lines, UTF-8). {NEEDS}\n\n{items}"
