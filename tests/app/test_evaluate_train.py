"""The Evaluate page's "Train next-hop model": a background run with progress, then the
held-out fold figures and a saved model (AppTest against a small real library)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.learn.train_job import TrainStatus
from core.ui.hop_training import JOB_KEY
from tests.app.fixtures import CORPUS, QUESTIONS, write_jsonl

ROOT = Path(__file__).resolve().parents[2]
TRAIN_DEADLINE_S = 500  # three small fits in a child process on a busy 2-core machine
BRIDGE = {"id": "q3", "question": "Who was the father of the woman who wrote the first published algorithm?",
          "answer": "Lord Byron", "supporting_ids": ["p1", "p2"]}


@pytest.fixture(scope="module")
def library_dir(tmp_path_factory, embedder):
    """A data dir holding the five-passage corpus."""
    from core.config import Settings
    from core.library import Library

    root = tmp_path_factory.mktemp("train")
    lib = Library(Settings.load(root / "data", env={}), embedder=embedder)
    lib.add_corpus(write_jsonl(root / "corpus.jsonl", CORPUS))
    lib.catalog.close()
    return root / "data"


@pytest.fixture
def page(library_dir, monkeypatch, tmp_path_factory):
    """The Evaluate page on the module's library."""
    monkeypatch.setenv("FOLIO_DATA_DIR", str(library_dir))
    monkeypatch.setenv("FOLIO_IMPORT_ROOTS", str(tmp_path_factory.getbasetemp()))
    at = AppTest.from_file(str(ROOT / "app_pages/evaluate.py"), default_timeout=240)
    at.run()
    assert not at.exception, at.exception
    return at


def test_train_button_waits_for_labelled_questions(page):
    assert page.button(key="hop_train").disabled
    assert any("supporting_ids" in c.value for c in page.caption)


def test_train_runs_in_background_and_shows_fold_figures(page, library_dir, tmp_path):
    qfile = write_jsonl(tmp_path / "q.jsonl", [*QUESTIONS, BRIDGE])
    page.text_input(key="eval_qpath").set_value(str(qfile)).run()
    page.number_input(key="hop_folds").set_value(2).run()
    page.number_input(key="hop_layers").set_value(1).run()
    page.button(key="hop_train").click().run()
    assert not page.exception, page.exception
    job = page.session_state[JOB_KEY]
    try:
        page.run()  # the rerun that follows the click: no second run while this one lasts
        assert page.button(key="hop_train").disabled or job.status().state != "running"
        job.proc.wait(timeout=TRAIN_DEADLINE_S)  # the child process's exit, with a deadline
    finally:
        job.cancel()
    page.run()
    log = (library_dir / "models" / "hop_train.log").read_text()
    assert job.status().state == "done", log
    assert [s.value for s in page.success][-1].startswith("saved"), log
    table = page.dataframe[-1].value  # the only table: no leaderboard was asked for
    assert set(table["retriever"]) == {"iier (learned)", "iier (hand)"}
    assert table.loc[table["retriever"] == "iier (learned)", "folds"].item() == 2
    assert 0.0 <= table["recall@5"].min() and table["recall@5"].max() <= 1.0
    assert (library_dir / "models" / "hop" / "model.safetensors").is_file()
    report = json.loads((library_dir / "models" / "hop_folds.json").read_text())
    assert [f["held_out"] for f in report["folds"]] == [2, 1]
    assert not page.button(key="hop_train").disabled


def test_status_reads_progress_fractions():
    assert TrainStatus("running", "folds", 1, 2).fraction == pytest.approx(0.425)
    assert TrainStatus("running", "train", 0, 1).fraction == pytest.approx(0.85)
    assert TrainStatus("done").fraction == 1.0
