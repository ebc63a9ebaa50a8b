"""GNN-Ret's per-layer alpha, the paper's unclamped update, and RGNN-Ret's trainable beta."""
import dataclasses
import json

import numpy as np
import pytest

from core.errors import ConfigError, NeedsLLM
from core.retrieve.base import make_retriever
from core.retrieve.gnn import propagate
from core.retrieve.gnn_fit import fit_params, rgnn_loss, step_targets
from core.retrieve.gnn_params import layer_alphas
from core.retrieve.gnn_train import train_gnn, train_rgnn
from core.retrieve.graph_common import GraphSession
from core.retrieve.train import LabelledQuestion

from tests.retrieve.harbour import QUESTION, harbour_library
from tests.retrieve.test_graph_retrievers import FakeLLM, _ids


def _with(lib, **retrieve):
    lib.settings = dataclasses.replace(lib.settings, retrieve=dataclasses.replace(lib.settings.retrieve, **retrieve))
    return lib


@pytest.fixture
def lib(tmp_path):
    return harbour_library(tmp_path)


def test_layer_alphas_repeat_the_last_and_reject_bad_values():
    assert layer_alphas((), 0.5, 3) == (0.5, 0.5, 0.5)
    assert layer_alphas((0.2, 0.8), 0.5, 3) == (0.2, 0.8, 0.8)
    assert layer_alphas(["0.3"], 0.5, 1) == (0.3,)
    with pytest.raises(ConfigError, match="gnn_alphas"):
        layer_alphas((0.2, 1.5), 0.5, 2)


def test_per_layer_alpha_is_used_layer_by_layer(lib):
    state = GraphSession(lib.context()).query(QUESTION)
    # alpha 1.0 in layer 1 changes nothing, so [1.0, a] over two layers equals a over one layer
    two, _ = propagate(state, (1.0, 0.3), top_k=3, layers=2)
    one, _ = propagate(state, 0.3, top_k=3, layers=1)
    assert np.allclose(np.nan_to_num(two, posinf=9), np.nan_to_num(one, posinf=9))
    still, hops = propagate(state, (1.0, 1.0), top_k=3, layers=2)
    assert hops == []
    note = make_retriever("gnn", _with(lib, gnn_layers=2, gnn_alphas=(0.6, 0.9)).context()).retrieve(QUESTION, k=3).notes
    assert note == ("alpha=[0.600, 0.900] per-layer setting",)


def test_paper_update_can_push_a_passage_down_the_clamp_cannot(lib):
    state = GraphSession(lib.context()).query(QUESTION)
    clamped, _ = propagate(state, 0.5, top_k=5, layers=1, clamp=True)
    paper, _ = propagate(state, 0.5, top_k=5, layers=1, clamp=False)
    finite = np.isfinite(clamped)
    assert np.all(clamped[finite] <= paper[finite] + 1e-12)
    assert np.any(paper[finite] > clamped[finite] + 1e-9)  # a receiver whose best message was farther


def test_fit_params_descends_and_stops_on_a_rising_loss():
    best, run = fit_params(lambda p: (p[0] - 0.3) ** 2 + abs(p[1] - 0.7), (0.1, 0.1), lr=0.2)
    assert best == pytest.approx((0.3, 0.7), abs=0.02)
    calls = []

    def rising(p):  # every evaluation is worse than the last, whatever the step does
        calls.append(p)
        return len(calls) + p[0]
    _, run = fit_params(rising, (0.1,), lr=1.0, iterations=50)
    assert run["iterations"] == 6  # the first step has nothing to rise from; then five rises


def test_rgnn_labels_follow_the_paper_and_beta_fits_a_misleading_step():
    step1 = np.array([0.1, 0.2, 0.5, 0.6, 0.7, 0.8, 0.4])
    step2 = np.array([0.9, 0.35, 0.1, 0.3, 0.3, 0.3, 0.3])  # a bad sub-question: gold node 1 sixth
    targets = step_targets([step1, step2], np.array([0, 1]))
    assert [t.tolist() for t in targets] == [[0, 1], [1]]
    loss = rgnn_loss([([step1, step2], np.array([0, 1]))])
    (beta,), _ = fit_params(loss, (1.0,))
    assert beta < 1.0 and loss((beta,)) < loss((1.0,))


def test_train_gnn_writes_per_layer_alphas_that_gnn_reads(lib):
    review, society = _ids(lib, "Harbour Review", "Marlow Society")
    _with(lib, gnn_layers=2)
    out = lib.settings.data_dir / "models"
    record = train_gnn(lib.context(), [LabelledQuestion(QUESTION, (review, society))], out)
    saved = json.loads((out / "gnn.json").read_text())
    assert len(saved["alphas"]) == 2 and all(0.0 <= a <= 1.0 for a in saved["alphas"])
    assert record["questions"] == 1
    notes = make_retriever("gnn", lib.context()).retrieve(QUESTION, k=3).notes
    assert notes[0].endswith("trained (gnn.json)")


def test_train_rgnn_needs_an_llm_and_writes_beta_rgnn_reads(lib):
    review, society = _ids(lib, "Harbour Review", "Marlow Society")
    questions = [LabelledQuestion(QUESTION, (review, society))]
    out = lib.settings.data_dir / "models"
    with pytest.raises(NeedsLLM, match="FOLIO_LLM_MODEL"):
        train_rgnn(lib.context(), questions, out)
    llm = FakeLLM("Which society publishes the Harbour Review?", "The Marlow Society.", "No",
                  "Who founded the Marlow Society?", "Edith Crane.", "Yes")
    record = train_rgnn(lib.context(llm), questions, out)
    assert 0.0 <= record["beta"] <= 1.0 and record["questions"] == 1
    again = FakeLLM("Who founded the Marlow Society?", "Edith Crane.", "Yes")
    notes = make_retriever("rgnn", lib.context(again)).retrieve(QUESTION, k=3).notes
    assert notes[1] == f"beta={record['beta']:.3f} trained (rgnn.json)"
    off = _with(lib, rgnn_trained_beta=False).context(FakeLLM("Who?", "Crane.", "Yes"))
    assert make_retriever("rgnn", off).retrieve(QUESTION, k=3).notes[1] == "beta=0.900 setting"
