"""benchmarks/scan_by_manual.py: per-manual answer_recall@k of two libraries from --details rows."""
import json
from pathlib import Path

import pytest

from tests.bench_scripts import load_script


@pytest.fixture
def mod(monkeypatch):
    return load_script("scan_by_manual", monkeypatch)


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


@pytest.fixture
def files(tmp_path):
    questions = _write(tmp_path / "q.jsonl", [
        {"id": "q1", "evidence": [{"file": "a.pdf", "page": 1}]},
        {"id": "q2", "evidence": [{"file": "a.pdf", "page": 2}]},
        {"id": "q3", "evidence": [{"file": "b.pdf", "page": 1}, {"file": "c.pdf", "page": 1}]},
    ])
    digital = _write(tmp_path / "d.jsonl", [
        {"retriever": "bm25", "id": "q1", "answer_rank": 1},
        {"retriever": "bm25", "id": "q2", "answer_rank": 3},
        {"retriever": "bm25", "id": "q3", "answer_rank": 2},
    ])
    scanned = _write(tmp_path / "s.jsonl", [
        {"retriever": "bm25", "id": "q1", "answer_rank": 7},
        {"retriever": "bm25", "id": "q2", "answer_rank": 3},
        {"retriever": "bm25", "id": "q3", "answer_rank": None},
    ])
    return questions, digital, scanned


def test_per_manual_and_overall_ratio(mod, files):
    questions, digital, scanned = files
    lines = mod.table(mod.manual_of(questions), mod.load_ranks(digital), mod.load_ranks(scanned), 5)
    rows = {ln.split()[0]: ln.split() for ln in lines[1:]}
    assert rows["a.pdf"][2:] == ["2", "1.000", "0.500", "0.50"]
    assert rows["b.pdf"][2:] == ["1", "1.000", "0.000", "0.00"]
    assert rows["ALL"][2:] == ["3", "1.000", "0.333", "0.33"]
    assert lines[-1].startswith("ALL")


def test_files_keeps_questions_whose_evidence_is_all_held(mod, files):
    questions, digital, scanned = files
    manuals = mod.manual_of(questions, {"a.pdf", "b.pdf"})
    assert sorted(manuals) == ["q1", "q2"]  # q3 also needs c.pdf
    changed = mod.changed(manuals, mod.load_ranks(digital), mod.load_ranks(scanned))
    assert len(changed) == 1 and "q1" in changed[0] and "digital 1 scanned 7" in changed[0]
