"""A sentence that points back ("You can change it by the following.") is ranked with the
words of the sentence before it (what "it" names)."""
from __future__ import annotations

import numpy as np

from core.answer.question import analyse_question
from core.answer.reader import ExtractiveReader
from core.answer.terms import content_terms
from core.answer.unit_terms import told_before
from core.answer.units import split_units

EDITOR = ("Debian gives access to the system default editor through /usr/bin/editor.\n"
          "You can change it by the following.\n"
          "$ sudo update-alternatives --config editor")


def test_a_sentence_pointing_back_has_the_words_of_the_one_before_it():
    units = split_units(EDITOR, 1) + split_units("Change it often.", 2)
    own, ranked = told_before(units, [content_terms(u.text) for u in units])
    assert {"default", "editor", "system"} <= ranked[1] and not {"default", "editor"} & own[1]
    assert ranked[0] == own[0] and ranked[2] == own[2]  # the first sentence, and a command line
    assert ranked[3] == own[3]  # the sentence before it is another passage's


def test_the_pointing_sentence_ranks_first_only_with_the_words_before_it():
    reader = ExtractiveReader(embedder=None, tagger=None)
    units = split_units(EDITOR, 1)
    q = analyse_question("How do I change the default editor?")
    scores, _ = reader.score_units(q, units, [1])
    pointing = next(i for i, u in enumerate(units) if u.text.startswith("You can change it"))
    assert int(np.argmax(scores)) == pointing  # "change" and, through "it", "default editor"
    own_only = ExtractiveReader(embedder=None, tagger=None)
    import core.answer.reader as rd
    saved = rd.told_before
    try:
        rd.told_before = lambda us, tt: (lambda own: (own, own))([content_terms(u.context) - t for u, t in zip(us, tt)])
        scores_before, _ = own_only.score_units(q, units, [1])
    finally:
        rd.told_before = saved
    assert int(np.argmax(scores_before)) != pointing  # without them the first sentence ranks first
