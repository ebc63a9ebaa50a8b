"""Text rows for the borderless-table finder: a page's words grouped into rows of pieces.

A row is a line of words cut at wide gaps into pieces (candidate cells). Lines that overlap
vertically are one row, so a cell in another font on its own baseline, or a cell wrapped to
two lines beside cells centred between them, stays in its row.

Example:
    >>> words = [(10, 0, 40, 10, "Option", 0, 0, 0), (80, 0, 110, 10, "Default", 0, 0, 1)]
    >>> [p for _, p in text_rows(words)[0].pieces]
    ['Option', 'Default']
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from core.ingest.pdf.layout import Box
from core.ingest.pdf.joining import join_lines


def cell_text(words: Sequence, line_of) -> str:
    """A cell's words, line by line (`line_of(word)` tells the lines apart), joined as a
    paragraph's lines are (`joining.join_lines`: "apt-get/apt-cache syn-" / "tax": "syntax"),
    a package name, path or key keeping its hyphen ("fonts-crosextra-" / "carlito")."""
    lines: list[list[str]] = []
    last = object()
    for w in words:
        here = line_of(w)
        if not lines or here != last:
            lines.append([])
        lines[-1].append(w[4])
        last = here
    return join_lines([" ".join(line) for line in lines], names_keep_hyphen=True)


@dataclass(frozen=True)
class Row:
    """One text row: its box, the x where each gap-separated piece starts, and its words."""

    box: Box
    pieces: tuple[tuple[float, str], ...]  # (x where the piece starts, its text)
    height: float
    words: int

    @property
    def starts(self) -> tuple[float, ...]:
        """The x where each piece starts."""
        return tuple(x for x, _ in self.pieces)


def text_rows(words: Sequence[tuple]) -> list[Row]:
    """Words grouped into rows by baseline, each row cut into pieces at wide gaps.

    Lines whose boxes overlap by a third of their height are one row: a cell set in another
    font on its own baseline, or a cell that wraps to two lines while the cells beside it
    are centred between those lines (the row's parts would otherwise split the table)."""
    lines: list[list[tuple]] = []
    for w in sorted(words, key=lambda w: (w[3], w[0])):
        if lines and abs(lines[-1][0][3] - w[3]) < 2.0:
            lines[-1].append(w)
        else:
            lines.append([w])
    return [_row(group) for group in _overlapping(lines)]


def _overlapping(lines: list[list[tuple]]) -> list[list[list[tuple]]]:
    """Consecutive lines grouped while each overlaps the group's box by 1/3 of its height."""
    groups: list[list[list[tuple]]] = []
    bottom = float("-inf")
    for ws in lines:
        top, low = min(w[1] for w in ws), max(w[3] for w in ws)
        if groups and bottom - top >= (low - top) / 3:
            groups[-1].append(ws)
        else:
            groups.append([ws])
        bottom = max(bottom, low) if len(groups[-1]) > 1 else low
    return groups


def _row(group: list[list[tuple]]) -> Row:
    """One row from its lines: each line cut into pieces at wide gaps, then pieces of
    different lines joined where they overlap in x (a wrapped cell, read line by line) or
    where a smaller one follows closely (a superscript)."""
    words = [w for line in group for w in line]
    h = max(w[3] - w[1] for w in words)
    gap = max(7.0, 0.75 * h)  # wider than a justified line's stretched spaces
    pieces: list[list[tuple]] = []
    for line in group:
        line = sorted(line, key=lambda w: w[0])
        cuts = [0] + [i + 1 for i, (a, b) in enumerate(zip(line, line[1:])) if b[0] - a[2] > gap] + [len(line)]
        pieces += [line[a:b] for a, b in zip(cuts, cuts[1:])]
    pieces.sort(key=lambda p: p[0][0])
    joined: list[list[tuple]] = []
    for piece in pieces:
        if joined and _joins(joined[-1], piece, gap):
            joined[-1] += piece
        else:
            joined.append(list(piece))
    box = (min(w[0] for w in words), min(w[1] for w in words), max(w[2] for w in words), max(w[3] for w in words))
    return Row(box, tuple((min(w[0] for w in p), _piece_text(p, group)) for p in joined), h, len(words))


def _joins(left: list[tuple], piece: list[tuple], gap: float) -> bool:
    """`piece` belongs to the piece on its left: they overlap in x (a wrapped cell), or it is
    set smaller just after it (a superscript or footnote mark on its own baseline)."""
    right = max(w[2] for w in left)
    if piece[0][0] < right:
        return True
    small = max(w[3] - w[1] for w in piece) < 0.8 * max(w[3] - w[1] for w in left)
    return small and piece[0][0] - right <= gap


def _piece_text(piece: list[tuple], group: list[list[tuple]]) -> str:
    """A piece's words line by line (the group's order) where two of its lines overlap in x
    (a wrapped cell), else left to right (a superscript after its word)."""
    if len(group) == 1:
        return " ".join(w[4] for w in sorted(piece, key=lambda w: w[0]))
    line_of = {id(w): i for i, line in enumerate(group) for w in line}
    stacked = any(line_of[id(a)] != line_of[id(b)] and a[0] < b[2] and b[0] < a[2]
                  for i, a in enumerate(piece) for b in piece[i + 1:])
    order = (lambda w: (line_of[id(w)], w[0])) if stacked else (lambda w: w[0])
    return cell_text(sorted(piece, key=order), (lambda w: line_of[id(w)]) if stacked else (lambda w: 0))
