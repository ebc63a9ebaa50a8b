"""The words of a Tesseract reading: text, confidence, box in points, stroke width and ink share.

Tesseract's TSV gives every word it found with its box (pixels of the page picture it read)
and its confidence; `page_words` adds the width of the word's strokes measured on that
picture (the median length of its horizontal runs of ink: about twice the body's in bold
type, see ocr_bold). The parser's lines come from the text layer Tesseract wrote from the
same reading, so a word belongs to the line whose box holds the word's centre (`in_line`).

Example:
    >>> words = page_words(png_bytes, tsv_text, dpi=300)        # doctest: +SKIP
    >>> [w.text for w in in_line(line.bbox, words)]                # doctest: +SKIP
"""
from __future__ import annotations

import csv
import io
from typing import NamedTuple, Sequence

import numpy as np
from PIL import Image

_INK = 128  # grey level below which a pixel is ink (clean scans; Tesseract binarises itself)


class OcrWord(NamedTuple):
    """One word of a reading: box in points (page coordinates), stroke width in pixels,
    text, Tesseract's confidence (0-100), the number of Tesseract's line it is on and the
    share of its box that is ink (a solid mark such as a bullet is mostly ink, a letter is not)."""

    x0: float
    y0: float
    x1: float
    y1: float
    stroke: float
    text: str
    conf: float
    line: int = 0
    fill: float = 0.0


def stroke_width(ink: np.ndarray) -> float:
    """Median length of the horizontal runs of ink in a boolean word picture (0: no ink)."""
    padded = np.pad(ink.astype(np.int8), ((0, 0), (1, 1)))
    edges = np.diff(padded, axis=1)
    starts, ends = np.nonzero(edges == 1), np.nonzero(edges == -1)
    if not len(starts[1]):
        return 0.0
    return float(np.median(ends[1] - starts[1]))  # row-major order: starts and ends pair up


def page_words(png: bytes, tsv: str, dpi: int) -> tuple[OcrWord, ...]:
    """The words of Tesseract's TSV for the page picture `png` read at `dpi`."""
    with Image.open(io.BytesIO(png)) as img:
        ink = np.asarray(img.convert("L"), dtype=np.uint8) < _INK
    scale = 72.0 / dpi
    out = []
    for row in csv.DictReader(io.StringIO(tsv), delimiter="\t", quoting=csv.QUOTE_NONE):
        text = (row.get("text") or "").strip()
        if row.get("level") != "5" or not text:
            continue
        try:
            x, y, w, h = (int(row[k]) for k in ("left", "top", "width", "height"))
            conf = float(row["conf"])
            line = int(row["block_num"]) * 1_000_000 + int(row["par_num"]) * 1000 + int(row["line_num"])
        except (TypeError, ValueError, KeyError):
            continue
        box = ink[y:y + h, x:x + w]
        out.append(OcrWord(x * scale, y * scale, (x + w) * scale, (y + h) * scale,
                           stroke_width(box), text, conf, line, float(box.mean()) if box.size else 0.0))
    return tuple(out)


def weighted_median(pairs: Sequence[tuple[float, int]]) -> float:
    """Median of values weighted by counts ((value, count) pairs; 0 for none)."""
    ordered = sorted(pairs)
    half, seen = sum(w for _, w in ordered) / 2, 0
    for value, weight in ordered:
        seen += weight
        if seen >= half:
            return value
    return ordered[-1][0] if ordered else 0.0


def in_line(bbox: Sequence[float], words: Sequence[OcrWord]) -> list[OcrWord]:
    """The words whose centre lies in the box `bbox` (x0, y0, x1, y1 in points)."""
    x0, y0, x1, y1 = bbox
    return [w for w in words if x0 <= (w.x0 + w.x1) / 2 <= x1 and y0 <= (w.y0 + w.y1) / 2 <= y1]
