"""OCR'd text mended with the document's own words: noise dropped, split words joined, bullets read.

Three faults of Tesseract's reading that cost retrieval on scanned manuals (pdfqa-dev tuning
pages) and that the reading itself tells apart:

- **Noise read as words.** Icons in the margin ("note" and "warning" pictures) come out as
  "BY", "R)" or "Ba]", and dot leaders as "eee", "cece", "ene": words Tesseract is not sure
  of (confidence below `_UNSURE`) that are symbols only or whose letters the document never
  reads with confidence elsewhere (numbers and dot leaders stay: they tell a contents line),
  and words much taller than the page's text (`_TALL` times its median word height, a
  picture) that are short and not read with confidence. Such words are left out of the line; a line of nothing else is dropped.
- **Words split in pieces.** Type set in a typewriter face is spaced wide, and Tesseract
  reads "TFTP" as "TF TP" and "tftp" as "t ftp", and is unsure of the pieces. Two neighbouring
  pieces of letters on one of Tesseract's lines, one of them read below `_JOIN_UNSURE`, are
  joined when the joined word occurs in the document at least `_SEEN` times and more often
  than one of the pieces does on its own ("in to" stays: "to" is far more frequent than
  "into"). Words read with confidence stay apart ("big array" beside "bigarray", "local
  filename" beside "LocalFilename"). A word that occurs nowhere else cannot be told from two
  words: it stays split ("net ascii").

- **Bullets read as letters.** Tesseract has no class for a solid mark and reads the bullets
  of a list, or the check marks of a table (AMC's scoring parameters), as "e", "@", "¢" or
  ")". Between "mz" and its description in a table row such a letter breaks the phrase. A
  mark is told from a letter by its ink (ocr_words' `fill`): a solid disc or square covers
  most of its box (a disc pi/4), a letter at most about half; its box is about square and
  not much smaller than the text (a full stop is). Such a word of one or two characters
  becomes "\u2022", as a bullet reads in the text layer.

Pieces are joined before noise is dropped: "TF" and "TP" are unsure, short words, "TFTP" is not.

Example:
    >>> pages = mend_text(pages, {3: page_words(png, tsv, 300)}, scanned={3})    # doctest: +SKIP
"""
from __future__ import annotations

import re
import statistics
from collections import Counter
from dataclasses import replace
from typing import Mapping, Sequence

import pymupdf

from core.ingest.pdf.layout import Line
from core.ingest.pdf.ocr_confusions import mend_marks, sure_forms
from core.ingest.pdf.ocr_words import OcrWord, in_line

_UNSURE = 30.0  # Tesseract confidence below which a word may be noise
_SURE = 60.0  # a word read at this confidence or more is the document's vocabulary
_TALL = 2.5  # a word this many times the page's median word height is a picture...
_TALL_UNSURE = 70.0  # ...when read below this confidence and short (at most 3 letters or digits)
_SEEN = 2  # a joined word must occur this many times in the document
_JOIN_UNSURE = 75.0  # of two pieces joined, one was read below this confidence
_BULLET_FILL = 0.6  # share of ink in the box of a solid mark (tuning pages: marks 0.66-0.78, letters <= 0.51)
_BULLET_SHAPE = (0.7, 1.4)  # width / height of a mark's box
_BULLET_SIZE = 0.3  # a mark is at least this share of the page's median word height (a full stop is less)
BULLET = "\u2022"
_LETTERS = re.compile(r"[^\W\d_]+")
_LEFT = re.compile(r"^(\W*)([^\W\d_]+)$")  # a piece: leading punctuation, then letters only
_RIGHT = re.compile(r"^([^\W\d_]+)")  # the next piece starts with letters ("ftp_logger", "TP.")


def _alnum(text: str) -> int:
    return sum(c.isalnum() for c in text)


def noise_words(words: Sequence[OcrWord], sure: Counter) -> list[OcrWord]:
    """The words of one page that are noise (see module); `sure` counts the document's
    confidently read words (lower case)."""
    heights = [w.y1 - w.y0 for w in words]
    usual = statistics.median(heights) if heights else 0.0
    out = []
    for w in words:
        letters = _LETTERS.findall(w.text)
        unknown = bool(letters) and not any(sure[t.lower()] for t in letters)
        short = _alnum(w.text) == 0 and "..." not in w.text  # dot leaders mark contents lines: kept
        tall = usual and w.y1 - w.y0 > _TALL * usual and _alnum(w.text) <= 3 and w.conf < _TALL_UNSURE
        if (w.conf < _UNSURE and (short or unknown)) or tall:
            out.append(w)
    return out


def bullet_words(words: Sequence[OcrWord]) -> list[OcrWord]:
    """The words of one page that are solid marks (bullets, check marks) read as text."""
    heights = [w.y1 - w.y0 for w in words]
    usual = statistics.median(heights) if heights else 0.0
    out = []
    for w in words:
        height = w.y1 - w.y0
        if len(w.text) > 2 or w.fill < _BULLET_FILL or height < _BULLET_SIZE * usual or height <= 0:
            continue
        if _BULLET_SHAPE[0] <= (w.x1 - w.x0) / height <= _BULLET_SHAPE[1]:
            out.append(w)
    return out


def _swap(text: str, marks: Sequence[str]) -> str:
    """`text` with one token equal to each of `marks` read as a bullet."""
    tokens = text.split(" ")
    for word in marks:
        if word in tokens:
            tokens[tokens.index(word)] = BULLET
    return " ".join(tokens)


def table_words(page: pymupdf.Page, words: Sequence[OcrWord]) -> list:
    """The OCR'd `page`'s words as `page.get_text("words")` gives them, for the table finder:
    a word Tesseract read from a solid mark (bullet_words) reads as a bullet, and the "|"
    it reads from a table's vertical rule is left out (cells are split by the rules)."""
    marks = [(w.x0, w.y0, w.x1, w.y1) for w in bullet_words(words)]
    out = []
    for w in page.get_text("words", sort=False):
        cx, cy = (w[0] + w[2]) / 2, (w[1] + w[3]) / 2
        if any(x0 <= cx <= x1 and y0 <= cy <= y1 for x0, y0, x1, y1 in marks):
            w = (*w[:4], BULLET, *w[5:])
        text = w[4].strip("|")
        if text:
            out.append(w if text == w[4] else (*w[:4], text, *w[5:]))
    return out


def _without(text: str, noise: Sequence[str]) -> str:
    """`text` with one token equal to each of `noise` left out."""
    tokens = text.split(" ")
    for word in noise:
        if word in tokens:
            tokens.remove(word)
    return " ".join(t for t in tokens if t)


def unsure_pairs(words: Sequence[OcrWord]) -> set[tuple[str, str]]:
    """Neighbouring words on one of Tesseract's lines, one of them read below `_JOIN_UNSURE`."""
    return {(a.text, b.text) for a, b in zip(words, words[1:])
            if a.line == b.line and min(a.conf, b.conf) < _JOIN_UNSURE}


def join_split(text: str, vocab: Counter, pairs: set[tuple[str, str]]) -> str:
    """`text` with pieces of one word joined when the reading was unsure of them (`pairs`,
    from unsure_pairs) and the document knows the word (`vocab`, see module)."""
    out: list[str] = []
    for token in text.split(" "):
        left = _LEFT.match(out[-1]) if out else None
        right = _RIGHT.match(token)
        if left and right and (out[-1], token) in pairs:
            a, b = left.group(2), right.group(1)
            joined = vocab[(a + b).lower()]
            if joined >= _SEEN and min(vocab[a.lower()], vocab[b.lower()]) < joined:
                out[-1] = out[-1] + token
                continue
        out.append(token)
    return " ".join(out)


def mend_text(pages: list[list[Line]], words: Mapping[int, Sequence[OcrWord]], scanned: set[int],
              marks: bool = False) -> list[list[Line]]:
    """`pages` with the lines of `scanned` pages (1-based) cleared of noise words (by the
    reading's `words` of each page), their split words joined and, with `marks`, their
    bullets read."""
    sure = Counter(t.lower() for page in words.values() for w in page if w.conf >= _SURE
                   for t in _LETTERS.findall(w.text))
    vocab = Counter(t.lower() for lines in pages for ln in lines for t in _LETTERS.findall(ln.text))
    forms = sure_forms([w.text for page in words.values() for w in page if w.conf >= _SURE])
    out = []
    for n, lines in enumerate(pages, start=1):
        if n not in scanned:
            out.append(lines)
            continue
        solid = bullet_words(words.get(n, ())) if marks else []
        noise = [w for w in noise_words(words.get(n, ()), sure) if w not in solid]
        pairs = unsure_pairs(words.get(n, ()))
        mended = []
        for ln in lines:
            text = _swap(ln.text, [w.text for w in in_line(ln.bbox, solid)]) if solid else ln.text
            text = mend_marks(join_split(text, vocab, pairs), forms)  # "Camlid!" -> "Camlidl"
            text = _without(text, [w.text for w in in_line(ln.bbox, noise)]) if noise else text
            if text.strip():
                mended.append(replace(ln, text=text) if text != ln.text else ln)
        out.append(mended)
    return out
