"""The support check's embedding work: long pieces read as their window, and sentences that
cannot reach 'partly' never embedded."""
from __future__ import annotations

import numpy as np

from core.answer.support import MAX_PIECES, SupportCheck
from core.answer.support_embed import MAX_PIECE_WORDS, window


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


def test_a_sentence_too_far_from_its_evidence_in_words_is_not_embedded():
    fake = Recording()
    check = SupportCheck(fake)
    cited = ["The calibration interval of the flow sensor is fourteen days in winter mode."]
    # 1 of 4 content words in the cited text: even a cosine of 1 leaves it below partly_at
    verdict, score = check.verdict("The pump motor oil sensor.", cited)
    assert verdict == "not_found" and fake.calls == []
    check.verdict("The flow sensor is calibrated every fourteen days in summer.", cited)
    assert len(fake.calls) == 1  # within reach: its meaning is read


def test_an_answer_is_one_batch_of_its_sentences_and_their_closest_pieces():
    fake = Recording()
    cited = ["The flow sensor is calibrated every fourteen days. Spare sensors are kept in the blue cabinet. "
             "The valve seal is replaced every twelve months. The filter mesh is cleaned by the operator. "
             "The pump runs on three phases."]
    SupportCheck(fake).verdicts([("The flow sensor gets calibrated each fourteen days in winter.", cited),
                                 ("The valve seal gets swapped every twelve months by a technician.", cited)])
    assert len(fake.calls) == 1  # one model call for the whole answer
    texts = fake.calls[0]
    assert len(texts) <= 2 + 2 * MAX_PIECES and len(texts) == len(set(texts))  # each text read once
    assert "The flow sensor is calibrated every fourteen days." in texts  # the piece sharing most words
    assert "The valve seal is replaced every twelve months." in texts
    assert "The pump runs on three phases." not in texts  # shares no word with either sentence
