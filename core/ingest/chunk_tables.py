"""Table chunks (HiQA): the reader sees caption + Markdown table, the embedding sees labels.

A table becomes one chunk, or several row groups when it is long, each repeating the
caption and header row. Each group's embedding text is the heading path, the caption, the
header row and the first-column labels of that group's own rows, never the data cells, so
groups of one table embed apart and a question naming a row's label finds that row's group;
the full-text index reads the whole chunk text (cells included), and each data row is
also a small store entry of its own that stands for the chunk (core/index/row_entries.py).

Example:
    >>> from core.ingest.markdown import Block
    >>> table = "| Key | Value |\\n|---|---|\\n| port | 21 |\\n| mode | passive |"
    >>> [p["embed_text"] for p in table_pieces(Block("table", table, 3, caption="Table 1: FTP"), "Guide", 220)]
    ['Guide\\nTable 1: FTP\\nKey | Value\\nport, mode']
"""
from __future__ import annotations

from typing import Iterator

from core.index.row_entries import cells
from core.ingest.markdown import Block

GROUP_WORDS = 220  # most words of data rows in one row group (the chunk size of text)


def table_pieces(block: Block, path: str, max_words: int = GROUP_WORDS) -> Iterator[dict]:
    """Chunk fields for one table: caption + header + a group of rows each, labels embedded."""
    lines = block.text.splitlines()
    header, rows = lines[:2], lines[2:]
    head = " | ".join(cells(header[0]))
    for group in row_groups(rows, max_words):
        labels = [cells(r)[0] for r in group if cells(r)]
        embed = "\n".join(p for p in (path, block.caption, head, ", ".join(labels)) if p)
        table = "\n".join(header + group)
        text = f"{block.caption}\n{table}" if block.caption else table
        yield dict(text=text, embed_text=embed, kind="table", page_start=block.page, page_end=block.page)


def row_groups(rows: list[str], max_words: int) -> list[list[str]]:
    """Split rows into groups of at most ~max_words words (at least one row each)."""
    groups: list[list[str]] = [[]]
    words = 0
    for row in rows:
        n = len(row.split())
        if groups[-1] and words + n > max_words:
            groups.append([])
            words = 0
        groups[-1].append(row)
        words += n
    return groups
