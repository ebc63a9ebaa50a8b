"""`python -m core train --retriever head`: bad fold counts are refused with the range, and
a run without folds saves the head gnn_rerank loads (in-process, on the five-passage corpus)."""
from __future__ import annotations

import pytest

from core.errors import ConfigError, NotFound
from core.learn.head_cli import train_head_cli
from core.learn.hop_head import HopHead
from tests.app.fixtures import CORPUS, QUESTIONS, write_jsonl
from tests.app.test_evaluate_train import BRIDGE


def test_head_cli_checks_folds_then_trains_and_saves(tmp_path, embedder, capsys):
    from core.config import Settings
    from core.library import Library

    lib = Library(Settings.load(tmp_path / "data", env={}), embedder=embedder)
    lib.add_corpus(write_jsonl(tmp_path / "corpus.jsonl", CORPUS))
    questions = write_jsonl(tmp_path / "q.jsonl", [*QUESTIONS, BRIDGE])
    for folds in (1, 4, -2):
        with pytest.raises(ConfigError, match=rf"--folds {folds}: choose 0 \(none\) or 2\.\.3$"):
            train_head_cli(lib, questions, seed=0, folds=folds)
    stray = write_jsonl(tmp_path / "stray.jsonl", [{"id": "s", "question": "Where?", "supporting_ids": ["nowhere"]}])
    with pytest.raises(NotFound, match="no question has supporting_ids found in this library"):
        train_head_cli(lib, stray, seed=0, folds=0)
    assert HopHead.load(lib.settings.data_dir) is None  # nothing written by the refusals
    train_head_cli(lib, questions, seed=0, folds=0)
    assert "gnn_rerank uses it from now on" in capsys.readouterr().out
    assert HopHead.load(lib.settings.data_dir).record["questions"] == 3
