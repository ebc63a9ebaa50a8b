"""Write the Markdown of a parsed PDF, page by page, from items in reading order.

Each paragraph is one Markdown line (blank line between), so the section parser in
`core.ingest.markdown` can read it back line by line. Document text that would look like
Markdown structure (a leading '#', '|', '![' or '<!--') is escaped with a backslash.
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from core.ingest.pdf import images as im
from core.ingest.pdf.forms import MARKERS
from core.ingest.pdf.headings import Heading
from core.ingest.pdf.joining import join_lines
from core.ingest.pdf.layout import Item, Line

_STRUCTURAL = ("#", "|", "![", "<!--", "\\")


def escape_line(text: str) -> str:
    """Backslash-escape a paragraph that would otherwise read as Markdown structure."""
    return "\\" + text if text.startswith(_STRUCTURAL) else text


class MarkdownWriter:
    """Accumulates the Markdown of a document, one page at a time.

    `headings` maps (page, line index) to a Heading (negative indexes: insert at the page
    top); `hidden` holds (page, line index) of lines to leave out (running heads, title).
    """

    def __init__(self, headings: dict[tuple[int, int], Heading], hidden: set[tuple[int, int]],
                 assets_dir: Path, describe_image: im.DescribeImage | None = None):
        self._headings = headings
        self._consumed = {(p, i) for (p, _), h in headings.items() for i in h.lines}
        self._hidden = hidden
        self._assets = assets_dir
        self._describe = describe_image
        self._out: list[str] = []
        self.images: list[im.ImageInfo] = []

    def markdown(self) -> str:
        """The Markdown written so far."""
        return "\n".join(self._out).rstrip() + "\n"

    def page(self, page_no: int, items: Sequence[Item]) -> None:
        """Write one page: its marker, headings placed at its top, then its items."""
        self._block(f"<!-- page {page_no} -->")
        top = sorted(((k, h) for k, h in self._headings.items() if k[0] == page_no and k[1] < 0),
                     key=lambda kh: -kh[0][1])
        for _, heading in top:
            self._heading(heading)
        visible = [ln for it in items if it.kind == "lines" for ln in it.lines]
        for item in items:
            if item.kind == "lines":
                self._text(item.lines)
            elif item.kind in MARKERS:  # a form field or a note: marked for the chunker
                self._block(f"{MARKERS[item.kind]}\n{escape_line(item.markdown)}")
            elif item.kind == "table":
                caption = " ".join(l.text for l in item.caption)
                self._block("\n".join(p for p in (escape_line(caption) if caption else "", item.markdown) if p))
            else:
                self._image(item, page_no, visible)

    def _block(self, text: str) -> None:
        self._out.extend([text, ""])

    def _heading(self, heading: Heading) -> None:
        self._block("#" * heading.level + " " + heading.text)

    def _text(self, lines: Sequence[Line]) -> None:
        """Paragraph text, with headings written where their first line stands; in a block of
        entries whose name and value stand apart on their line (a reference card: "read file into
        GP" ... "\\r filename"; code with a comment set to the right), each entry is a paragraph of
        its own instead of one run-on paragraph of them all."""
        para: list[str] = []
        entries = card_entries(lines)
        value_x = None  # where the value of the entry in `para` starts, once its name-and-value line is in
        for ln in lines:
            key = (ln.page, ln.index)
            if key in self._headings:
                self._flush(para)
                self._heading(self._headings[key])
                if not self._headings[key].lines:  # placed before this line, not on it
                    para.append(ln.text)
            elif key not in self._consumed and key not in self._hidden and ln.mono:
                self._flush(para)  # a code or verbatim line keeps its line break ("$ ./configure", "$ make")
                self._block(escape_line(ln.text))
            elif key not in self._consumed and key not in self._hidden and entries:
                if value_x is not None and (ln.cut or ln.bbox[0] < value_x - CARD_INDENT):
                    self._flush(para)  # a new entry: its own name line, or a name wrapped before its value
                    value_x = None
                para.append(ln.text)  # a line under the value column goes on with the value ("… read-" / "ing.")
                value_x = ln.cut_x if ln.cut else value_x
            elif key not in self._consumed and key not in self._hidden:
                para.append(ln.text)
        self._flush(para)

    def _flush(self, para: list[str]) -> None:
        if para:
            self._block(escape_line(join_lines(para)))
            para.clear()

    def _image(self, item: Item, page_no: int, lines: Sequence[Line]) -> None:
        """Describe a saved picture and write it as a Markdown image."""
        file = Path(item.markdown)
        caption = " ".join(l.text for l in item.caption)
        skip = {i for p, i in self._hidden if p == page_no}
        context = im.context_text(item.bbox, lines, skip)
        description = im.describe(caption, context, file, self._describe)
        rel = f"{self._assets.name}/{file.name}"
        self._block(f"![{description}]({rel})")
        self.images.append(im.ImageInfo(str(file), page_no, caption, description, tuple(item.bbox)))


CARD_LINES = 3  # entries a block needs to read as a reference card
CARD_INDENT = 3.0  # points: a line starting this far left of the value column starts a new entry
CARD_SHARE = 0.6  # and the share of its lines that are entries


def card_entries(lines: Sequence[Line]) -> bool:
    """Most lines of the block hold a name and a value set apart by a wide gap (`Line.cut`)."""
    cut = sum(1 for ln in lines if ln.cut)
    return cut >= CARD_LINES and cut >= CARD_SHARE * len(lines)
