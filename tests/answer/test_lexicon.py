"""Everyday words the embedding vocabulary lacks are English, not names (`lexicon`), so a
question asked in a user's own words is not declined for naming something absent."""
from __future__ import annotations

import pytest

from core.answer.decline import missing_names, names_absent
from core.answer.lexicon import english_word


@pytest.mark.parametrize("word, english", [
    ("typeface", True), ("caption", True), ("statisticians", True), ("crudest", True), ("stutter", True),
    ("optimiser", True), ("vsftpd", False), ("gnuplot", False), ("systemctl", False), ("Typeface", False),
    ("x11", False), ("ftp", False),
])
def test_english_words_by_the_models_lemma_index(word, english):
    assert english_word(word) is english


def test_an_everyday_word_the_evidence_lacks_is_no_missing_name():
    evidence = ["The default font is 14-point Times-Roman, in black."]
    assert missing_names("What typeface does dot use when I don't choose one?", evidence) == []
    assert missing_names("What typeface does vsftpd use?", evidence) == ["vsftpd"]


def test_an_english_word_read_as_a_proper_noun_stays_a_name():
    evidence = ["Link-time optimization is enabled with --lto in SDCC."]
    assert missing_names("Which option enables link-time optimization in clang?", evidence) == ["clang"]


def test_units_and_prefixed_english_words_are_no_names():
    evidence = ["The memory limit defaults to 800 megabytes.", "Some controllers need the option."]
    assert missing_names("What is the default memory limit of cd-hit in MB?", evidence) == []
    assert missing_names("Which microcontrollers need the --no-ret option?", evidence) == []
    assert names_absent("What is the default memory limit in MB?", "The memory limit is 800 megabytes.") == []


def test_a_bare_singular_object_is_a_name_a_noun_with_its_article_is_not():
    evidence = ["Compile with debugging symbols by passing -g."]
    assert missing_names("How do I compile it with debugging symbols using clang?", evidence) == ["clang"]
    assert missing_names("Where does the caption of a graph go?", evidence) == []
