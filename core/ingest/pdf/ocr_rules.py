"""Ruling lines of a scanned page, found in its picture and drawn into the OCR'd copy.

A born-digital table's rules are vector drawings, and the ruled-table finder (tables.py)
builds its cells from them; a scanned table's rules are pixels of the page picture, so the
finder saw none and OCR'd table rows were read line by line: a row whose description wraps
to two lines put its key cell ("mz" in AMC's scoring table, centred on the row) on a line of
its own, away from its description. `find_rules` finds the long, thin straight runs of ink
in the picture Tesseract read (horizontal and vertical), and `draw_rules` draws them into the
OCR'd copy beneath the picture (hidden by it: the page looks the same), so the table finder
reads a scanned ruled table's rows by its cells as it reads a born-digital one.

Letters never hold a straight run of ink as long as `_MIN_RULE` inches; an underline or a
frame around code is found too, but a table needs rules that cross in 3 or more columns.

Example:
    >>> rules = find_rules(png_bytes, dpi=300)          # doctest: +SKIP
    >>> draw_rules(page, rules)                               # doctest: +SKIP
"""
from __future__ import annotations

import io
from typing import NamedTuple, Sequence

import numpy as np
import pymupdf
from PIL import Image

_INK = 128  # grey level below which a pixel is ink
_MIN_RULE = (0.5, 0.25)  # inches: shortest horizontal / vertical rule (a tall letter is ~0.1 in)
_MAX_THICK = 0.03  # inches: a thicker bar is a picture, not a rule
_GAP = 2  # pixels of a rule's run that may be broken (scanner dropout, a crossing rule's gap)


class Rule(NamedTuple):
    """A straight rule in page points: from (x0, y0) to (x1, y1), horizontal or vertical."""

    x0: float
    y0: float
    x1: float
    y1: float


def _runs(ink: np.ndarray, min_len: int) -> list[tuple[int, int, int]]:
    """(row, start, end) of each horizontal run of ink at least `min_len` pixels long."""
    if _GAP:  # close tiny breaks along the row first
        shifted = [np.pad(ink, ((0, 0), (k, 0)))[:, :-k] for k in range(1, _GAP + 1)]
        after = [np.pad(ink, ((0, 0), (0, k)))[:, k:] for k in range(1, _GAP + 1)]
        ink = ink | (np.logical_or.reduce(shifted) & np.logical_or.reduce(after))
    padded = np.pad(ink.astype(np.int8), ((0, 0), (1, 1)))
    edges = np.diff(padded, axis=1)
    rows, starts = np.nonzero(edges == 1)
    _, ends = np.nonzero(edges == -1)  # row-major: starts and ends pair up
    long = ends - starts >= min_len
    return list(zip(rows[long].tolist(), starts[long].tolist(), ends[long].tolist()))


def _merge(runs: list[tuple[int, int, int]], max_thick: int) -> list[tuple[float, int, int]]:
    """Runs on neighbouring rows that overlap merged into one rule: (centre row, start, end)."""
    groups: list[list[int]] = []  # [first row, last row, start, end]
    for row, start, end in sorted(runs):
        for g in groups:
            if row - g[1] <= 1 and start < g[3] and end > g[2]:
                g[1], g[2], g[3] = row, min(g[2], start), max(g[3], end)
                break
        else:
            groups.append([row, row, start, end])
    return [((g[0] + g[1]) / 2, g[2], g[3]) for g in groups if g[1] - g[0] + 1 <= max_thick]


def find_rules(png: bytes, dpi: int) -> tuple[Rule, ...]:
    """The horizontal and vertical rules in the page picture `png` read at `dpi`, in points."""
    with Image.open(io.BytesIO(png)) as img:
        ink = np.asarray(img.convert("L"), dtype=np.uint8) < _INK
    scale, thick = 72.0 / dpi, max(2, round(_MAX_THICK * dpi))
    out = [Rule(s * scale, y * scale, e * scale, y * scale)
           for y, s, e in _merge(_runs(ink, round(_MIN_RULE[0] * dpi)), thick)]
    out += [Rule(x * scale, s * scale, x * scale, e * scale)
            for x, s, e in _merge(_runs(ink.T, round(_MIN_RULE[1] * dpi)), thick)]
    return tuple(out)


def draw_rules(page: pymupdf.Page, rules: Sequence[Rule]) -> None:
    """Draw `rules` beneath the page's content (the scan covers them) for the table finder."""
    if not rules:
        return
    shape = page.new_shape()
    for r in rules:
        shape.draw_line((r.x0, r.y0), (r.x1, r.y1))
    shape.finish(color=(0, 0, 0), width=0.5)
    shape.commit(overlay=False)
