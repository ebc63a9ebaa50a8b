"""Borderless tables: columns aligned by whitespace, found without ruling lines.

Measured on the pdfqa-dev manuals, the library finders do not fit here: PyMuPDF's
`find_tables(strategy="text")` and pdfplumber's text strategy call most prose pages tables,
PyMuPDF's layout model (which tells them apart) costs about 0.45 s of CPU a page, and inside
a chosen region PyMuPDF's text cells split words (an underscore drawn low becomes a row of
its own). So tables are read from the page's words: a region is a run of at least
`MIN_ROWS` text rows that each split into two or more pieces at wide gaps, whose pieces
start at the same few x positions (column anchors) row after row; each piece becomes the
cell of the last anchor at or left of it. A region is kept when it looks like a table:
short cells, few empty ones, and not a
list (rows starting with bullets, enumerators or line numbers), a code listing (monospaced
font without a plain header row, or C-like rows) or the labels of a diagram (drawn shapes
around the text).

Example:
    >>> box, rows = find_text_tables(page, page.get_text("words"), ruled=[])[0]  # doctest: +SKIP
    >>> rows[0]                                                               # doctest: +SKIP
    ['Option', 'Default', 'Meaning']
"""
from __future__ import annotations

import re
from typing import Sequence

import pymupdf

from core.ingest.pdf.layout import Box, Item
from core.ingest.pdf.tables_rows import Row, text_rows

MIN_ROWS = 3  # header included
_ANCHOR_TOL = 4.0  # points: column starts closer than this are one column
_MAX_CELL_WORDS = 6.0  # mean words in a non-empty cell; longer is prose laid out in columns
_MAX_PIECE_WORDS = 4.5  # mean words per gap-separated piece of a row (two-column prose: ~7)
_MAX_ONE_CELL = 10  # words in a cell of the first row
_MIN_FILLED = 0.6  # share of cells that hold text
_MONO = 8  # PyMuPDF span flag: monospaced font
_INDEX_ENTRY = re.compile(r",\s*\d+(\s*,\s*\d+)*$")
_MONO_NAME = re.compile(r"mono|courier|typewriter|consol|cmtt|sftt|code", re.I)
# a row that starts with a bullet, an enumerator or a line number is a list or a listing
_MARKER = re.compile(r"^([\u2022\u00b7\u25e6\u25aa\u2023\u2013\u2014*+\-]|\(?[0-9]{1,4}[.):]?|\(?[a-z][.)]|\(?[ivx]{1,4}[.)])$", re.I)


def aligned_regions(rows: Sequence[Row]) -> list[tuple[Sequence[Row], list[float]]]:
    """Runs of >= MIN_ROWS close rows of 2+ pieces sharing >= 2 column anchors, with the
    anchors (the x where each column starts)."""
    regions: list[tuple[Sequence[Row], list[float]]] = []
    run: list[Row] = []
    for row in list(rows) + [None]:
        if row is not None and run and _wrapped(run[-1], row):
            run[-1] = _merge(run[-1], row)
            continue
        joins = row is not None and len(row.starts) >= 2 and (not run or _continues(run[-1], row))
        if joins:
            run.append(row)
            continue
        anchors = _anchors(run) if len(run) >= MIN_ROWS else []
        if len(anchors) >= 2 and _piece_words(run) <= _MAX_PIECE_WORDS and not _is_list(run) \
                and _on_anchors(run, anchors) >= 0.8:
            regions.append((run, anchors))
        run = [row] if row is not None and len(row.starts) >= 2 else []
    return regions


def _continues(above: Row, row: Row) -> bool:
    """`row` follows `above` in one table: close below it, and in type of about the same
    size (a heading above a table is not its first row) or starting two of its pieces where
    `above` starts two (a column set in another font keeps its table together)."""
    close = row.box[1] - above.box[3] <= 1.5 * max(row.height, above.height)
    if not close:
        return False
    if abs(row.height - above.height) <= 0.2 * max(row.height, above.height):
        return True
    return sum(1 for x in row.starts if any(abs(x - s) <= _ANCHOR_TOL for s in above.starts)) >= 2


def _wrapped(above: Row, row: Row) -> bool:
    """`row` is one piece under a later column of `above`: a cell's text wrapped to a new line."""
    x = row.pieces[0][0]
    return len(row.pieces) == 1 and _continues(above, row) and \
        any(abs(x - s) <= _ANCHOR_TOL for s in above.starts[1:])


def _merge(above: Row, row: Row) -> Row:
    """`above` with the wrapped line's text appended to the cell it continues."""
    x, text = row.pieces[0]
    pieces = tuple((s, f"{t} {text}" if abs(x - s) <= _ANCHOR_TOL else t) for s, t in above.pieces)
    return Row(_union([above.box, row.box]), pieces, above.height, above.words + row.words)


def _on_anchors(run: Sequence[Row], anchors: Sequence[float]) -> float:
    """Share of pieces that start at a column anchor (a justified line's wide spaces do not)."""
    pieces = [x for r in run for x in r.starts]
    return sum(1 for x in pieces if any(abs(x - a) <= _ANCHOR_TOL for a in anchors)) / len(pieces)


def _is_list(run: Sequence[Row]) -> bool:
    """Most rows start with a bullet, enumerator or line number: a list or a code listing."""
    return sum(1 for r in run if _MARKER.match(r.pieces[0][1])) >= 0.6 * len(run)


def _piece_words(run: Sequence[Row]) -> float:
    """Mean words per piece: a cell holds a few words, a line of a prose column many more."""
    return sum(r.words for r in run) / sum(len(r.starts) for r in run)


def _anchors(run: Sequence[Row]) -> list[float]:
    """Column starts shared by at least 60% of the rows of a run."""
    xs = sorted(x for r in run for x in set(round(s) for s in r.starts))
    anchors: list[list[float]] = []
    for x in xs:
        if anchors and x - anchors[-1][-1] <= _ANCHOR_TOL:
            anchors[-1].append(x)
        else:
            anchors.append([x])
    need = max(MIN_ROWS, 0.6 * len(run))
    return [sum(a) / len(a) for a in anchors if len(a) >= need]


def _union(boxes: Sequence[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def plausible(rows: Sequence[Sequence[str | None]]) -> bool:
    """A table: >= MIN_ROWS rows, >= 2 columns, mostly filled, short cells, and neither terms
    with a sentence beside each, nor signatures with the same tag beside each, nor an index."""
    if len(rows) < MIN_ROWS or max(len(r) for r in rows) < 2:
        return False
    cells = [c for r in rows for c in r]
    filled = [c for c in cells if c and c.strip()]
    if len(filled) < _MIN_FILLED * len(cells):
        return False
    if has_empty_column(rows):
        return False
    if sum(1 for r in rows if _sentence(r[-1] or "")) >= 0.6 * len(rows):
        return False  # terms with sentences beside them: a definition list
    if sum(1 for c in filled if _INDEX_ENTRY.search(c)) >= 0.5 * len(filled):
        return False  # a book's index set in columns: 'term, 12, 40'
    if len({(r[-1] or "").strip() for r in rows}) == 1:
        return False  # the same word beside every row: '[Function]' after each signature
    if max(len((c or "").split()) for c in rows[0]) > _MAX_ONE_CELL:
        return False  # a paragraph caught as the first row

    return sum(len(c.split()) for c in filled) / len(filled) <= _MAX_CELL_WORDS


def has_empty_column(rows: Sequence[Sequence[str | None]]) -> bool:
    """A column with no text in any row: boxes drawn beside labels (a form's check boxes),
    not a table (its labels would come out as a table without its first column)."""
    width = max(len(r) for r in rows)
    return any(not any(i < len(r) and (r[i] or "").strip() for r in rows) for i in range(width))


def _sentence(text: str) -> bool:
    """Three or more words ending in a full stop (not an ellipsis)."""
    text = text.strip()
    return len(text.split()) >= 3 and text.endswith(".") and not text.endswith("..")


def looks_like_code(page: pymupdf.Page, box: Box) -> bool:
    """A code listing: mostly a monospaced font under no plain header row, or rows that end in
    ';' or hold C comments (a struct laid out in columns)."""
    rows: dict[int, list[dict]] = {}
    for block in page.get_text("dict", clip=pymupdf.Rect(box))["blocks"]:
        for line in block.get("lines", ()):
            spans = [s for s in line["spans"] if s["text"].strip()]
            if spans:
                rows.setdefault(round(line["bbox"][3] / 2), []).extend(spans)
    ordered = [rows[k] for k in sorted(rows)]
    chars = [(len(s["text"].strip()), _is_mono(s)) for spans in ordered for s in spans]
    total = sum(n for n, _ in chars)
    if not total:
        return False
    codish = sum(1 for spans in ordered if _code_row("".join(s["text"] for s in spans)))
    if codish >= 0.5 * len(ordered):
        return True
    header = not any(_is_mono(s) for s in ordered[0])  # a table of code under a plain header row
    return sum(n for n, mono in chars if mono) > 0.5 * total and not header


def _is_mono(span: dict) -> bool:
    return bool(span["flags"] & _MONO or _MONO_NAME.search(span["font"]))


def _code_row(text: str) -> bool:
    text = text.strip()
    return text.endswith(";") or "/*" in text or "*/" in text or "//" in text


def in_drawing(page: pymupdf.Page, box: Box) -> bool:
    """True when drawn shapes other than thin horizontal rules touch `box`: text inside a
    diagram, or a shaded code box."""
    area = pymupdf.Rect(box)
    for path in page.get_cdrawings():
        rect = pymupdf.Rect(path["rect"])
        if rect.height > 1.5 and rect.intersects(area):
            return True
    return False


def cells(run: Sequence[Row], anchors: Sequence[float]) -> list[list[str]]:
    """The run's rows cut into columns: each piece goes to the last anchor at or left of it."""
    table = []
    for row in run:
        out = [""] * len(anchors)
        for x, text in row.pieces:
            col = max([i for i, a in enumerate(anchors) if a <= x + _ANCHOR_TOL] or [0])
            out[col] = f"{out[col]} {text}".strip()
        table.append(out)
    return table


def find_text_tables(page: pymupdf.Page, words: Sequence[tuple], ruled: Sequence[Item]) -> list[tuple[Box, list]]:
    """(box, rows) of the page's borderless tables, outside the `ruled` tables' boxes."""
    found = []
    for run, anchors in aligned_regions(text_rows(words)):
        box = _union([r.box for r in run])
        if any(_overlaps(box, t.bbox) for t in ruled) or in_drawing(page, box) or looks_like_code(page, box):
            continue
        rows = cells(run, anchors)
        if plausible(rows):
            found.append((box, rows))
    return found
