"""Page pictures made ready for Tesseract: skew measured and undone, noise smoothed.

Tesseract binarises a page itself (Otsu, or Sauvola with `thresholding_method=2`) and copes
with a fraction of a degree of skew, but a scanner's skew of a degree or more bends its
text lines and speckle noise becomes stray marks and broken letters. `prepare` measures the
skew on a small binarised copy of the page (the angle whose row profile is sharpest: text
lines give tall, narrow peaks only when they run level), turns the page back when the skew
is worth it, and smooths noise with a 3 x 3 median filter when the page's background is
noisy. A clean, level page comes back as it was, so born-clean scans pay only the measure.

Example:
    >>> img = Image.open("page.png").convert("L")            # doctest: +SKIP
    >>> prepare(img).size == img.size                            # doctest: +SKIP
    True
"""
from __future__ import annotations

import numpy as np
from PIL import Image, ImageFilter

_MAX_SKEW = 5.0  # degrees searched either way; more is a page turned, left to OSD / /Rotate
_STEP = 0.1  # degrees between the angles tried in the fine search
_MIN_SKEW = 0.15  # below this Tesseract reads as well as after a rotation
_NOISY = 6.0  # grey levels: background spread above this is scanner noise worth smoothing
_PROBE_WIDTH = 1000  # pixels: the skew is measured on a copy this wide


def skew_angle(img: Image.Image) -> float:
    """The page's text skew in degrees (counter-clockwise positive, as `Image.rotate`)."""
    scale = min(1.0, _PROBE_WIDTH / img.width)
    small = img.resize((max(1, int(img.width * scale)), max(1, int(img.height * scale))), Image.BILINEAR)
    ink = np.asarray(small.filter(ImageFilter.MedianFilter(3)), dtype=np.uint8) < _threshold(small)
    if ink.mean() < 0.002:  # (nearly) blank page: nothing to measure
        return 0.0
    ys, xs = np.nonzero(ink)
    coarse = _best(xs, ys, np.arange(-_MAX_SKEW, _MAX_SKEW + 1e-9, 0.5))
    return _best(xs, ys, np.arange(coarse - 0.5, coarse + 0.5 + 1e-9, _STEP))


def _best(xs: np.ndarray, ys: np.ndarray, angles: np.ndarray) -> float:
    """The angle among `angles` that undoes the skew: the one whose row profile is sharpest.

    Shearing the ink's row numbers by the angle's slope stands in for a rotation (the same
    profile for the small angles searched, at a fraction of the cost)."""
    xs = xs - xs.mean()
    scores = []
    for a in angles:
        rows = np.round(ys + xs * np.tan(np.radians(a))).astype(np.int64)
        scores.append(np.var(np.bincount(rows - rows.min())))
    return round(float(angles[int(np.argmax(scores))]), 2)


def _threshold(img: Image.Image) -> int:
    """Otsu's threshold of a greyscale picture (the level that best splits ink from paper)."""
    hist = np.bincount(np.asarray(img, dtype=np.uint8).ravel(), minlength=256).astype(np.float64)
    levels = np.arange(256)
    weight = np.cumsum(hist)
    mean = np.cumsum(hist * levels)
    total, grand = weight[-1], mean[-1]
    with np.errstate(divide="ignore", invalid="ignore"):
        between = (grand * weight - total * mean) ** 2 / (weight * (total - weight))
    return int(np.nanargmax(between))


def background_noise(img: Image.Image) -> float:
    """Spread (standard deviation, grey levels) of the paper: pixels lighter than the threshold."""
    arr = np.asarray(img, dtype=np.float32)
    paper = arr[arr > (_threshold(img) + 255) / 2]  # clear of the letters' grey edges
    return float(paper.std()) if paper.size else 0.0


def prepare(img: Image.Image) -> Image.Image:
    """`img` (greyscale) with noise smoothed and skew undone, each only when measured."""
    out = img
    if background_noise(img) > _NOISY:
        out = out.filter(ImageFilter.MedianFilter(3))
    angle = skew_angle(out)
    if abs(angle) >= _MIN_SKEW:
        out = out.rotate(-angle, resample=Image.BICUBIC, fillcolor=255)
    return out


_GUTTER_ZONE = (0.3, 0.7)  # where a column gutter can lie, as shares of the page width
_GUTTER_EMPTY = 0.6  # share of the text rows a gutter must be blank on
_GUTTER_REACH = 0.06  # share of the page width next to the gutter that column text reaches
_COLUMN_ROWS = 0.7  # share of the text rows whose ink reaches the gutter on each side
_GUTTER_WIDEST = 0.06  # share of the page width: a wider blank is a gap between table columns


def has_columns(img: Image.Image) -> bool:
    """True when the page is set in two (or more) columns of running text.

    A column gutter is a vertical blank band in the middle of the page that most text rows
    leave empty and that the text on both sides reaches on most rows. A table's gap between
    columns is blank too, but its cells seldom run up to the gap: rows of short cells are
    read better line by line (Tesseract's single-column mode keeps a table row together)."""
    scale = min(1.0, _PROBE_WIDTH / img.width)
    small = img.resize((max(1, int(img.width * scale)), max(1, int(img.height * scale))), Image.BILINEAR)
    ink = np.asarray(small, dtype=np.uint8) < _threshold(small)
    reach = max(2, small.width // 200)  # about a word space: wider gaps stay open
    ink = _smear(_smear(ink, reach).T, reach).T  # text lines become solid bars
    rows = ink[ink.any(axis=1)]
    if len(rows) < 20:
        return False
    width = ink.shape[1]
    lo, hi = int(width * _GUTTER_ZONE[0]), int(width * _GUTTER_ZONE[1])
    blank = (~rows[:, lo:hi]).mean(axis=0) >= _GUTTER_EMPTY  # x positions most rows leave empty
    reach = max(2, int(width * _GUTTER_REACH))
    for start, end in _runs(blank):
        if not max(3, width // 100) <= end - start <= width * _GUTTER_WIDEST:
            continue
        left = rows[:, max(0, lo + start - reach):lo + start].any(axis=1).mean()
        right = rows[:, lo + end:lo + end + reach].any(axis=1).mean()
        if left >= _COLUMN_ROWS and right >= _COLUMN_ROWS:
            return True
    return False


def _smear(ink: np.ndarray, reach: int) -> np.ndarray:
    """Ink spread `reach` pixels either way along each row: a line of words becomes one bar
    (gaps between letters and words close; a column gutter, wider, stays open)."""
    counts = np.cumsum(np.pad(ink, ((0, 0), (reach + 1, reach)), constant_values=False), axis=1, dtype=np.int32)
    return counts[:, 2 * reach + 1:] - counts[:, :-2 * reach - 1] > 0


def _runs(flags: np.ndarray) -> list[tuple[int, int]]:
    """(start, end) of each run of True in a 1-D boolean array."""
    padded = np.concatenate(([False], flags, [False])).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    return list(zip(edges[::2], edges[1::2]))
