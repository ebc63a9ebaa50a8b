"""The next-hop head: bridge features, learns the bridge on generated worlds and ranks it
on unseen ones, saves without pickles, same seed same weights, gnn_rerank falls back."""
import json

import numpy as np
import pytest

from core.learn.head_fit import fit_two, read_samples, train_head
from core.learn.hop_features import NAMES, title_core
from core.learn.hop_head import CONFIG, WEIGHTS, HopHead, QuestionView, head_dir
from core.retrieve.gnn import GNNRetriever, propagate
from core.retrieve.gnn_rerank import GNNRerankRetriever
from core.retrieve.train import LabelledQuestion
from tests.graph.doubles import MiniLibrary
from tests.learn.bridge_world import worlds
from tests.retrieve.harbour import QUESTION, harbour_library


def chunk_of(lib, title):
    doc = next(d for d in lib.catalog.documents() if d.title == title)
    return lib.catalog.doc_chunks(doc.doc_id)[0].chunk_id


def test_title_core_drops_the_disambiguation():
    assert title_core("West Chicago, Illinois") == "west chicago"
    assert title_core("Hello Love (song)") == "hello love"


def test_a_title_named_in_the_path_is_a_bridge_feature(tmp_path):
    lib = harbour_library(tmp_path)
    ctx = lib.context()
    gnn = GNNRetriever(ctx)
    state = gnn.session.query(QUESTION)
    dist, _ = propagate(state, gnn.alpha, gnn.top_k, gnn.layers)
    view = QuestionView(ctx, state, dist, depth=6)
    review = chunk_of(lib, "Harbour Review")
    cands, rows = view.rows([review])
    col = NAMES.index("title_in_path")
    by_title = {c.doc_title: rows[cands.index(c.chunk_id), col] for c in ctx.catalog.chunks(cands)}
    assert by_title["Marlow Society"] == 1.0  # "published by the Marlow Society"
    assert by_title["Dunmore Gazette"] == 0.0


def bridge_library(tmp_path, n: int, seed: int):
    """n generated worlds in one library; questions labelled with item and maker pages."""
    lib = MiniLibrary(tmp_path)
    questions = []
    for w in worlds(n, seed):
        for page in ("path", "right", "wrong"):
            title, text = w[page].split(": ", 1)
            lib.add(title, text)
        questions.append(LabelledQuestion(w["question"], (chunk_of(lib, w["path"].split(":")[0]),
                                                         chunk_of(lib, w["right"].split(":")[0]))))
    return lib, questions


@pytest.fixture(scope="module")
def bridge(tmp_path_factory):
    lib, questions = bridge_library(tmp_path_factory.mktemp("bridge"), 24, seed=3)
    return lib, questions[:16], questions[16:]


def recall_at(retriever, questions, k):
    return np.mean([len(set(q.gold) & {c.chunk.chunk_id for c in retriever.retrieve(q.question, k=k).chunks})
                    / len(q.gold) for q in questions])


def test_learns_the_bridge_and_ranks_it_on_unseen_worlds(bridge):
    lib, train, held = bridge
    ctx = lib.context()
    head = train_head(ctx, train, seed=0)
    learned = recall_at(GNNRerankRetriever(ctx, learned=head, weight=1e6), held, 2)
    plain = recall_at(GNNRerankRetriever(ctx, learned=None), held, 2)
    assert learned == 1.0 and learned > plain  # the decoy outranks the maker on relevance alone
    assert head.record["coef"]["title_in_path"] > 0


def test_saved_head_has_no_pickles_loads_the_same_and_is_deterministic(bridge, tmp_path):
    lib, train, held = bridge
    ctx = lib.context()
    head = train_head(ctx, train, seed=0)
    folder = head.save(tmp_path)
    assert sorted(f.name for f in folder.iterdir()) == sorted([WEIGHTS, CONFIG])
    assert json.loads((folder / CONFIG).read_text())["features"] == list(NAMES)
    loaded = HopHead.load(tmp_path)
    rows = read_samples(ctx, held)[0].rows
    assert np.array_equal(loaded.probability(rows), head.probability(rows))
    assert np.array_equal(loaded.second.coef, head.second.coef)
    again = fit_two(read_samples(ctx, train), seed=0)
    assert np.array_equal(again.coef, head.coef) and np.array_equal(again.second.coef, head.second.coef)


def test_gnn_rerank_falls_back_with_a_note_and_rejects_other_features(tmp_path):
    lib = harbour_library(tmp_path)
    assert HopHead.load(lib.settings.data_dir) is None
    result = GNNRerankRetriever(lib.context()).retrieve(QUESTION, k=3)
    assert "no learned next-hop model" in result.notes[-1] and len(result.chunks) == 3
    folder = head_dir(lib.settings.data_dir)
    folder.mkdir(parents=True)
    HopHead(np.zeros(2), np.ones(2), np.zeros(2), 0.0, {}).save(lib.settings.data_dir)
    meta = json.loads((folder / CONFIG).read_text())
    (folder / CONFIG).write_text(json.dumps(dict(meta, features=["old"])))
    with pytest.raises(ValueError, match="trained on other features"):
        HopHead.load(lib.settings.data_dir)
