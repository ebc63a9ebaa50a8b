"""Cut a document's sections into chunks that keep their cascading metadata (HiQA).

Text: paragraphs are packed into chunks of at most `max_words` words; a longer paragraph
is cut at sentence ends (a longer sentence at word boundaries); consecutive chunks of a
section share about `overlap_words` words. Words are never dropped or reordered, so a
phrase that fits in a chunk reads exactly as in the source. Each chunk embeds as
"Title > Chapter > Section" + newline + text.

Tables (core.ingest.chunk_tables): one chunk per table (row groups for big tables, header
repeated); the reader sees caption + Markdown table, while the embedding sees only the
heading path, the caption, the header row and the group's first-column labels, never the
data cells. Images: the description.

Example:
    >>> from core.config import ChunkingSettings
    >>> secs, chunks = chunk_markdown("d1", "Guide", "# Setup\\n\\nRun it.\\n", ChunkingSettings())
    >>> chunks[0].heading_path, chunks[0].embed_text
    (('Guide', 'Setup'), 'Guide > Setup\\nRun it.')
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from core.config import ChunkingSettings
from core.ingest.chunk_tables import table_pieces
from core.ingest.markdown import Block, SectionNode, parse_sections
from core.types import Chunk, Section

_SENTENCE_END = re.compile(r"(?<=[.!?:;])\s+(?=[A-Z0-9\"'(\[])")


@dataclass(frozen=True)
class _Unit:
    """A run of words that stays together in one chunk (a sentence or a paragraph)."""

    words: tuple[str, ...]
    page: int
    starts_paragraph: bool


def chunk_markdown(doc_id: str, title: str, markdown: str, settings: ChunkingSettings
                   ) -> tuple[list[Section], list[Chunk]]:
    """Return the document's sections and its chunks in reading order."""
    nodes = parse_sections(doc_id, title, markdown)
    chunks: list[Chunk] = []

    def add(node: SectionNode, piece: dict) -> None:
        chunks.append(Chunk.create(doc_id=doc_id, doc_title=title, position=len(chunks),
                                   section_id=node.section.section_id,
                                   heading_path=node.section.heading_path, **piece))
    bare: list[SectionNode] = []  # sections with no text of their own yet
    for node in nodes:
        pieces = list(_node_pieces(node, settings))
        if not pieces:
            bare.append(node)
            continue
        for first, piece in _bare_headings(bare, node.section.heading_path):
            add(first, piece)
        bare = []
        for piece in pieces:
            add(node, piece)
    for first, piece in _bare_headings(bare, None):
        add(first, piece)
    return [n.section for n in nodes], chunks


def _bare_headings(bare: list[SectionNode], path: tuple[str, ...] | None) -> Iterator[tuple[SectionNode, dict]]:
    """One text chunk of the headings of sections left without any chunk (an author line or
    a date set as a heading), so that their words stay searchable; sections above `path`
    (the next chunk's heading path) are left out, their headings travel with it."""
    lost = [n for n in bare if n.section.level > 0
            and (path is None or path[:len(n.section.heading_path)] != n.section.heading_path)]
    if lost:
        text = "\n".join(n.section.heading_path[-1] for n in lost)
        first, last = lost[0].section.page_start, lost[-1].section.page_start
        yield lost[0], dict(text=text, embed_text=" > ".join(lost[0].section.heading_path) + "\n" + text,
                            page_start=first, page_end=last)


def _node_pieces(node: SectionNode, settings: ChunkingSettings) -> Iterator[dict]:
    """Chunk fields (text, embed_text, kind, pages) for one section, in order."""
    path = " > ".join(node.section.heading_path)
    run: list[Block] = []
    for block in node.blocks + (None,):
        if block is not None and block.kind == "text":
            run.append(block)
            continue
        for text, first, last in pack_text(run, settings.max_words, settings.overlap_words):
            yield dict(text=text, embed_text=f"{path}\n{text}", page_start=first, page_end=last)
        run = []
        if block is not None and block.kind == "table":
            yield from table_pieces(block, path, settings.max_words)
        elif block is not None:  # an image's description, a form field, an annotation's note
            yield dict(text=block.text, embed_text=f"{path}\n{block.text}", kind=block.kind,
                       page_start=block.page, page_end=block.page)


def _units(blocks: list[Block], max_words: int, overlap_words: int) -> list[_Unit]:
    """Paragraphs as units; paragraphs over `max_words` split into sentences, then words.

    Over-long sentences are cut into windows of max_words - overlap_words words so that a
    window plus the overlap still fits in one chunk.
    """
    window = max(1, max_words - overlap_words)
    units: list[_Unit] = []
    for block in blocks:
        words = block.text.split()
        if len(words) <= max_words:
            parts = [words]
        else:
            parts = []
            for sentence in _SENTENCE_END.split(block.text):
                sw = sentence.split()
                step = max_words if len(sw) <= max_words else window
                parts += [sw[i:i + step] for i in range(0, len(sw), step)]
        for i, part in enumerate(p for p in parts if p):
            units.append(_Unit(tuple(part), block.page, i == 0))
    return units


def pack_text(blocks: list[Block], max_words: int, overlap_words: int) -> list[tuple[str, int, int]]:
    """Pack paragraphs into (text, first page, last page) chunks of <= max_words words."""
    units = _units(blocks, max_words, overlap_words)
    chunks: list[tuple[str, int, int]] = []
    current: list[_Unit] = []
    fresh = 0  # units in `current` that are not overlap from the previous chunk
    for unit in units:
        if fresh and _count(current) + len(unit.words) > max_words:
            chunks.append(_render(current))
            current = _overlap(current, overlap_words, max_words - len(unit.words))
            fresh = 0
        current.append(unit)
        fresh += 1
    if fresh:
        chunks.append(_render(current))
    return chunks


def _count(units: list[_Unit]) -> int:
    return sum(len(u.words) for u in units)


def _overlap(units: list[_Unit], overlap_words: int, room: int) -> list[_Unit]:
    """The tail of a chunk (whole units, else the last words) to repeat in the next one."""
    budget = min(overlap_words, room)
    if budget <= 0:
        return []
    tail: list[_Unit] = []
    for unit in reversed(units):
        if _count(tail) + len(unit.words) > budget:
            break
        tail.insert(0, unit)
    if not tail:
        last = units[-1]
        tail = [_Unit(last.words[-budget:], last.page, False)]
    return tail


def _render(units: list[_Unit]) -> tuple[str, int, int]:
    """Join units: a space inside a paragraph, a newline between paragraphs."""
    text = ""
    for u in units:
        sep = "\n" if u.starts_paragraph else " "
        text = f"{text}{sep}{' '.join(u.words)}" if text else " ".join(u.words)
    return text, min(u.page for u in units), max(u.page for u in units)
