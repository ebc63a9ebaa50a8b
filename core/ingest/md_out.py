"""Write Folio Markdown from a structured source (Word, slides, sheets, HTML, e-books).

The same conventions as the PDF writer (core.ingest.pdf.markdown): one paragraph per line
with a blank line between, headings as `#`..`######` at their true depth, tables as Markdown
tables preceded by their caption, pictures as `![description](assets/file)`, and document
text that would read as Markdown structure escaped with a backslash. Headings deeper than 6
are written at 6 (the section parser reads at most six `#`).

Example:
    >>> out = MarkdownOut()
    >>> out.heading(1, "Setup"); out.paragraph("# not a heading"); out.table([["a", "b"], ["1", "2"]])
    >>> print(out.markdown())
    # Setup
    <BLANKLINE>
    \\# not a heading
    <BLANKLINE>
    | a | b |
    |---|---|
    | 1 | 2 |
    <BLANKLINE>
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from core.ingest.pdf.markdown import escape_line
from core.ingest.pdf.tables import table_markdown

TABLE_ROWS = 40  # rows per written table: a long sheet becomes several tables, header repeated


def one_line(text: str) -> str:
    """Collapse whitespace (line breaks, tabs) into single spaces."""
    return " ".join(str(text).split())


class MarkdownOut:
    """Accumulates Folio Markdown; every method writes one block."""

    def __init__(self) -> None:
        self._out: list[str] = []
        self.headings: list[tuple[int, str]] = []  # (level, text), in order: for fidelity checks

    def markdown(self) -> str:
        """The Markdown written so far (ends with a newline)."""
        return "\n".join(self._out).rstrip() + "\n"

    def _block(self, text: str) -> None:
        self._out.extend([text, ""])

    def page(self, number: int) -> None:
        """A page marker: what follows starts on physical page `number`."""
        self._block(f"<!-- page {number} -->")

    def heading(self, level: int, text: str) -> None:
        """A heading at depth `level` (1 = chapter); empty headings are left out."""
        text = one_line(text)
        if text:
            level = min(max(level, 1), 6)
            self.headings.append((level, text))
            self._block("#" * level + " " + text)

    def paragraph(self, text: str, prefix: str = "") -> None:
        """A paragraph (a list item with `prefix` such as '- ' or '1. ')."""
        text = one_line(text)
        if text:
            self._block(escape_line(prefix + text))

    def table(self, rows: Sequence[Sequence[object]], caption: str = "") -> None:
        """A table whose first row is its header; long tables are cut every TABLE_ROWS rows
        with the header repeated (each piece then keeps its own page)."""
        rows = [[one_line(c) if c is not None else "" for c in r] for r in rows]
        rows = [r for r in rows if any(r)]
        if not rows:
            return
        if len(rows) == 1:  # a lone row reads better as text than as a header without data
            self.paragraph(" | ".join(c for c in rows[0] if c))
            return
        header, body = rows[0], rows[1:]
        for start in range(0, len(body), TABLE_ROWS):
            table = table_markdown([header] + body[start:start + TABLE_ROWS])
            cap = escape_line(one_line(caption)) if caption and start == 0 else ""
            self._block("\n".join(p for p in (cap, table) if p))

    def image(self, description: str, file: Path | None, assets_dir: Path) -> None:
        """A picture: saved file (or none) and its description (alt text, caption)."""
        description = one_line(description).replace("]", ")") or "picture"
        target = f"{assets_dir.name}/{file.name}" if file is not None else ""
        self._block(f"![{description}]({target})")


def header_row(rows: Sequence[Sequence[object]]) -> bool:
    """True when the first row reads as a header: every filled cell is text (not a number),
    the row fills at least half the columns, and the row below holds at least one number or
    differs in type; a sheet without one gets column letters as its header."""
    if len(rows) < 2:
        return False
    first = [c for c in rows[0] if c not in (None, "")]
    width = max(len(r) for r in rows)
    if not first or len(first) * 2 < width:
        return False
    return all(isinstance(c, str) and not _numeric(c) for c in first)


def _numeric(text: str) -> bool:
    """True for '12', '3.5', '-1,000', '45%'."""
    t = text.strip().replace(",", "").rstrip("%")
    try:
        float(t)
    except ValueError:
        return False
    return True


def column_letters(n: int) -> list[str]:
    """['A', 'B', ..., 'Z', 'AA', ...] for n columns."""
    out = []
    for i in range(n):
        name, k = "", i + 1
        while k:
            k, r = divmod(k - 1, 26)
            name = chr(65 + r) + name
        out.append(name)
    return out
