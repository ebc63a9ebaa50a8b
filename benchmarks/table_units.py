"""Search units of the table designs compared by benchmarks/table_designs.py.

A design turns chunks into search units: (unit id, the chunks a hit returns, text for BM25,
text to embed or None). See table_designs.py for what each design means.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterator, NamedTuple, Sequence

from core.index.row_entries import cells as _cells, owner, row_entries
from core.ingest.store_writer import full_text_of
from core.types import Chunk


class Unit(NamedTuple):
    """One search unit: what BM25 reads, what is embedded, the chunks a hit returns."""

    uid: str
    returns: tuple[str, ...]
    bm25: str
    embed: str | None  # None: not in the vector route


def table_rows(chunk: Chunk) -> Iterator[tuple[str, list[str]]]:
    """(caption, header cells) and each data row's cells of a table chunk."""
    lines = chunk.text.splitlines()
    first = next(i for i, l in enumerate(lines) if l.startswith("|"))
    caption = " ".join(lines[:first])
    header = _cells(lines[first])
    for row in lines[first + 2:]:
        yield caption + " " + " | ".join(header), _cells(row)


def design_today(chunks: Sequence[Chunk]) -> list[Unit]:
    """One unit per chunk, as the stores hold them today."""
    return [Unit(c.chunk_id, (c.chunk_id,), full_text_of(c), c.embed_text) for c in chunks]


def _row_units(chunks: Sequence[Chunk], embedded: bool) -> list[Unit]:
    """Chunks plus the product's row entries (core/index/row_entries.py), each returning its table."""
    units = design_today(chunks)
    for entry_id, text, _ in row_entries(chunks):
        units.append(Unit(entry_id, (owner(entry_id),), text, text if embedded else None))
    return units


def design_rows(chunks: Sequence[Chunk]) -> list[Unit]:
    """Chunks plus one embedded and indexed unit per table row."""
    return _row_units(chunks, embedded=True)


def design_rowbm25(chunks: Sequence[Chunk]) -> list[Unit]:
    """Chunks plus one BM25-only unit per table row."""
    return _row_units(chunks, embedded=False)


def design_pointer(chunks: Sequence[Chunk]) -> list[Unit]:
    """Text chunks of a table's section and page carry its cells and return it first."""
    tables: dict[tuple, list[Chunk]] = {}
    for c in chunks:
        if c.kind == "table":
            tables.setdefault((c.section_id, c.page_start), []).append(c)
    units = []
    for c in chunks:
        near = [t for p in range(c.page_start, c.page_end + 1) for t in tables.get((c.section_id, p), [])]
        if c.kind != "text" or not near:
            units.append(Unit(c.chunk_id, (c.chunk_id,), full_text_of(c), c.embed_text))
            continue
        cells = "\n".join(t.text for t in near)
        units.append(Unit(c.chunk_id, tuple(t.chunk_id for t in near) + (c.chunk_id,),
                          full_text_of(c) + "\n" + cells, c.embed_text))
    return units


def all_labels(chunks: Sequence[Chunk]) -> list[Chunk]:
    """Row groups of one table embedded with the labels of all its rows (main before this
    branch): consecutive table chunks of a section with the same caption and header."""
    out, run = list(chunks), []
    for i, c in enumerate(list(chunks) + [None]):
        if run and (c is None or c.kind != "table" or _table_key(c) != _table_key(chunks[run[0]])):
            labels = [cells[0] for j in run for _, cells in table_rows(chunks[j]) if cells]
            for j in run:
                head = out[j].embed_text.rsplit("\n", 1)[0]
                out[j] = replace(out[j], embed_text=head + "\n" + ", ".join(labels))
            run = []
        if c is not None and c.kind == "table":
            run.append(i)
    return out


def _table_key(c: Chunk) -> tuple:
    lines = c.text.splitlines()
    return c.section_id, c.page_start, tuple(lines[:next(i for i, l in enumerate(lines) if l.startswith("|")) + 1])


# name -> (words per row group, chunks -> units, labels of the whole table in every group)
DESIGNS: dict[str, tuple[int, Callable[[Sequence[Chunk]], list[Unit]], bool]] = {
    "main": (220, design_today, True), "today": (220, design_today, False),
    "small60": (60, design_today, False), "row1": (1, design_today, False), "rows": (220, design_rows, False),
    "pointer": (220, design_pointer, False), "rowbm25": (220, design_rowbm25, False),
}
