"""The Evaluate page's "Train next-hop head": a background run of `train --retriever head`
with progress, then the held-out recall@5 against plain gnn per fold; bad input says why
(AppTest against a small real library)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.learn.head_job import head_fold_rows
from core.ui.head_training import HEAD_JOB_KEY, folds_problem
from tests.app.fixtures import QUESTIONS, write_jsonl
from tests.app.test_evaluate_train import BRIDGE, library_dir, page  # noqa: F401 (the same library and page)

TRAIN_DEADLINE_S = 400  # a child process reading a five-passage library on a busy 2-core machine
ALGORITHM = {"id": "q4", "question": "Who wrote the first published algorithm?", "answer": "Ada Lovelace",
             "supporting_ids": ["p1"]}


def finish(page):
    """Click the head's Train button, wait for the child process's exit (with a deadline), rerun."""
    page.button(key="head_train").click().run()
    assert not page.exception, page.exception
    job = page.session_state[HEAD_JOB_KEY]
    try:
        job.proc.wait(timeout=TRAIN_DEADLINE_S)
    finally:
        job.cancel()
    page.run()
    return job


def test_head_train_waits_for_labelled_questions_and_sane_folds(page, tmp_path):
    assert page.button(key="head_train").disabled
    qfile = write_jsonl(tmp_path / "q.jsonl", [*QUESTIONS, BRIDGE])
    page.text_input(key="eval_qpath").set_value(str(qfile)).run()
    assert [e.value for e in page.error] == ["Held-out folds: 5 folds need at least 5 labelled questions; 3 are loaded."]
    assert page.button(key="head_train").disabled
    page.number_input(key="head_folds").set_value(1).run()
    assert "choose 0" in page.error[0].value and page.button(key="head_train").disabled
    page.number_input(key="head_folds").set_value(2).run()
    assert not page.error and not page.button(key="head_train").disabled


def test_head_trains_in_background_and_shows_recall_against_gnn(page, library_dir, tmp_path):
    qfile = write_jsonl(tmp_path / "q.jsonl", [*QUESTIONS, BRIDGE, ALGORITHM])
    page.text_input(key="eval_qpath").set_value(str(qfile)).run()
    page.number_input(key="head_folds").set_value(2).run()
    job = finish(page)
    log = (library_dir / "models" / "head_train.log").read_text()
    assert job.status().state == "done", log
    assert '"stage": "folds", "done": 2, "total": 2' in log  # the progress the page followed
    assert [s.value for s in page.success][-1].startswith("saved"), log
    table = page.dataframe[-1].value
    assert list(table["fold"]) == ["1", "2", "pooled"]
    assert list(table["held-out questions"]) == [2, 2, 4]
    for column in ("gnn_rerank recall@5", "gnn recall@5"):
        assert table[column].between(0.0, 1.0).all()
    assert (library_dir / "models" / "hop_head" / "head.safetensors").is_file()
    report = json.loads((library_dir / "models" / "hop_head_folds.json").read_text())
    assert set(report["pooled"]) == {"gnn_rerank (head)", "gnn"}


def test_head_training_on_passages_not_in_the_library_fails_with_the_reason(page, library_dir, tmp_path):
    stray = [{"id": f"s{i}", "question": f"Where is passage {i}?", "supporting_ids": [f"nowhere-{i}"]} for i in range(3)]
    page.text_input(key="eval_qpath").set_value(str(write_jsonl(tmp_path / "q.jsonl", stray))).run()
    page.number_input(key="head_folds").set_value(2).run()
    job = finish(page)
    assert job.status().state == "failed"
    assert [e.value.replace("\\", "") for e in page.error] == [  # markdown escapes removed
        "Training failed: error: no question has supporting_ids found in this library; nothing to train on"]


def test_fold_rows_put_each_fold_beside_gnn_and_pool_last(tmp_path):
    metrics = lambda ours, base: {"gnn_rerank (head)": {"recall@5": ours}, "gnn": {"recall@5": base}}  # noqa: E731
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "hop_head_folds.json").write_text(json.dumps({
        "questions": 3, "pooled": metrics(0.75, 0.5),
        "folds": [{"fold": 1, "held_out": 2, "weight": 0.5, "metrics": metrics(1.0, 0.5)},
                  {"fold": 2, "held_out": 1, "weight": 1.0, "metrics": metrics(0.25, 0.5)}]}))
    rows = head_fold_rows(tmp_path)
    assert [(r["fold"], r["gnn_rerank recall@5"], r["gnn recall@5"], r["difference"]) for r in rows] == [
        ("1", 1.0, 0.5, 0.5), ("2", 0.25, 0.5, -0.25), ("pooled", 0.75, 0.5, 0.25)]
    assert head_fold_rows(tmp_path / "none") is None
    assert folds_problem(0, 0) == "" and folds_problem(3, 3) == ""
