"""gnn_rerank: gnn's top chunks and their neighbours re-ranked by a learned next-hop model."""
import numpy as np
import pytest

from core.retrieve.base import RETRIEVERS
from core.retrieve.gnn import GNNRetriever
from core.retrieve.gnn_rerank import GNNRerankRetriever, Reading, choose_weight

from tests.retrieve.harbour import QUESTION, harbour_library


class FavourScorer:
    """A stand-in learned scorer: sure of candidates whose text holds `word`, against the rest."""

    origin = "fake learned model"

    def __init__(self, word: str, record: dict | None = None):
        self.word, self.record, self.paths = word, record or {}, []

    def score(self, question, path, candidates):
        """Logits +8 / -8; remembers the path lengths it was asked with."""
        self.paths.append(len(path))
        return np.array([8.0 if self.word in c else -8.0 for c in candidates])


def _ids(result):
    return [c.chunk.doc_title for c in result.chunks]


def test_without_a_model_it_ranks_as_gnn_and_says_so(tmp_path):
    ctx = harbour_library(tmp_path).context()
    plain = GNNRetriever(ctx).retrieve(QUESTION, k=5)
    rr = GNNRerankRetriever(ctx, learned=None).retrieve(QUESTION, k=5)
    assert _ids(rr) == _ids(plain)
    assert "no learned next-hop model" in rr.notes[-1] and "gnn_rerank" in RETRIEVERS


def test_a_sure_model_lifts_its_chunk_to_the_top(tmp_path):
    ctx = harbour_library(tmp_path).context()
    plain = _ids(GNNRetriever(ctx).retrieve(QUESTION, k=6))
    scorer = FavourScorer("printer born in Kelso")
    rr = GNNRerankRetriever(ctx, learned=scorer, weight=2.0).retrieve(QUESTION, k=6)
    assert plain[0] != "Edith Crane" and _ids(rr)[0] == "Edith Crane"
    assert scorer.paths[0] == 0 and 1 in scorer.paths  # first hops, then next hops from a seed
    assert rr.chunks[0].routes["learned"] == pytest.approx(1.0, abs=1e-3)


def test_weight_zero_keeps_gnn_order_and_the_record_weight_is_used(tmp_path):
    ctx = harbour_library(tmp_path).context()
    plain = _ids(GNNRetriever(ctx).retrieve(QUESTION, k=5))
    zero = GNNRerankRetriever(ctx, learned=FavourScorer("Kelso", {"rerank_weight": 0.0}))
    assert zero.weight == 0.0 and _ids(zero.retrieve(QUESTION, k=5)) == plain


def test_choose_weight_picks_the_smallest_best_weight():
    # gold "b" is second by gnn; the model is sure of it: any weight above 0.2 puts it first
    r = Reading({"a": 0.9, "b": 0.7, "c": 0.1}, {"a": 0.1, "b": 0.9, "c": 0.5})
    weight, curve = choose_weight([r], [{"b"}], k=1, grid=(0.0, 0.1, 0.5, 1.0))
    assert weight == 0.5 and curve == {0.0: 0.0, 0.1: 0.0, 0.5: 1.0, 1.0: 1.0}
    weight, _ = choose_weight([r], [{"a"}], k=1, grid=(1.0, 0.0, 0.5))
    assert weight == 0.0  # the model only hurts: it gets no say
