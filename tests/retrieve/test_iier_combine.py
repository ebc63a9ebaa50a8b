"""IIER's `hop_mode = "combine"`: the hand walk keeps its seeds; a sure learned vote changes the next hop."""
import dataclasses

import numpy as np
import pytest

from core.errors import ConfigError
from core.retrieve.iier import IIERRetriever
from core.retrieve.iier_learned import combine

from tests.retrieve.harbour import QUESTION, harbour_library


class FavourScorer:
    """A stand-in learned scorer: very sure of candidates whose text holds `word`, sure against the rest."""

    origin = "fake learned model"

    def __init__(self, word: str):
        self.word, self.calls = word, 0

    def score(self, question, path, candidates):
        """Logits +8 / -8."""
        self.calls += 1
        return np.array([8.0 if self.word in c else -8.0 for c in candidates])


def _lib(tmp_path, **retrieve):
    lib = harbour_library(tmp_path)
    lib.settings = dataclasses.replace(lib.settings, retrieve=dataclasses.replace(lib.settings.retrieve, **retrieve))
    return lib


class FakeWalk:
    """The part of LearnedChains that `combine` uses: a cap and probabilities per candidate id."""

    def __init__(self, cap: int, probabilities: dict):
        self.cap, self.p, self.asked = cap, probabilities, []

    def rate(self, state, path, ids):
        self.asked.append(list(ids))
        return np.array([self.p[i] for i in ids])


def test_combine_adds_a_centred_learned_term_to_the_cap_best_by_hand():
    walk = FakeWalk(cap=2, probabilities={"a": 0.1, "b": 0.99})
    out = combine(walk, None, ["seed"], ["a", "b", "c"], np.array([0.9, 0.7, 0.1]))
    assert walk.asked == [["a", "b"]]  # only the two best by hand are read by the model
    assert out.tolist() == pytest.approx([0.9 - 0.2, 0.7 + 0.245, 0.1 - 0.25])
    assert int(np.argmax(out)) == 1  # a sure vote overturns a 0.2 lead of the hand scorer


def test_combine_keeps_hand_seeds_and_asks_the_model(tmp_path):
    lib = _lib(tmp_path, hop_mode="combine", hop_cap=20)
    hand = IIERRetriever(lib.context(), learned=None).retrieve(QUESTION, k=6)
    scorer = FavourScorer("Edith")
    mixed = IIERRetriever(lib.context(), learned=scorer).retrieve(QUESTION, k=6)
    assert mixed.seeds == hand.seeds and scorer.calls > 0 and mixed.chains == hand.chains
    assert mixed.notes[0] == "fake learned model (combined with the hand scorer)"


def test_combine_with_an_undecided_model_walks_as_the_hand_scorer(tmp_path):
    lib = _lib(tmp_path, hop_mode="combine")

    class Undecided(FavourScorer):
        def score(self, question, path, candidates):
            return np.zeros(len(candidates))  # p = 1/2: no vote
    hand = IIERRetriever(lib.context(), learned=None).retrieve(QUESTION, k=6)
    mixed = IIERRetriever(lib.context(), learned=Undecided("")).retrieve(QUESTION, k=6)
    assert mixed.chains == hand.chains


def test_unknown_hop_mode_is_refused(tmp_path):
    with pytest.raises(ConfigError, match="replace or combine"):
        IIERRetriever(_lib(tmp_path, hop_mode="mix").context(), learned=None)
