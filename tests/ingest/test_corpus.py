"""JSONL passage corpora: grouping by title, errors with line numbers, chunks."""
from __future__ import annotations

import json

import pytest

from core.errors import IngestError
from core.ingest.corpus import CorpusDocument, corpus_chunks, read_corpus


def _write(path, rows):
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n", "utf-8")
    return path


def test_groups_by_title_in_file_order(tmp_path):
    path = _write(tmp_path / "c.jsonl", [
        {"id": "p1", "title": "B", "text": "b one"},
        {"id": "p2", "title": "A", "text": "a one"},
        "",
        {"id": "p3", "title": "B", "text": "b two"},
    ])
    assert read_corpus(path) == [
        CorpusDocument("B", (("p1", "b one"), ("p3", "b two"))),
        CorpusDocument("A", (("p2", "a one"),)),
    ]


def test_bad_json_names_line(tmp_path):
    path = _write(tmp_path / "c.jsonl", [{"id": "p1", "title": "A", "text": "x"}, "{not json"])
    with pytest.raises(IngestError, match="line 2: not valid JSON"):
        read_corpus(path)


def test_missing_field_names_line_and_field(tmp_path):
    path = _write(tmp_path / "c.jsonl", [{"id": "p1", "text": "x"}])
    with pytest.raises(IngestError, match="line 1: missing field\\(s\\) title"):
        read_corpus(path)


def test_corpus_chunks_one_per_passage():
    doc = CorpusDocument("Paris", (("p1", "Paris is big."), ("p2", "It has a river.")))
    sections, chunks = corpus_chunks("d9", doc)
    assert len(sections) == 1 and sections[0].heading_path == ("Paris",)
    assert [(c.source_id, c.text, c.embed_text, c.position) for c in chunks] == [
        ("p1", "Paris is big.", "Paris\nParis is big.", 0),
        ("p2", "It has a river.", "Paris\nIt has a river.", 1),
    ]
    assert all(c.heading_path == ("Paris",) and c.section_id == sections[0].section_id for c in chunks)
