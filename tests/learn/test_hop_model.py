"""The learned next-hop cross-encoder: learns a bridge rule, saves without pickles,
trains the same with the same seed, and the retrievers fall back with a note without it."""
import dataclasses

import numpy as np
import pytest

from core.learn.hop_data import DataShape, HopExample, build_examples
from core.learn.hop_model import CONFIG, WEIGHTS, HopScorer, HopShape, model_dir
from core.learn.hop_train import TrainShape, fit
from core.retrieve.iier import IIERRetriever, NextHopScorer, hop_features
from core.retrieve.gnn_rerank import WEIGHT_GRID as GRID
from core.retrieve.kgp import KGPRetriever
from core.retrieve.train import LabelledQuestion
from tests.graph.doubles import HashEmbedder
from tests.learn.bridge_world import examples, worlds

SMALL = HopShape(layers=1, max_length=64, path_words=20, candidate_words=20)
from tests.retrieve.harbour import QUESTION, harbour_library


@pytest.fixture(scope="module")
def bridge_model():
    """A one-layer model trained on 32 generated worlds (a few CPU seconds)."""
    scorer, record = fit(examples(worlds(32, seed=1)), TrainShape(epochs=4, batch=8, lr=2e-4, head_lr=2e-3),
                         SMALL, seed=0)
    return scorer, record


def hand_choice(w: dict, candidates: list[str]) -> int:
    """The hand-set linear scorer's pick (bag-of-words vectors for relevance and path similarity)."""
    emb = HashEmbedder()
    q, path, cands = emb.embed_query(w["question"]), emb.embed_query(w["path"]), emb.embed(candidates)
    feats = hop_features(cands @ q, 1.0, cands @ path, ["keyword"] * len(candidates))
    return int(np.argmax(NextHopScorer().score(feats)))


def test_learns_a_bridge_named_only_in_the_text(bridge_model):
    scorer, record = bridge_model
    filler = "Kelso: Kelso is a market town on the river Tweed."
    held_out = worlds(12, seed=2)  # names never seen in training
    learned = hand = 0
    for w in held_out:
        cands = [w["right"], w["wrong"], filler]
        learned += int(np.argmax(scorer.score(w["question"], [w["path"]], cands))) == 0
        hand += hand_choice(w, cands) == 0
    assert hand == 0  # the decoy repeats the item and the question's words: relevance picks it
    assert learned >= 11, record


def test_saved_model_has_no_pickles_and_loads_the_same(bridge_model, tmp_path):
    scorer, _ = bridge_model
    folder = scorer.save(tmp_path)
    assert sorted(p.name for p in folder.iterdir()) == sorted([CONFIG, WEIGHTS])
    for p in folder.iterdir():
        assert not p.read_bytes().startswith(b"\x80"), f"{p.name} looks like a pickle"
    w = worlds(1, seed=3)[0]
    cands = [w["right"], w["wrong"]]
    again = HopScorer.load(tmp_path)
    assert np.allclose(again.score(w["question"], [w["path"]], cands),
                       scorer.score(w["question"], [w["path"]], cands), atol=1e-5)


def test_same_seed_same_weights(tmp_path):
    pairs = examples(worlds(4, seed=5))
    train = TrainShape(epochs=1, batch=4)
    blobs = []
    for run, seed in (("a", 7), ("b", 7), ("c", 8)):
        scorer, _ = fit(pairs, train, SMALL, seed=seed)
        blobs.append((scorer.save(tmp_path / run) / WEIGHTS).read_bytes())
    assert blobs[0] == blobs[1]
    assert blobs[0] != blobs[2]


def test_training_needs_both_labels():
    with pytest.raises(ValueError, match="both positive and negative"):
        fit([HopExample("q", (), "c", 1.0)], TrainShape(epochs=1), SMALL)


@pytest.fixture
def lib(tmp_path):
    return harbour_library(tmp_path)


def chunk_of(lib, title):
    doc = next(d for d in lib.catalog.documents() if d.title == title)
    return lib.catalog.doc_chunks(doc.doc_id)[0].chunk_id


def test_retrievers_fall_back_with_a_note_without_a_model(lib):
    assert HopScorer.load(lib.settings.data_dir) is None
    iier = IIERRetriever(lib.context()).retrieve(QUESTION, k=3)
    assert iier.notes[0].startswith("no learned next-hop model in the data dir")
    kgp = KGPRetriever(lib.context()).retrieve(QUESTION, k=3)
    assert kgp.notes[0].startswith("no LLM configured and no learned next-hop model")
    assert len(iier.chunks) == 3 and len(kgp.chunks) == 3


def test_pairs_from_the_graph_label_the_bridge(lib):
    review, society = chunk_of(lib, "Harbour Review"), chunk_of(lib, "Marlow Society")
    pairs = build_examples(lib.context(), [LabelledQuestion(QUESTION, (review, society))], DataShape(), seed=0)
    from_society = [p for p in pairs if p.path and p.path[0].startswith("Marlow Society: ")]
    assert {p.candidate.split(":")[0]: p.label for p in from_society} == {
        "Harbour Review": 1.0, "Edith Crane": 0.0}  # the other gold chunk; a neighbour off the chain
    assert {p.candidate.split(":")[0] for p in pairs if not p.path and p.label == 1.0} == {
        "Harbour Review", "Marlow Society"}
    assert any(not p.path and p.label == 0.0 for p in pairs)  # search hits that are not gold


def test_retrievers_load_a_trained_model(lib, bridge_model):
    scorer, _ = bridge_model
    scorer.save(lib.settings.data_dir)
    assert model_dir(lib.settings.data_dir).is_dir()
    iier = IIERRetriever(lib.context()).retrieve(QUESTION, k=3)
    assert iier.notes[0].startswith("learned next-hop cross-encoder")
    kgp = KGPRetriever(lib.context()).retrieve(QUESTION, k=3)
    assert "learned next-hop cross-encoder" in kgp.notes[0]
    assert len(iier.chunks) == 3 and len(kgp.chunks) == 3


def test_train_command_saves_a_model_the_retrievers_load(lib, capsys):
    from core.errors import ConfigError
    from core.learn.hop_cli import train_hop_command

    review, society = chunk_of(lib, "Harbour Review"), chunk_of(lib, "Marlow Society")
    questions = [LabelledQuestion(QUESTION, (review, society))]
    with pytest.raises(ConfigError, match="choose 1-6"):
        train_hop_command(lib.context(), questions, lib.settings.data_dir, seed=0, layers=9, epochs=1)
    train_hop_command(lib.context(), questions, lib.settings.data_dir, seed=0, layers=1, epochs=1)
    assert '"model_bytes"' in capsys.readouterr().out
    record = HopScorer.load(lib.settings.data_dir).record
    assert record["questions"] == 1
    from core.learn.hop_head import HopHead
    assert HopHead.load(lib.settings.data_dir).record["questions"] == 1  # the feature head too
    assert record["rerank_weight"] in GRID and set(record["rerank_curve"]) == {str(w) for w in GRID}
