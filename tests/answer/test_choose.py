"""The learned sentence chooser (opt-in): its weights load, it keeps the hand-made pick
unless its own unit leads by the fitted margin, and the reader runs with it."""
from __future__ import annotations

import numpy as np

from core.answer import choose
from core.answer.reader import ExtractiveReader
from core.answer.units import Unit


class WordEmbedder:
    """A stand-in embedder: bag of hashed letters, deterministic, unit length."""

    def _vec(self, text: str) -> list[float]:
        v = np.zeros(64)
        for w in text.lower().split():
            v[sum(map(ord, w)) % 64] += 1.0
        return list(v / (np.linalg.norm(v) or 1.0))

    def embed(self, texts):
        return [self._vec(t) for t in texts]

    def embed_query(self, text):
        return self._vec(text)


def test_the_weights_match_the_features():
    mean, scale, coef, _ = choose.load_weights()
    assert len(mean) == len(scale) == len(coef) == len(choose.FEATURES)


def test_the_hand_made_pick_stands_unless_the_chooser_leads_by_the_margin():
    units = [Unit(f"Sentence number {i} about ports.", 1, "prose", index=i) for i in range(3)]
    same = [[0.5] * len(choose.FEATURES)] * 3
    assert choose.pick_unit(units, same, 1) == -1  # a tie: no reason to overrule
    lead = [list(r) for r in same]
    lead[2][choose.FEATURES.index("cand_lead")] = 3.0  # far ahead on the strongest signal
    assert choose.pick_unit(units, lead, 0) == 2


def test_the_reader_answers_with_the_chooser_on():
    passages = [(1, "The daemon is configured in a file. The TFTP daemon listens on port 69 by default."),
                (2, "Ports below 1024 need root.")]
    on = ExtractiveReader(WordEmbedder(), use_chooser=True).read("Which port does the TFTP daemon listen on?", passages)
    assert on.supported and "69" in on.render().splitlines()[0]
