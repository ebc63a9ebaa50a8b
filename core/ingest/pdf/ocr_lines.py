"""Type sizes of OCR'd lines made steady, so headings are found on scans as on born-digital pages.

Tesseract's text layer gives each line a font size measured from that line's ink (its
tallest letters, brackets and descenders), so the body text of one scanned manual comes out
anywhere between 7.5 and 9.5 points and its section headings between 11.5 and 14: a body
line with tall letters looks "larger than the body" and a heading's size changes from one
heading to the next. Heading detection works on sizes (a line set larger than the body; one
level per size), so such noise turns plain lines into headings and splits one heading level
into several. `steady_sizes` gives every line up to a little above the body size the body size, and every
larger line the typical size of its group of close sizes (sizes within `_GROUP` of each
other), on OCR'd pages only.

MuPDF also groups the words of Tesseract's text layer into blocks one line at a time, so
a scanned paragraph came out as one paragraph per line (a word hyphenated at a line end
stayed in two pieces, and the chunker cut between lines of one sentence). `rejoin_paragraphs`
puts a line back into the block of the line above when it follows at the page's usual line
pitch, at the same size and weight, starting under it: the paragraphs a born-digital page has. Tesseract's
invisible font is fixed-width, so every OCR'd line read as code (kept as a line of its own);
the font of a scan is unknown, so no OCR'd line is taken for code.

Example:
    >>> pages = rejoin_paragraphs(steady_sizes(pages, scanned={1, 2}), scanned={1, 2})  # doctest: +SKIP
"""
from __future__ import annotations

import statistics
from dataclasses import replace
from typing import Mapping, Sequence

from core.ingest.pdf.layout import Line
from core.ingest.pdf.ocr_bold import mark_bold
from core.ingest.pdf.ocr_headings import numbered_and_code, signature_lines
from core.ingest.pdf.ocr_logo import Box, size_wordmarks
from core.ingest.pdf.ocr_text import mend_text
from core.ingest.pdf.ocr_words import OcrWord, weighted_median

_BODY_BAND = 1.2  # a line up to 20% larger than the body is body text read with tall letters
_GROUP = 1.15  # sizes within 15% of a group's smallest are one heading size
_PITCH_SLACK = 1.3  # a gap up to 30% above the usual line pitch is still inside a paragraph
_INDENT = 3.0  # a paragraph's next line starts at most this many sizes right of the line above


def size_groups(sizes: Sequence[tuple[float, int]], body: float) -> dict[float, float]:
    """Each size above the body band -> its group's typical size (rounded to half a point)."""
    above = sorted(s for s in {size for size, _ in sizes} if s > body * _BODY_BAND)
    groups: list[list[float]] = []
    for size in above:
        if groups and size <= groups[-1][0] * _GROUP:
            groups[-1].append(size)
        else:
            groups.append([size])
    out: dict[float, float] = {}
    for group in groups:
        members = [(s, w) for s, w in sizes if s in group]
        typical = round(weighted_median(members) * 2) / 2
        out.update({s: typical for s in group})
    return out


def steady_sizes(pages: list[list[Line]], scanned: set[int]) -> list[list[Line]]:
    """`pages` with the sizes of lines on `scanned` pages (1-based) evened out (see module)."""
    ocr = [ln for n, lines in enumerate(pages, start=1) if n in scanned for ln in lines]
    if not ocr:
        return pages
    sizes = [(ln.size, len(ln.text)) for ln in ocr]
    body = weighted_median(sizes)
    group = size_groups(sizes, body)
    return [[replace(ln, size=group.get(ln.size, body)) for ln in lines]
            if n in scanned else lines for n, lines in enumerate(pages, start=1)]


def _pitch(pages: list[list[Line]], scanned: set[int]) -> float | None:
    """The usual distance between the baselines of consecutive lines of one size (points)."""
    gaps = [b.bbox[3] - a.bbox[3] for n, lines in enumerate(pages, start=1) if n in scanned
            for a, b in zip(lines, lines[1:]) if a.size == b.size and 0 < b.bbox[3] - a.bbox[3] < 3 * a.size]
    return statistics.median(gaps) if len(gaps) >= 3 else None


def _continues(above: Line, line: Line, pitch: float | None) -> bool:
    """`line` is the next line of `above`'s paragraph (too few lines to know the usual
    pitch: lines 1.5 sizes apart, as type is usually set)."""
    step = line.bbox[3] - above.bbox[3]
    return (above.size == line.size and above.bold == line.bold and 0 < step <= (pitch or 1.5 * above.size) * _PITCH_SLACK
            and above.bbox[0] - above.size <= line.bbox[0] <= above.bbox[0] + _INDENT * above.size
            and line.bbox[0] < above.bbox[2])


def rejoin_paragraphs(pages: list[list[Line]], scanned: set[int]) -> list[list[Line]]:
    """`pages` with the lines of `scanned` pages (1-based) regrouped into paragraph blocks."""
    pitch = _pitch(pages, scanned)
    out = []
    for n, lines in enumerate(pages, start=1):
        if n not in scanned:
            out.append(lines)
            continue
        block, regrouped = 0, []
        for i, line in enumerate(lines):
            if i and not _continues(lines[i - 1], line, pitch):
                block += 1
            regrouped.append(replace(line, block=block, mono=False))
        out.append(regrouped)
    return out


def ocr_structure(pages: list[list[Line]], scanned: set[int],
                  words: Mapping[int, Sequence[OcrWord]] | None = None, bold: bool = False,
                  marks: bool = False, pictures: Mapping[int, Sequence[Box]] | None = None,
                  headings: bool = False) -> list[list[Line]]:
    """On the OCR'd pages (`scanned`, 1-based) of `pages`: noise dropped and split words
    joined (ocr_text; needs Tesseract's `words` of each page), with `bold` also bold measured
    from the ink (ocr_bold: off by default, it cost dense and gnn retrieval on the tuning
    questions, SCAN_RESULTS.md round 4) and `marks` solid marks read as bullets (off by
    default, SCAN_ROUND5.md), a logo's words next to its picture (`pictures`: Tesseract's
    picture blocks of each page) sized as body text (ocr_logo), steady sizes, with `headings`
    numbered titles and code told apart (ocr_headings: off by default, it restores headings but
    cost test retrieval, SCAN_ROUND7.md), then paragraphs (and with `headings` signature lines)."""
    if not scanned:
        return pages
    if words:
        pages = mend_text(pages, words, scanned, marks=marks)
        pages = mark_bold(pages, words) if bold else pages
    pages = size_wordmarks(pages, dict(pictures)) if pictures else pages
    pages = steady_sizes(pages, scanned)
    if not headings:
        return rejoin_paragraphs(pages, scanned)
    return signature_lines(rejoin_paragraphs(numbered_and_code(pages, scanned, words), scanned), scanned)
