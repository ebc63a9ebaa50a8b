"""One way to name things on every page: a chunk's pages, its place, and each route score.

Chat's citation titles and chunk headers, Compare's cells, the Graph's tooltips, node
picker and hops table, and Evaluate's drill-down all call these, so a chunk reads
"p. 4 · PDF page 8" (printed label · physical page) everywhere, and a route is called
the same under every retriever ("full text 3.24" whether hybrid's "fulltext" or gnn's
"bm25" produced it).

Example:
    >>> route_name("bm25"), route_name("fulltext"), route_name("rrf")
    ('full text', 'full text', 'fusion (rrf)')
    >>> route_line({"vector": 0.61234, "fulltext": 7.2})
    'vector 0.612 · full text 7.2'
    >>> explain_note("alpha=0.500 untrained default")
    "graph weight 0.50: 50% a chunk's own similarity to the question, 50% its neighbours' (the default, not trained on your questions)"
"""
from __future__ import annotations

import re
from typing import Mapping

from core.types import Chunk
from core.ui.text import shorten

# raw route key (as retrievers report it) -> the name shown; keys not listed are shown as they are
ROUTE_NAMES = {
    "vector": "vector", "dense": "vector", "cosine": "vector",
    "fulltext": "full text", "bm25": "full text", "lexical": "full text",
    "keywords": "keywords", "keyword": "keywords",
    "vector_norm": "vector (scaled 0-1)", "fulltext_norm": "full text (scaled 0-1)",
    "rrf": "fusion (rrf)", "multiroute": "multiroute (combined)",
    "gnn": "graph (gnn)", "rgnn": "graph (rgnn)", "relevance": "graph (iier relevance)",
    "title": "title match", "structure": "structure",
}


def route_name(key: str) -> str:
    """The shown name of a route score key."""
    return ROUTE_NAMES.get(key, key)


def route_line(routes: Mapping[str, float]) -> str:
    """'vector 0.612 · full text 7.2': every route score under its shown name."""
    return " · ".join(f"{route_name(k)} {v:.3g}" for k, v in routes.items())


def pages_label(chunk: Chunk, library=None) -> str:
    """'p. 4 · PDF page 8' (printed label · physical page), 'p. 8' when they agree."""
    if library is None:
        from core.ui.resources import get_library

        library = get_library()
    return library.evidence.pages_label(chunk)


def heading(chunk: Chunk, limit: int = 0) -> str:
    """The chunk's heading path ('Manual > Install > Build'), else its document title."""
    path = chunk.path_label
    return shorten(path, limit) if limit else path


def place(chunk: Chunk, library=None, limit: int = 70) -> str:
    """'Manual > Install > Build · p. 4 · PDF page 8': where a chunk is, as every page says it."""
    return f"{heading(chunk, limit)} · {pages_label(chunk, library)}"


_CRITICAL = re.compile(r"critical keywords \([^)]*\): (.+)")
_ALPHA = re.compile(r"alpha=([\d.]+) (untrained default|trained \((.*)\))")
_PLAIN_NOTES = {
    "untrained heuristic weights": "next-hop scores use the built-in weights (not trained on your questions)",
}


def explain_note(note: str) -> str:
    """A retriever's note in plain words where it is jargon (gnn's 'alpha=0.500 untrained
    default'; multiroute's critical keywords, '' when there were none: nothing to say under
    every answer); other notes are returned as they are."""
    critical = _CRITICAL.fullmatch(note.strip())
    if critical:
        words = critical.group(1)
        return "" if words == "none" else f"words from the question looked for in every chunk: {words}"
    alpha = _ALPHA.fullmatch(note.strip())
    if alpha:
        value = float(alpha.group(1))
        origin = ("the default, not trained on your questions" if alpha.group(3) is None
                  else f"trained on your questions: {alpha.group(3)}")
        return (f"graph weight {value:.2f}: {value:.0%} a chunk's own similarity to the question, "
                f"{1 - value:.0%} its neighbours' ({origin})")
    return _PLAIN_NOTES.get(note, note)
