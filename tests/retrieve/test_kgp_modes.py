"""KGP's selectable seeding (bm25 / tfidf / knn) and branching walk on a tiny corpus."""
import dataclasses

import pytest

from core.errors import ConfigError
from core.retrieve.kgp import KGPRetriever

from tests.retrieve.harbour import QUESTION, harbour_library


@pytest.fixture
def lib(tmp_path):
    return harbour_library(tmp_path)


def kgp(lib, **retrieve):
    settings = dataclasses.replace(lib.settings, retrieve=dataclasses.replace(lib.settings.retrieve, **retrieve))
    ctx = dataclasses.replace(lib.context(), settings=settings)
    return KGPRetriever(ctx, learned=None)


def titles(lib, ids):
    by_id = {c.chunk_id: c.doc_title for c in lib.catalog.all_chunks()}
    return [by_id[i] for i in ids]


def test_tfidf_seeds_are_the_passages_sharing_rare_question_words(lib):
    result = kgp(lib, kgp_seeding="tfidf").retrieve(QUESTION, k=5)
    assert titles(lib, result.seeds) == ["Harbour Review", "Marlow Society"]
    assert result.notes[1] == "seeds: tfidf; branch 1; budget 30"


def test_knn_seeds_follow_the_vectors(lib):
    result = kgp(lib, kgp_seeding="knn").retrieve(QUESTION, k=5)
    assert titles(lib, result.seeds)[0] == "Harbour Review"
    assert len(result.seeds) == 3  # the vector index always answers


def test_branching_visits_several_neighbours_of_one_path(lib):
    one = kgp(lib, kgp_seeding="tfidf", kgp_branch=1, graph_budget=3).retrieve(QUESTION, k=5)
    two = kgp(lib, kgp_seeding="tfidf", kgp_branch=2, graph_budget=5).retrieve(QUESTION, k=5)
    assert len(one.chunks) == 3  # two seeds + one visit under a budget of three
    # Edith Crane (reached from the society) has two unvisited neighbours: both visited in one expansion
    assert [(titles(lib, [h.source])[0], h.step) for h in two.hops[-2:]] == [("Edith Crane", 2)] * 2
    assert sorted(titles(lib, [h.target for h in two.hops[-2:]])) == ["Kelso", "Quarterly Journals"]


def test_unknown_seeding_names_the_choices(lib):
    with pytest.raises(ConfigError, match="bm25, tfidf, knn"):
        kgp(lib, kgp_seeding="random").retrieve(QUESTION, k=5)
