"""Headings on scanned pages from cues a scan keeps: numbering, words read with confidence, signatures.

A scan has no fonts: heading detection (headings.py) sees only the type sizes Tesseract
measures from the ink, and every OCR'd line is regular weight. Three losses follow, each
mended here on OCR'd pages only (born-digital pages are never touched):

- **Numbered subsections at body size.** "2.1 Lexical conventions", set in bold at nearly the
  body size, reads as a body line, so its section runs into the one before. A short line of
  its own numbered `a.b` whose parent number `a` is a heading already found (set larger than
  the body, or promoted here before it) is marked bold, as the born-digital line is.
- **Code and misread pictures set "larger than the body".** Brackets, bars and descenders
  make a line of code measure taller ("Pid = pid()", "[in,out,size_is(len)"), and Tesseract
  reads the staves of a music picture as words ("eegbe"); both became headings and the root of
  the heading path of the chunks below them. A line that is code-like (symbols, `name(`), not
  mostly letters, or read with low confidence gets the body size.
- **Reference entries.** An API reference lists each function as a code line
  `append(Pid, LocalFile) -> ok | {error, Reason}` that heads its entry (headings_api). Every
  OCR'd line is taken for prose (the invisible font is fixed-width), so no entry was found: a
  line that reads as such a signature is a code line again, in a block of its own.

Off by default (`OcrSettings.headings`, FOLIO_OCR_HEADINGS=1): on the 12 scanned pdfqa-dev
manuals it brings the heading names back (76% of the born-digital ones against 47%; 77% of
its names are born-digital ones against 45%) but cost answer_recall@5 on the test questions
(SCAN_ROUND7.md).

Example:
    >>> pages = numbered_and_code(steady_sizes(pages, scanned), scanned, words)   # doctest: +SKIP
    >>> pages = signature_lines(rejoin_paragraphs(pages, scanned), scanned)       # doctest: +SKIP
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Mapping, Sequence

from core.ingest.pdf.headings_api import signature_span
from core.ingest.pdf.layout import Line
from core.ingest.pdf.ocr_words import OcrWord, in_line, weighted_median

_NUMBER = re.compile(r"^(\d{1,2}(?:\.\d{1,2})+)\.?\s+(?=[A-Z])")  # "2.1 Lexical ...", "1.1.2 Prerequisites"
_CODE = re.compile(r"[=|{}\[\]<>\\;@#$%^~]|\w\(|\)\s*->")
_MAX_WORDS = 10  # a numbered heading is a short title, not a numbered sentence
_SENTENCE_WORDS = 5  # a line of this many words ending in a full stop is a sentence
_MIN_CONF = 60.0  # mean word confidence below which a large line is a misread picture
_WORDY = 0.8  # share of letters, digits and spaces a heading-size line needs


def _body(pages: Sequence[Sequence[Line]], scanned: set[int]) -> float:
    lines = [ln for n, page in enumerate(pages, start=1) if n in scanned for ln in page]
    return weighted_median([(ln.size, len(ln.text)) for ln in lines])


def _codey(text: str) -> bool:
    """Code or symbols rather than a title: code marks, or letters/digits under `_WORDY`."""
    chars = text.strip()
    return (not chars or not chars[0].isalnum() or bool(_CODE.search(chars))
            or sum(c.isalnum() or c.isspace() for c in chars) < _WORDY * len(chars))


def _sentence(text: str) -> bool:
    """A sentence ("Reads a (virtual) file from a TFTP server."), which no heading is."""
    return text.rstrip().endswith(".") and len(text.split()) >= _SENTENCE_WORDS


def _unsure(line: Line, words: Sequence[OcrWord] | None) -> bool:
    """Read with low confidence (weighted by word length); unknown when no words are given."""
    inside = in_line(line.bbox, words) if words else []
    return bool(inside) and weighted_median([(w.conf, len(w.text)) for w in inside]) < _MIN_CONF


def _numbered(line: Line, body: float, seen: set[str]) -> str | None:
    """The section number of a body-size numbered title whose parent is a heading seen before."""
    m = _NUMBER.match(line.text)
    if not m or line.size > body or len(line.text.split()) > _MAX_WORDS or _codey(line.text[m.end():]):
        return None
    if line.text.rstrip()[-1] in ".,;:" or line.text.rstrip()[-1].isdigit():  # a sentence or a contents entry
        return None
    number = m.group(1)
    return number if number.rsplit(".", 1)[0] in seen else None


def numbered_and_code(pages: list[list[Line]], scanned: set[int],
                      words: Mapping[int, Sequence[OcrWord]] | None = None) -> list[list[Line]]:
    """On `scanned` pages (1-based, sizes already steady): numbered body-size titles under a
    found heading marked bold; code-like or unsure lines set larger than the body sized as body."""
    body = _body(pages, scanned)
    seen: set[str] = set()  # section numbers of headings found so far, in reading order
    out = []
    for n, lines in enumerate(pages, start=1):
        if n not in scanned:
            out.append(lines)
            continue
        page = []
        for ln in lines:
            if ln.size > body and (_codey(ln.text) or _sentence(ln.text) or _unsure(ln, (words or {}).get(n))):
                ln = replace(ln, size=body)
            number = _numbered(ln, body, seen)
            if number:
                ln = replace(ln, bold=True)
            m = re.match(r"^(\d{1,2}(?:\.\d{1,2})*)\.?\s", ln.text)
            if m and (number or ln.size > body):
                seen.add(m.group(1))
            page.append(ln)
        out.append(page)
    return out


def signature_lines(pages: list[list[Line]], scanned: set[int]) -> list[list[Line]]:
    """On `scanned` pages (paragraphs already regrouped): each `name(args) -> result` line and
    the lines its arguments wrap onto made a code block of their own at the body size."""
    body = _body(pages, scanned)
    return [_page_signatures(lines, body) if n in scanned else lines for n, lines in enumerate(pages, start=1)]


def _page_signatures(lines: list[Line], body: float) -> list[Line]:
    spans: dict[int, int] = {}  # first line -> lines the signature takes
    i = 0
    while i < len(lines):
        span = signature_span([ln.text for ln in lines[i:i + 4]])
        if span:
            spans[i] = span
        i += span or 1
    return _reblock(lines, spans, body) if spans else lines


def _reblock(lines: list[Line], spans: dict[int, int], body: float) -> list[Line]:
    """`lines` with each signature span one mono block and the line after it opening a new one."""
    block, out, inside, last = -1, [], 0, None
    for i, ln in enumerate(lines):
        starts = i in spans
        if starts or inside == 0 and (ln.block != last or i and i - 1 in _ends(spans)):
            block += 1
        last = ln.block
        if starts:
            inside = spans[i]
        if inside:
            out.append(replace(ln, block=block, mono=True, size=body, bold=False))
            inside -= 1
        else:
            out.append(replace(ln, block=block))
    return out


def _ends(spans: dict[int, int]) -> set[int]:
    return {start + span - 1 for start, span in spans.items()}
