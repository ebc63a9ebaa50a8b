"""Bold type on scanned pages, measured from the ink, so headings set in bold are found on scans.

Tesseract's text layer has one invisible font: every OCR'd line reads as regular weight, and
a heading set in bold at nearly the body size ("3.2 Pointers", 12 pt bold over 10 pt body
measures 10.5 against 9.5 from the ink) is taken for a body line, so the scanned manual loses
its subsections and chunks run across them. Bold strokes are wider: the median length of the
horizontal runs of ink through a word (the width of its vertical strokes, ocr_words) is about
twice the body's in bold type (6 px against 3 px at 300 dpi on camlidl's headings), while a
typewriter face with long serifs keeps the body's median (its long runs are few).

`mark_bold` sets `Line.bold` on OCR'd lines whose words' stroke is `_BOLD` times the body's
and that read as words (a bold line of code or symbols is no heading).

Example:
    >>> pages = mark_bold(pages, {3: page_words(png, tsv, 300)})     # doctest: +SKIP
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from core.ingest.pdf.layout import Line
from core.ingest.pdf.ocr_words import OcrWord, in_line, weighted_median

_BOLD = 1.5  # a line whose stroke is this many times the body's is bold
_WORDY = 0.75  # share of letters and digits (of the non-space characters) a bold line needs


def _stroke(words: Sequence[OcrWord]) -> float:
    return weighted_median([(w.stroke, len(w.text)) for w in words if w.stroke])


def _wordy(text: str) -> bool:
    """Text that starts with a letter or digit and is mostly letters and digits, two letters
    at least ("3.6 Unions", not code or symbols such as "=A|BIC." or "Pid = pid()")."""
    chars = text.replace(" ", "")
    return (bool(chars) and chars[0].isalnum() and sum(c.isalpha() for c in chars) >= 2
            and sum(c.isalnum() for c in chars) >= _WORDY * len(chars))


def mark_bold(pages: list[list[Line]], words: Mapping[int, Sequence[OcrWord]]) -> list[list[Line]]:
    """`pages` with the lines of OCR'd pages (keys of `words`, 1-based) set in bold ink marked bold."""
    body = _stroke([w for page in words.values() for w in page])
    if not body:
        return pages
    out = []
    for n, lines in enumerate(pages, start=1):
        page = words.get(n)
        if not page:
            out.append(lines)
            continue
        out.append([replace(ln, bold=_wordy(ln.text) and _stroke(in_line(ln.bbox, page)) >= _BOLD * body)
                    for ln in lines])
    return out
