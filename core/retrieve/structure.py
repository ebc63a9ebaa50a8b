"""The `structure` route: questions about a page, a section, a table or a figure.

`StructureResolver` turns a structural reference (`core.retrieve.structure_query`) into
targets: the graph node it names (a page node `page:<doc>:<n>`, a section node
`section:<id>`, or a table/figure chunk) and that node's chunks. Pages are found by their
printed label (PDF page labels, so "page 17" is what the reader sees printed) or physical
number, sections by the printed number stored at ingest or by title, tables and figures by
the caption that starts their chunk. A document named in the question (title, file name, a
distinctive part of either) narrows the search; otherwise every document is searched.

Example:
    >>> # StructureResolver(catalog).resolve("What is on page iv of the chemnum manual?")
    >>> # -> [Target(node='page:<doc>:4', chunk_ids=(...), score=1.0, label='page iv ...')]
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from core.retrieve.doc_names import named_documents, words
from core.retrieve.structure_query import Reference, parse_reference, without_reference
from core.types import Document, Section

MIN_TITLE_MATCH = 0.5
_SMALL_WORDS = frozenset("a an and the of for in on to with by at from".split())
_LEADING_NUMBER = re.compile(r"^(?:\d+|[A-Z](?=\.\d))(?:\.\d+)*\.?\s+")
_CAPTION_WORDS = {"table": r"(?:table|tab\.)", "figure": r"(?:figure|fig\.)"}


@dataclass(frozen=True)
class Target:
    """What a structural reference points at: the graph node, its chunks in reading order,
    how exactly it matched (0-1) and a label for the result's notes."""

    node: str
    doc_id: str
    chunk_ids: tuple[str, ...]
    score: float
    label: str


def title_match(asked: str, heading: str) -> float:
    """How well a heading matches a title asked for: 1 = the same words; a heading holding
    every word asked for, or an unquoted title that starts with the heading, scores by how
    much of it is covered; 0 = unrelated. Numbers and small words ('of', 'the') are ignored."""
    want, have = _title_words(asked), _title_words(heading)
    if not want or not have:
        return 0.0
    if want == have:
        return 1.0
    if set(want) <= set(have):
        return 0.5 + 0.45 * len(set(want)) / len(set(have))
    if want[:len(have)] == have:  # "section titled Output formats does chemmacros have"
        return 0.6 + 0.3 * len(have) / len(want)
    shared = len(set(want) & set(have))
    return 0.9 * shared / len(set(want) | set(have))


def _title_words(text: str) -> list[str]:
    """The words of a title that identify it (no leading number, no small words)."""
    return [w for w in words(_LEADING_NUMBER.sub("", text.strip()))
            if "-" not in w and "." not in w and w not in _SMALL_WORDS]


class StructureResolver:
    """Resolves structural references against the catalog (pages, sections, captions)."""

    def __init__(self, catalog):
        self.catalog = catalog

    def resolve(self, question: str) -> tuple[Reference, list[Target]] | None:
        """The reference in the question and its targets, best first; None when the question
        has no structural reference or it names nothing in the library."""
        ref = parse_reference(question)
        if ref is None:
            return None
        docs = self.catalog.documents()
        # the rest of the question names the document; an unquoted title may have swallowed it
        named = named_documents(without_reference(question, ref), docs) or named_documents(question, docs)
        docs = [d for d in docs if d.doc_id in named] if named else docs
        finder = {"page": self._pages, "section": self._sections}.get(ref.kind, self._captions)
        targets = [t for t in finder(ref, docs) if t.chunk_ids]
        return (ref, sorted(targets, key=lambda t: -t.score)) if targets else None

    # ---- pages -----------------------------------------------------------------------
    def _pages(self, ref: Reference, docs: Sequence[Document]) -> list[Target]:
        """Pages by physical number, or by printed label (the physical number for documents
        added before labels were kept); a label printed twice in a document (front matter
        numbered on its own) means the later page first."""
        labelled = self.catalog.labelled_documents()
        found: list[tuple[Document, int, float]] = []
        for doc in docs:
            if ref.physical or doc.doc_id not in labelled:
                if ref.value.isdigit() and 1 <= int(ref.value) <= doc.pages:
                    found.append((doc, int(ref.value), 1.0))
                continue
            pages = [p for _, p in self.catalog.pages_labelled(ref.value, [doc.doc_id])]
            found += [(doc, p, 1.0 - 0.1 * i) for i, p in enumerate(sorted(pages, reverse=True))]
        targets = []
        for doc, page, score in found:
            label = f"{_page_words(ref)} of {doc.title!r} is PDF page {page}"
            ids = self.catalog.chunk_ids_on_page(doc.doc_id, page)
            if not ids:  # a page holding only a heading (a part title): the section it opens
                opened = [s for s in self.catalog.sections(doc.doc_id) if s.page_start == page and s.level >= 1]
                ids = self._section_chunks(opened[0])[:1] if opened else []
                score, label = score / 2, label + " (no text of its own; the section it opens follows)"
            targets.append(Target(f"page:{doc.doc_id}:{page}", doc.doc_id, tuple(ids), score, label))
        return targets

    # ---- sections --------------------------------------------------------------------
    def _sections(self, ref: Reference, docs: Sequence[Document]) -> list[Target]:
        """Sections by printed number (checked against a title given in brackets), else by title."""
        found: list[tuple[Section, float]] = []
        for doc in docs:
            sections = [s for s in self.catalog.sections(doc.doc_id) if s.level >= 1]
            numbers = self.catalog.section_numbers(doc.doc_id)
            for s in sections:
                if ref.value:
                    number = numbers.get(s.section_id) or _own_number(s.heading_path[-1])
                    ok = number == ref.value and (not ref.title or title_match(ref.title, s.heading_path[-1])
                                                  >= MIN_TITLE_MATCH)
                    score = 1.0 if ok else 0.0
                else:
                    score = title_match(ref.title, s.heading_path[-1])
                if score >= MIN_TITLE_MATCH:
                    found.append((s, score))
        best = max((score for _, score in found), default=0.0)
        kept = [(s, score) for s, score in found if score >= best - 0.05][:5]
        by_doc = {d.doc_id: d for d in docs}
        return [Target(f"section:{s.section_id}", s.doc_id, tuple(self._section_chunks(s)), score,
                       f"section {' > '.join(s.heading_path[1:])!r} of {by_doc[s.doc_id].title!r} "
                       f"(PDF pages {s.page_start}-{s.page_end})")
                for s, score in kept]

    def _section_chunks(self, section: Section) -> list[str]:
        """The section's own chunks, or those of its subsections when it has none."""
        own = self.catalog.chunk_ids_of_sections([section.section_id])
        if own:
            return own
        inner = [s.section_id for s in self.catalog.sections(section.doc_id)
                 if s.heading_path[:len(section.heading_path)] == section.heading_path]
        return self.catalog.chunk_ids_of_sections(inner)

    # ---- tables and figures ----------------------------------------------------------
    def _captions(self, ref: Reference, docs: Sequence[Document]) -> list[Target]:
        """Table or figure chunks whose caption ('Table 3: ...') starts the chunk or one of
        its paragraphs; a caption paragraph inside a text chunk scores a little lower."""
        word = _CAPTION_WORDS[ref.kind]
        number = re.escape(ref.value) + r"(?![\d]|\.\d)" if ref.value else r"[\dA-Z]+(?:[.\-]\d+)*"
        caption = re.compile(rf"(?im)^\s*{word}\s*{number}[.:]?\s*(?P<rest>.*)$")
        short = {"table": "tab.", "figure": "fig."}[ref.kind]
        probes = [f"{ref.kind} {ref.value}", f"{short} {ref.value}", f"{short}{ref.value}"] if ref.value else [
            max(words(ref.title) or [""], key=len)]
        by_doc = {d.doc_id: d for d in docs}
        chunks = {c.chunk_id: c for p in probes for c in self.catalog.chunks_containing(p, list(by_doc))}
        targets = []
        for chunk in chunks.values():
            found = caption.search(chunk.text)
            if found is None or (ref.title and title_match(ref.title, found.group("rest")) < MIN_TITLE_MATCH):
                continue
            own = chunk.kind in ("table", "image") and found.start() == 0
            targets.append(Target(chunk.chunk_id, chunk.doc_id, (chunk.chunk_id,), 1.0 if own else 0.8,
                                  f"{found.group(0).strip()[:60]!r} in {by_doc[chunk.doc_id].title!r} "
                                  f"(PDF page {chunk.page_start})"))
        return targets


def _own_number(heading: str) -> str:
    """A number that a heading carries itself ('3.2 Colours' -> '3.2')."""
    found = _LEADING_NUMBER.match(heading.strip())
    return found.group(0).strip().rstrip(".") if found else ""


def _page_words(ref: Reference) -> str:
    return f"PDF page {ref.value}" if ref.physical else f"page {ref.value}"
