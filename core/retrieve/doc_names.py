"""Which document a question names: by its title, its file name, or a distinctive part of
either ("the chemnum manual", "R Data Import/Export", "ssh-4.15.2.pdf", "LilyPond Usage").

A document's names are its title and its file name (with and without the extension and
version). Each name word found in the question counts by how rare it is among the
library's documents (log N/df), plus a bonus when a whole name is in the question, so
'usage' picks LilyPond Usage among three LilyPond manuals while 'lilypond' alone leaves all
three tied. Words every document shares, and generic words ('manual', 'guide'), count for
nothing.

Example:
    >>> from core.types import Document
    >>> docs = [Document("a", "The chemnum manual", "chemnum.pdf", 8), Document("b", "chemmacros", "cm.pdf", 9)]
    >>> named_documents("Figure 2 of the chemnum manual", docs)
    ['a']
"""
from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Sequence

from core.types import Document

GENERIC = frozenset(
    "a an and the of for in on to with by at from manual manuals guide guides user users reference "
    "documentation document doc docs pdf book handbook version package introduction what which where "
    "is are how show me open see page section chapter table figure".split())
_WORD = re.compile(r"[a-z0-9]+(?:[-_.][a-z0-9]+)*")
WHOLE_NAME = 2.0  # bonus when a whole title or file name is quoted in the question
_VERSION = re.compile(r"[-_ ]v?\d+(?:\.\d+)+$")


def words(text: str) -> list[str]:
    """Lower-case words, dotted/hyphenated runs split into parts too ('ssh-4.15.2' -> ssh, 4, 15, 2)."""
    out: list[str] = []
    for w in _WORD.findall(text.lower()):
        out += [w] + ([p for p in re.split(r"[-_.]", w) if p] if re.search(r"[-_.]", w) else [])
    return out


def names_of(doc: Document) -> list[str]:
    """A document's names: title, file name, stem, and the stem without its version."""
    file = Path(doc.source.split("#", 1)[0]).name
    # 'guide' of guide.pdf, guide.docx, guide.epub (a version such as '.2' is not an extension)
    stem = Path(file).stem if re.fullmatch(r"\.[A-Za-z]{2,8}", Path(file).suffix) else file
    return [n for n in dict.fromkeys([doc.title, file, stem, _VERSION.sub("", stem)]) if n.strip()]


def _phrase_in(name: str, question: str) -> bool:
    """The whole name occurs in the question as words (case-insensitive)."""
    norm = " ".join(words(name))
    return len(norm) >= 3 and f" {norm} " in f" {' '.join(words(question))} "


def named_documents(question: str, docs: Sequence[Document]) -> list[str]:
    """Ids of the documents the question names, best first ([] when it names none)."""
    if not docs:
        return []
    asked = set(words(question)) - GENERIC
    vocab = [{w for n in names_of(d) for w in words(n) if len(w) >= 2 and not w.isdigit()} - GENERIC
             for d in docs]
    df: dict[str, int] = {}
    for names in vocab:
        for w in names:
            df[w] = df.get(w, 0) + 1
    scores = []
    for doc, names in zip(docs, vocab):
        score = sum(math.log(len(docs) / df[w]) for w in names & asked)
        whole = any(_phrase_in(n, question) for n in names_of(doc) if set(words(n)) - GENERIC)
        scores.append(score + (WHOLE_NAME if whole and score > 0 else 0.0))
    best = max(scores)
    if best <= 0:
        return []
    ranked = sorted(range(len(docs)), key=lambda i: -scores[i])
    return [docs[i].doc_id for i in ranked if scores[i] >= best - 1e-9]
