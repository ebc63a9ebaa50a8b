"""Each keyword mode adds its own phrases to the capitalised spans; unknown modes are refused."""
from __future__ import annotations

import pytest

from core.config import GraphSettings
from core.errors import ConfigError
from core.index.keyword_modes import MODES, phrases
from core.index.keywords import KeywordExtractor, normalise

TEXT = ("the annual report of the national weather service was written by Margaret Hamilton "
        "in Boston after the storm season, and the weather service archive keeps it.")


def test_tfidf_adds_nothing_and_keeps_the_capitalised_spans():
    assert phrases("tfidf", [TEXT]) == [set()]
    words = KeywordExtractor(GraphSettings(keyword_mode="tfidf")).text_keywords([TEXT], [""])[0]
    assert "margaret hamilton" in words and "boston" in words


def test_the_spacy_modes_find_the_person_each_in_its_own_way():
    ner, tagger, chunks = (phrases(m, [TEXT], normalise)[0] for m in ("spacy", "tagger", "nounchunks"))
    assert "margaret hamilton" in ner
    assert "margaret hamilton" in tagger and "weather service" not in tagger  # proper nouns only
    assert "annual report" in chunks  # common-noun phrases of two words or more
    assert "margaret hamilton" in chunks


def test_yake_finds_the_repeated_phrase_without_capitals():
    assert "weather service" in phrases("yake", [TEXT], normalise)[0]


def test_every_mode_is_accepted_and_an_unknown_one_named_with_the_choices():
    for mode in MODES:
        KeywordExtractor(GraphSettings(keyword_mode=mode))
    with pytest.raises(ConfigError, match="tagger, nounchunks, yake, shapes, tfidf or llm"):
        KeywordExtractor(GraphSettings(keyword_mode="rake"))
