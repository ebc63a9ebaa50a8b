"""The next-hop cross-encoder is loaded once per saved model, not once per question:
`Library.retrieve` builds iier, kgp and gnn_rerank anew for every question, and each used
to load the model again (~300 ms a question on a busy machine)."""
from __future__ import annotations

import os

import pytest

from core.learn.held_scorer import held_scorer
from core.learn.hop_model import WEIGHTS, HopScorer, HopShape, build_network, model_dir
from core.retrieve.gnn_rerank import GNNRerankRetriever
from core.retrieve.iier import IIERRetriever
from core.retrieve.kgp import KGPRetriever
from tests.retrieve.harbour import harbour_library

SMALL = HopShape(layers=1, max_length=64, path_words=20, candidate_words=20)


@pytest.fixture
def lib(tmp_path):
    return harbour_library(tmp_path)


def save_model(data_dir, seed: int) -> None:
    """An untrained one-layer model (weights from `seed`) saved where the retrievers look."""
    HopScorer(build_network(SMALL, seed), HopScorer.tokenizer_for(), SMALL, {"seed": seed}).save(data_dir)


def test_every_learned_retriever_shares_one_loaded_model_until_it_is_retrained(lib):
    data_dir = lib.settings.data_dir
    assert held_scorer(data_dir) is None
    save_model(data_dir, seed=0)
    ctx = lib.context()
    first = IIERRetriever(ctx).learned
    assert first is not None and first.record == {"seed": 0}
    assert KGPRetriever(ctx).learned is first  # built anew, as Library.retrieve does per question
    assert GNNRerankRetriever(ctx).learned is first  # no feature head: the cross-encoder
    assert IIERRetriever(ctx).learned is first
    weights = model_dir(data_dir) / WEIGHTS
    before = weights.stat().st_mtime_ns
    save_model(data_dir, seed=1)  # retrained: the next question reads the new files
    os.utime(weights, ns=(before + 10**9, before + 10**9))  # a distinct stamp even on a coarse clock
    again = IIERRetriever(ctx).learned
    assert again is not first and again.record == {"seed": 1}


def test_a_removed_model_is_no_longer_used(lib):
    save_model(lib.settings.data_dir, seed=0)
    assert IIERRetriever(lib.context()).learned is not None
    for f in model_dir(lib.settings.data_dir).iterdir():
        f.unlink()
    assert IIERRetriever(lib.context()).learned is None
