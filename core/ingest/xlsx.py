"""Excel (.xlsx, .xlsm) -> Folio Markdown: one section per sheet, its used ranges as tables.

openpyxl streams the workbook (read-only mode: memory stays flat however big the sheet) and
gives cached cell values (formulas are never evaluated, macros never run). Each sheet is a
level-1 heading; its used ranges (blocks of rows separated by empty rows) are tables whose
first row is the header when it reads as one (text labels over data), else the column
letters are; long ranges are cut into tables of `md_out.TABLE_ROWS` rows with the header
repeated. A workbook with more than `FormatSettings.max_cells` cells is refused with one
line naming FOLIO_MAX_CELLS.

Example:
    >>> # read(Path("budget.xlsx"), Path("assets/abc"), FormatSettings()).markdown.splitlines()[0]
    >>> # '# 2024'
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from core.config import FormatSettings
from core.errors import IngestError
from core.ingest.formats import ParsedFile
from core.ingest.md_out import TABLE_ROWS, MarkdownOut, column_letters, header_row


def read(path: Path, assets_dir: Path, settings: FormatSettings) -> ParsedFile:
    """Read an Excel workbook (see the module doc)."""
    from openpyxl import load_workbook

    book = load_workbook(str(path), read_only=True, data_only=True)
    try:
        out = MarkdownOut()
        budget = CellBudget(str(path), settings.max_cells)
        for sheet in book.worksheets:
            budget.expect(sheet.max_row or 0, sheet.max_column or 0)
        for sheet in book.worksheets:
            write_sheet(out, sheet.title, budget.rows(sheet.iter_rows(values_only=True)))
        title = (book.properties.title or "").strip() or path.stem
    finally:
        book.close()
    return ParsedFile(title, out.markdown())


class CellBudget:
    """Counts cells against the limit; the message names the setting to raise."""

    def __init__(self, name: str, limit: int):
        self.name, self.limit, self.seen, self.expected = name, limit, 0, 0

    def _refuse(self, count: int) -> None:
        raise IngestError(self.name, f"spreadsheet too large: more than {self.limit:,} cells ({count:,}); "
                                     "raise FOLIO_MAX_CELLS ([formats] max_cells) to read it")

    def expect(self, rows: int, columns: int) -> None:
        """Refuse early when the sheets' declared sizes already pass the limit."""
        self.expected += rows * columns
        if self.expected > self.limit:
            self._refuse(self.expected)

    def rows(self, rows: Iterable[Sequence[object]]) -> Iterator[Sequence[object]]:
        """Pass rows through, counting their cells (declared sizes may understate)."""
        for row in rows:
            self.seen += len(row)
            if self.seen > self.limit:
                self._refuse(self.seen)
            yield row


def cell_text(value: object) -> str:
    """A cell as text: whole floats without '.0', dates in ISO form."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    return str(value)


def write_sheet(out: MarkdownOut, title: str, rows: Iterable[Sequence[object]]) -> None:
    """A sheet: its heading, then its used ranges (rows between empty rows) as tables, written
    every TABLE_ROWS rows so a huge sheet never sits in memory whole."""
    out.heading(1, title)
    header: list[str] | None = None
    group: list[list[object]] = []
    for row in rows:
        values = list(row)
        if not any(v not in (None, "") for v in values):
            _flush(out, header, group)
            header, group = None, []
            continue
        group.append(values)
        if header is None and len(group) == 2:
            header = [cell_text(v) for v in group.pop(0)] if header_row(group) else []
        if len(group) >= TABLE_ROWS:
            _flush(out, header, group)
            group = []
    _flush(out, header, group)


def _flush(out: MarkdownOut, header: list[str] | None, group: list[list[object]]) -> None:
    """Write rows under the range's header (column letters when it has none), empty outer
    columns dropped."""
    if not group:
        return
    header = header or []
    width = max([len(header)] + [len(r) for r in group])
    used = [i for i in range(width) if (i < len(header) and header[i]) or
            any(i < len(r) and r[i] not in (None, "") for r in group)]
    first, last = used[0], used[-1] + 1
    top = [header[i] if i < len(header) else "" for i in range(first, last)] if header else column_letters(last)[first:]
    out.table([top] + [[cell_text(r[i]) if i < len(r) else "" for i in range(first, last)] for r in group])
