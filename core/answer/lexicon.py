"""Is a lower-case word plain English? A dictionary the spaCy model already ships.

The decline rule reads a lower-case word that the embedding model's vocabulary lacks as a
name ("vsftpd", "gnuplot"): a question naming something no evidence mentions asks about a
manual the library does not hold. But people ask in their own words, and many everyday words
are missing from a 30,000-piece vocabulary: "typeface", "caption", "stutter", "crudest",
"statisticians". Read as names, they made the reader decline questions its evidence answers.

The packaged spaCy model's lemmatizer carries an index of English lemmas (nouns, verbs,
adjectives, adverbs: about 90,000, from WordNet); a word whose lemma is there, after spaCy's
own suffix rules ("statisticians" -> "statistician", "crudest" -> "crude") or a British
spelling turned American ("optimiser" -> "optimizer"), is English. Without the model the
set is empty and nothing changes.

Example:
    >>> [english_word(w) for w in ("typeface", "statisticians", "vsftpd")]
    [True, True, False]
    >>> [gerund_verb(w) for w in ("decrypting", "quitting", "string", "thing")]
    ['decrypt', 'quit', '', '']
"""
from __future__ import annotations

import functools
import re

from core.answer import nlp

_BRITISH = ((re.compile(r"is(e|er|ers|ed|es|ing|ation|ations)$"), r"iz\1"), (re.compile(r"our$"), "or"),
            (re.compile(r"yse$"), "yze"), (re.compile(r"tre$"), "ter"))


def _lookup(table: str):
    """One table of the English model's lemmatizer ("lemma_index", "lemma_rules", "lemma_exc"); an empty
    one without the model. The pipeline is loaded with its lemmatizer disabled: its tables are still there."""
    pipe = nlp.pipeline()
    if pipe is None or "lemmatizer" not in pipe.component_names:
        return {}
    return pipe.get_pipe("lemmatizer").lookups.get_table(table)


@functools.cache
def _lemmas() -> tuple[frozenset[str], tuple[tuple[str, str], ...], frozenset[str]]:
    """(every lemma of the index, every (suffix, replacement) rule, every irregular form)."""
    index, rules, exc = (_lookup(t) for t in ("lemma_index", "lemma_rules", "lemma_exc"))
    words = frozenset(w for pos in index.keys() for w in index[pos])
    pairs = tuple(sorted({(old, new) for pos in rules.keys() for old, new in rules[pos] if old}))
    irregular = frozenset(w for pos in exc.keys() for w in exc[pos])
    return words, pairs, irregular


@functools.lru_cache(maxsize=4096)
def english_word(word: str) -> bool:
    """Whether a lower-case word (or its lemma by spaCy's suffix rules, or its American
    spelling) is in the model's English lemma index. Capitalised or code-like words, and
    words under five letters, which are as often acronyms written small ("ftp", "gcc"): False."""
    if not word.isalpha() or not word.islower() or len(word) < 5:
        return False
    words, rules, irregular = _lemmas()
    forms = {word, *(rx.sub(new, word) for rx, new in _BRITISH)}
    for form in list(forms):
        forms.update(form[: -len(old)] + new for old, new in rules if form.endswith(old) and len(form) > len(old) + 2)
    return bool(forms & words) or word in irregular


@functools.cache
def _verbs() -> frozenset[str]:
    """The verbs of the model's lemma index (empty without the model)."""
    index = _lookup("lemma_index")
    return frozenset(index["verb"]) if "verb" in index else frozenset()


def gerund_verb(word: str, kin: str = "") -> str:
    """The verb a lower-case '-ing' word is formed from ("decrypting": "decrypt", "quitting":
    "quit"), when the lemma index has it as a verb of three letters or more, or it is `kin`
    with a prefix ("uninstalling" after "install"); '' for other words ("string", "thing")."""
    if not word.isalpha() or not word.islower() or not word.endswith("ing") or len(word) < 6:
        return ""
    stem = word[:-3]
    forms = [stem, stem + "e", *([stem[:-1]] if len(stem) > 3 and stem[-1] == stem[-2] else [])]
    kin = kin.lower()
    prefixed = lambda f: len(kin) >= 4 and f != kin and f.endswith(kin)  # noqa: E731 ("un" + "install")
    return next((f for f in forms if len(f) >= 3 and (f in _verbs() or prefixed(f))), "")


def third_person_verb(word: str) -> str:
    """The verb a lower-case '-s' word is the present form of ("configures": "configure",
    "copies": "copy") when the lemma index has it as a verb; '' for other words."""
    if not word.isalpha() or not word.islower() or not word.endswith("s") or len(word) < 5:
        return ""
    forms = [word[:-1], *([word[:-2]] if word.endswith("es") else []), *([word[:-3] + "y"] if word.endswith("ies") else [])]
    return next((f for f in forms if len(f) >= 3 and f in _verbs()), "")


@functools.cache
def _irregular_plurals() -> frozenset[str]:
    """The plural nouns of the model's lemma exceptions ("children", "criteria"; empty without the model)."""
    exceptions = _lookup("lemma_exc")
    nouns = exceptions["noun"] if "noun" in exceptions else {}
    return frozenset(w for w, lemmas in nouns.items() if w not in lemmas)


def plural_noun(word: str) -> bool:
    """Whether a noun the tagger calls plural is one: it ends in "s" or is an irregular plural
    ("children"); an unknown name tagged plural ("decr") is not."""
    low = word.lower()
    return low.endswith("s") or low in _irregular_plurals()

