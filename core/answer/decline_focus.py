"""A rare word the question asks about, that the evidence never touches: the focus test of the
decline rule.

"What typeface does bzip2 print its messages in?" asked of the bzip2 manual: the manual never
writes about typefaces, yet every other key word ("bzip2", "print", "messages") is everywhere
in it, so neither the names test nor the unheard-words test fires and the reader quotes an
unrelated sentence. The asked-for word ("typeface", the head of the wh-phrase) is what a manual
that answers would talk about, in that form or another ("font").

The test fires when the focus head

- is a lower-case English word outside the embedding model's whole-word vocabulary
  ("typeface"; `decline.common_words`): a specific word, not a kind word such as "folder",
  "extension" or "flavours", which a manual often answers without writing (".ecs" for a file
  extension) and which the tuning sets showed no word-similarity threshold tells apart;
- is heard nowhere in the evidence, in any form (`decline_heard.Heard`);
- and no evidence word is close to it in meaning: the packaged sentence model's cosine of the
  two words below `FOCUS_SIMILARITY` ("typeface"/"font" 0.60 answers; the bzip2 manual's
  nearest word, "interface", 0.45, does not).

Without the embedding model the test never fires.

Example:
    >>> from core.answer.decline_heard import Heard
    >>> from core.answer.decline import rare_english
    >>> evidence = ["bzip2 prints its messages on the standard error stream."]
    >>> unsupported_focus("typeface", Heard(evidence), evidence, rare_english)
    'typeface'
    >>> unsupported_focus("typeface", Heard(["The default font is Times-Roman."]),
    ...                   ["The default font is Times-Roman."], rare_english)
    ''
"""
from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np

from core.answer.terms import STOP, stem

FOCUS_SIMILARITY = 0.5  # word cosine that counts as the same topic (tuning sets: font 0.60, nearest miss 0.45)
MAX_WORDS = 4000  # distinct evidence words compared at most (a top-5 evidence holds a few hundred)
_WORD = re.compile(r"[A-Za-z]{3,}")


@functools.cache
def _own_embedder():
    """The packaged sentence model on the CPU, or None without it: only when no embedder of
    that model was handed in (a reader built without the library's)."""
    from core.errors import ConfigError
    from core.index.embedder import SentenceEmbedder, packaged_model_path

    try:
        return SentenceEmbedder(packaged_model_path(), device="cpu")
    except (ConfigError, OSError):
        return None


def _packaged(embedder) -> bool:
    """Whether `embedder` runs the packaged model, the one `FOCUS_SIMILARITY` was chosen on
    (another model puts words at other cosines)."""
    path = getattr(embedder, "model_path", None)
    return bool(path) and _is_packaged_path(str(path))


@functools.cache
def _is_packaged_path(path: str) -> bool:
    """Whether `path` is the packaged model's folder (resolved once a path, not every question)."""
    from core.errors import ConfigError
    from core.index.embedder import packaged_model_path

    try:
        return Path(path).resolve() == Path(packaged_model_path()).resolve()
    except (ConfigError, OSError):
        return False


def pick_embedder(embedder=None):
    """The embedder the focus test compares words with: `embedder` (the library's, already
    loaded) when it runs the packaged model, else a process-wide copy of that model, so a
    process answering through a library loads one model, not two."""
    return embedder if embedder is not None and _packaged(embedder) else _own_embedder()


_SEEN: dict[tuple[str, str], np.ndarray] = {}  # unit vectors of words already embedded, by model and device
_SEEN_MAX = 200_000


def _vectors(words: Sequence[str], embedder=None) -> np.ndarray | None:
    """Unit vectors of `words`, embedding the unseen ones in one batch (None without the model)."""
    model = pick_embedder(embedder)
    if model is None:
        return None
    if len(_SEEN) + len(words) > _SEEN_MAX:
        _SEEN.clear()
    key = f"{getattr(model, 'model_path', '')}|{getattr(model, 'device', '')}"  # a GPU rounds differently
    new = [w for w in words if (key, w) not in _SEEN]
    if new:
        vecs = np.asarray(model.embed(new), dtype=np.float32)
        for word, vec in zip(new, vecs):
            _SEEN[(key, word)] = vec / (np.linalg.norm(vec) or 1.0)
    return np.stack([_SEEN[(key, w)] for w in words])


def nearest_similarity(word: str, texts: Iterable[str], embedder=None) -> float | None:
    """The largest cosine between `word` and a distinct word of `texts` (None without the model);
    a word that is a piece of `word` ("type", "types" of "typeface") is left out: the model reads
    "typeface" in the same word pieces, so they are close in its space, not in meaning."""
    words = sorted(w for w in {w.lower() for text in texts for w in _WORD.findall(text)} - STOP
                   if stem(w) not in word)[:MAX_WORDS]  # "type(s)" of "typeface": its own piece, not its meaning
    vecs = _vectors([word, *words], embedder)
    if vecs is None:
        return None
    return float(np.max(vecs[1:] @ vecs[0])) if words else 0.0


def unsupported_focus(focus: str, heard, texts: Sequence[str], rare: Callable[[str], bool],
                      embedder=None) -> str:
    """The head word of the question's `focus` phrase when the test above fires, else "";
    `embedder`: the library's, used when it runs the packaged model (`pick_embedder`)."""
    word = focus.split()[-1].lower() if focus else ""
    if not word or not rare(word) or heard.holds(stem(word)):
        return ""
    near = nearest_similarity(word, texts, embedder)
    return word if near is not None and near < FOCUS_SIMILARITY else ""
