"""The head's beam: a later pass reads the neighbours of the last pass's best `B` chunks, so
a third hop, linked only to a second-hop chunk that is not on the path, joins the pool; a
head trained with a beam keeps it in its record and reads with it after loading."""
import random

import numpy as np

from core.learn.head_fit import read_samples, train_head
from core.learn.hop_head import HopHead, QuestionView, next_rows
from core.retrieve.gnn import GNNRetriever, propagate
from tests.learn.bridge_world import name, world_library


def chain_world(rng: random.Random) -> dict:
    """film -> its director's page (titled by him, named in the film's page) -> his school's
    page (named only in the director's page, none of the question's words); two decoys
    carry the question's words."""
    film, director, school, d1, d2 = (name(rng) for _ in range(5))
    return {"question": f"What year is tied to the alma mater of the director of {film}?",
            "pages": [(film, f"{film} is a drama; {director} directed it."),
                      (director, f"{director} is a filmmaker who studied at {school}."),
                      (school, f"{school} is an academy that opened in 1901."),
                      *[(d, f"{d} is a director of a drama.") for d in (d1, d2)]]}


def chain_library(tmp_path, n: int, seed: int):
    """n worlds in one library, mention and structural edges only; gold: the three hops."""
    def make(rng):
        w = chain_world(rng)
        return w["question"], w["pages"]
    return world_library(tmp_path, n, seed, make, 3)


def view_of(lib, question: str, beam: tuple) -> QuestionView:
    gnn = GNNRetriever(lib.context())
    state = gnn.session.query(question)
    dist, _ = propagate(state, gnn.alpha, gnn.top_k, gnn.layers)
    return QuestionView(lib.context(), state, dist, depth=10, pool=2, cap=10, beam=beam)


def test_the_beam_reads_the_neighbours_of_a_second_hop_that_is_off_the_path(tmp_path):
    lib, questions = chain_library(tmp_path, 6, seed=11)
    for q in questions:
        film, director, school = q.gold
        pools = {}
        for beam in ((0, 0), (2, 10)):
            view = view_of(lib, q.question, beam)
            cands, _ = view.rows([film], extra=[film])
            assert director in cands and school not in cands  # the film's page names its director only
            p = np.array([1.0 if c == film else 0.9 if c == director else 0.0 for c in cands])
            pools[beam] = next_rows(view, cands, p, seeds=1)[0]  # the path stays the film's page
        assert school not in pools[(0, 0)]
        assert school in pools[(2, 10)] and set(pools[(0, 0)]) <= set(pools[(2, 10)])


def test_a_head_trained_with_a_beam_keeps_it_and_reads_the_wider_pool(tmp_path):
    lib, questions = chain_library(tmp_path, 12, seed=4)
    ctx = lib.context()
    head = train_head(ctx, questions[:8], seed=0, beam=(6, 10))
    assert head.record["beam"] == [6, 10]
    head.save(ctx.settings.data_dir)
    loaded = HopHead.load(ctx.settings.data_dir)
    again = train_head(ctx, questions[:8], seed=0, beam=(6, 10))
    assert np.array_equal(again.coef, head.coef)  # same seed, same head
    pools = {"wide": [], "narrow": []}
    for q in questions[8:]:
        s = read_samples(ctx, [q])[0]
        for kind, beam in (("wide", [6, 10]), ("narrow", [0, 0])):  # the same head without its beam
            loaded.record["beam"] = beam
            reading = loaded.read(ctx, s.view.state, s.view.dist, 10, seeds=1)  # a one-chunk path
            pools[kind].append(set(reading.learned))
            assert set(q.gold) <= pools[kind][-1]  # the chain is read either way in these small worlds
    assert all(n <= w for n, w in zip(pools["narrow"], pools["wide"]))
    assert sum(map(len, pools["wide"])) > sum(map(len, pools["narrow"]))  # the loaded record's beam is used
