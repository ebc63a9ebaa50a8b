"""The bridge step: a second-hop chunk that only the entity named in the first-hop chunk
leads to (no graph edge, none of the question's words) joins the head's candidates, and a
head trained with it ranks that chunk on unseen worlds."""
import random

import numpy as np

from core.learn.head_fit import train_head
from core.learn.hop_bridge import BRIDGE_NAMES, phrases, shifted
from core.learn.hop_features import NAMES
from core.learn.hop_head import QuestionView
from core.retrieve.gnn import GNNRetriever, propagate
from core.retrieve.gnn_rerank import GNNRerankRetriever
from tests.learn.bridge_world import name, world_library


def chain_world(rng: random.Random) -> dict:
    """A film's page names its director (no page is titled by him); his other picture's page
    names him but none of the question's words; two decoys carry the question's words."""
    film, first, last, other, star, d1, d2 = (name(rng) for _ in range(7))
    return {"question": f"Who starred in the picture written by the director of {film}?",
            "first": (film, f"{film} is a drama film; its director was {first} {last}."),
            "second": (other, f"{other} is a silent picture by {first} {last}, starring {star}."),
            "decoys": [(d, f"{d} starred in a picture written by the director of a drama.") for d in (d1, d2)]}


def chain_library(tmp_path, n: int, seed: int):
    """n worlds in one library with no keyword or semantic edges (only the text bridges)."""
    def make(rng):
        w = chain_world(rng)
        return w["question"], [w["first"], w["second"], *w["decoys"]]
    return world_library(tmp_path, n, seed, make, 2)


def view_of(lib, question: str, bridge: int) -> QuestionView:
    gnn = GNNRetriever(lib.context())
    state = gnn.session.query(question)
    dist, _ = propagate(state, gnn.alpha, gnn.top_k, gnn.layers)
    return QuestionView(lib.context(), state, dist, depth=10, bridge=bridge)


def test_phrases_keep_the_bridge_and_drop_what_the_question_names():
    assert phrases("Jump for Glory is a film directed by Raoul Walsh.", {"jump", "glory"}) == ["Raoul Walsh"]
    assert phrases("The Vienna Walzer Orchestra plays.", set()) == ["Vienna Walzer Orchestra"]


def test_shifted_query_and_unanswered_part_on_hand_computed_vectors():
    q = np.array([1.0, 0.0, 0.0])
    shift, resid = shifted(q, np.array([[0.0, 2.0, 0.0], [1.0, 0.0, 0.0]]))
    assert np.allclose(shift[0], [1 / np.sqrt(2), 1 / np.sqrt(2), 0])  # q + p, p normalised first
    assert np.allclose(resid[0], [1, 0, 0]) and np.allclose(resid[1], 0)  # p answers all of q
    assert set(BRIDGE_NAMES) <= set(NAMES)


def test_the_bridge_step_finds_the_chunk_no_edge_and_no_question_word_reaches(tmp_path):
    lib, questions = chain_library(tmp_path, 8, seed=5)
    found = {0: 0, 5: 0}
    for q in questions:
        first, second = q.gold
        for bridge in found:
            view = view_of(lib, q.question, bridge)
            assert first in view.top[:3]  # the film's page is a first hop gnn finds
            found[bridge] += second in view.candidates(view.top[:3])
    assert found[0] < len(questions) // 2  # without the step most second hops are out of reach
    assert found[5] == len(questions)


def test_a_head_trained_with_the_bridge_step_ranks_the_second_hop_on_unseen_worlds(tmp_path):
    lib, questions = chain_library(tmp_path, 24, seed=9)
    ctx = lib.context()
    train, held = questions[:16], questions[16:]
    head = train_head(ctx, train, seed=0, bridge=5)
    assert head.record["bridge_hits"] == 5 and head.record["coef"]["phrase_shared"] > 0

    def recall(retriever, k=2):
        return np.mean([len(set(q.gold) & {c.chunk.chunk_id for c in retriever.retrieve(q.question, k=k).chunks})
                        / 2 for q in held])
    without = train_head(ctx, train, seed=0, bridge=0)
    assert recall(GNNRerankRetriever(ctx, learned=head, weight=1e6)) >= 0.9
    assert recall(GNNRerankRetriever(ctx, learned=without, weight=1e6)) <= 0.75
    assert recall(GNNRerankRetriever(ctx, learned=None), k=5) == 0.5  # plain gnn never reaches a second hop


def test_a_three_pass_head_saves_and_loads_every_pass(tmp_path):
    from core.learn.hop_head import HopHead

    def head(v, later=None):
        return HopHead(np.full(3, v), np.ones(3), np.full(3, v + 0.5), v, {"bridge_hits": 5} if v == 0 else {}, later)
    head(0, head(1, head(2))).save(tmp_path)
    loaded, passes = HopHead.load(tmp_path), []
    while loaded is not None:
        passes.append(float(loaded.coef[0]))
        loaded = loaded.second
    assert passes == [0.5, 1.5, 2.5] and HopHead.load(tmp_path).record["bridge_hits"] == 5
