"""The support check's embedding work: long pieces read as their window, one or two batches
by length with rows in order, and sentences that cannot reach 'partly' never embedded."""
from __future__ import annotations

import numpy as np

from core.answer.support import SupportCheck
from core.answer.support_embed import MAX_PIECE_WORDS, embed_batches, split_at, window


class Recording:
    """A fake embedder: the vector of a text is [its length, 1], normalised; calls recorded."""

    dim = 2

    def __init__(self):
        self.calls: list[list[str]] = []

    def embed(self, texts):
        self.calls.append(list(texts))
        rows = np.array([[len(t), 1.0] for t in texts], dtype=np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_a_long_piece_is_read_as_its_window_around_the_sentence_words():
    piece = " ".join(["filler"] * 50 + ["valve", "seal", "twelve", "months"] + ["filler"] * 50)
    cut = window(piece, {"valve", "seal", "month"})
    assert len(cut.split()) == MAX_PIECE_WORDS and "valve seal twelve months" in cut
    assert window("short piece", {"valve"}) == "short piece"


def test_batches_split_only_when_padding_saved_pays_for_a_call():
    assert split_at([200, 20, 20, 20, 20]) == 1  # the long one alone: 200 + 4 x 20 + a call < 5 x 200
    assert split_at([30, 28, 25, 22]) == 0
    assert split_at([]) == 0
    fake = Recording()
    texts = ["short one", " ".join(["long"] * 150), "short two"]
    vectors = embed_batches(fake, texts)
    assert len(fake.calls) == 2 and fake.calls[0] == [texts[1]]
    assert np.allclose(vectors, Recording().embed(texts))  # rows in the order asked


def test_a_sentence_too_far_from_its_evidence_in_words_is_not_embedded():
    fake = Recording()
    check = SupportCheck(fake)
    cited = ["The calibration interval of the flow sensor is fourteen days in winter mode."]
    # 1 of 4 content words in the cited text: even a cosine of 1 leaves it below partly_at
    verdict, score = check.verdict("The pump motor oil sensor.", cited)
    assert verdict == "not_found" and fake.calls == []
    check.verdict("The flow sensor is calibrated every fourteen days in summer.", cited)
    assert len(fake.calls) == 1  # within reach: its meaning is read
