"""Everyday English words, told apart from names: what the decline rule's names test
(`decline.question_names`, `decline.strong_name`) and the focus test (`decline_focus`) read a
lower-case word as.

A lower-case word of the packaged embedding model's vocabulary (`common_words`), one with a
plural or verb ending taken off ("disables"), of an English family ("configure":
"configuration"), behind an English prefix ("recompile"), or in the spaCy lemma index
("typeface": `lexicon.english_word`) is English; any other ("vsftpd", "gnuplot") is a name,
and so is an English word the tagger reads as a proper noun ("in clang").

Example:
    >>> plain_english("configure"), plain_english("vsftpd")
    (True, False)
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

from core.answer import nlp
from core.answer.lexicon import english_word
from core.errors import ConfigError

ENGLISH_ENDING = re.compile(r"(?:ing|ings|ed|ion|ions|ile|ise|ize|ly|ers?|able|ible|ment|ness|ity|ive|ous|al|ful|less|ate|ates)$")


@functools.cache
def common_words() -> frozenset[str]:
    """Everyday English words: the whole-word entries of the packaged embedding model's
    vocabulary (empty without it). A lower-case word outside it ("vsftpd", "systemctl") is
    a name too."""
    try:
        from core.index.embedder import packaged_model_path

        vocab = Path(packaged_model_path()) / "vocab.txt"
        return frozenset(w for w in vocab.read_text(encoding="utf-8").split() if w.isalpha())
    except (ConfigError, OSError):
        return frozenset()


def _inflected(word: str) -> set[str]:
    """The word and what it is with a plural, verb or agent ending taken off ("disables":
    "disable", "disabl")."""
    forms = {word}
    for ending, back in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e"),
                         ("er", ""), ("isation", "ization"), ("ise", "ize")):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            forms.add(word[: -len(ending)] + back)
    return forms


def uncommon(word: str, common: frozenset[str]) -> bool:
    """A lower-case word that is no everyday word, nor one with a plural or verb ending."""
    if not common or not word.isalpha() or not word.islower() or len(word) < 3:
        return False
    return not _inflected(word) & common


_SUFFIXES = ("ation", "ations", "ed", "ing", "er", "ers", "ion", "ions", "able", "ive", "ity", "ment", "ly")


_PREFIXES = ("re", "un", "dis", "de", "pre", "non", "sub", "over", "multi", "auto", "co", "micro", "macro", "mini",
             "inter", "super", "hyper", "semi", "anti", "under", "post")


def english_family(word: str) -> bool:
    """A lower-case word the vocabulary lacks but whose family it holds ("configure":
    "configuration"; "disables": "disabled"), or an everyday word (of the vocabulary or the
    lemma index) behind an English prefix ("relabels": "label"; "recompile": "compile"): an
    English word, not a name ("gnuplot", "vsftpd")."""
    common = common_words()
    for form in _inflected(word):
        root = form[:-1] if form.endswith("e") else form
        if len(root) >= 4 and any(root + suffix in common for suffix in _SUFFIXES):
            return True
        if any(form.startswith(p) and len(form) - len(p) >= 4 and (form[len(p):] in common or english_word(form[len(p):]))
               for p in _PREFIXES):  # "recompile": the lemma index holds "compile", the vocabulary does not
            return True
    return False


def plain_english(word: str, question: str = "") -> bool:
    """A lower-case word of the English family of a vocabulary word (`english_family`) or of
    the spaCy model's lemma index (`lexicon.english_word`: "typeface", "stutter"): asked in
    the user's own words, not a name; unless the tagger reads it as a proper noun in the
    `question` ("optimization in clang", "an option of saucy": tools named by English words)."""
    return english_family(word) or (english_word(word) and word not in _proper_nouns(question))


def rare_english(word: str) -> bool:
    """A lower-case English word (`plain_english`) outside the embedding vocabulary: the kind of
    word `decline_focus` asks the evidence to touch in form or meaning ("typeface")."""
    return word.isalpha() and word.islower() and uncommon(word, common_words()) and plain_english(word)


def _proper_nouns(question: str) -> frozenset[str]:
    """The lower-case words the question uses as names: tagged proper nouns, or bare singular
    nouns (no determiner or modifier) as an object ("using clang"), which an English count
    noun never is, unless it ends like a mass noun ("with compression")."""
    doc = nlp.parse(question) if question else None
    if doc is None:
        return frozenset()
    return frozenset(t.text for t in doc if t.text.islower() and (t.tag_ in ("NNP", "NNPS") or (
        t.tag_ == "NN" and t.dep_ in ("dobj", "pobj") and not list(t.children) and not ENGLISH_ENDING.search(t.text))))
