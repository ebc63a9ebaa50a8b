"""The page boxes of a supporting span: its own words, found inside its chunk's rectangles.

A span is verbatim text of a chunk (a sentence, a table row). Its words are looked up among
the words PyMuPDF reads from the kept original (`page.get_text("words")`), only those whose
centre lies in one of the chunk's boxes, across every page the chunk covers, in reading
order: a sentence cut by a page break gets boxes on both pages. The longest run of the
span's words in that stream anchors the match; the other runs are kept when they lie within
the span's length of it. Matched words are grouped by PDF text line, one box per line from
the first to the last matched word, so the strong mark never leaves the span's lines.

Example:
    >>> match_tokens(["a", "b", "c"], ["x", "a", "b", "c", "y"])
    [1, 2, 3]
"""
from __future__ import annotations

from dataclasses import replace
from difflib import SequenceMatcher
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import pymupdf

from core.evidence.geometry import PageWords, read_page, tokens
from core.types import Answer, ChunkBox

INSIDE = 2.0  # points a word's centre may lie outside a chunk box (rounding of the stored boxes)


@lru_cache(maxsize=64)
def page_words(pdf: str, mtime: float, page: int) -> PageWords:
    """The words of one page of a kept PDF (cached: an answer's spans share pages)."""
    pymupdf.TOOLS.mupdf_display_errors(False)
    with pymupdf.open(pdf) as doc:
        return read_page(doc[page - 1])


def match_tokens(span: Sequence[str], stream: Sequence[str]) -> list[int]:
    """Indices of `stream` matched by `span`'s tokens (see the module doc); [] when none."""
    if not span or not stream:
        return []
    blocks = [b for b in SequenceMatcher(None, stream, span, autojunk=False).get_matching_blocks() if b.size]
    least = min(2, len(span))
    blocks = [b for b in blocks if b.size >= least] or []
    if not blocks:
        return []
    anchor = max(blocks, key=lambda b: b.size)
    reach = len(span)
    kept = [b for b in blocks if abs(b.a - anchor.a) <= reach]
    return sorted({i for b in kept for i in range(b.a, b.a + b.size)})


def _inside(place, boxes: Sequence[ChunkBox]) -> bool:
    """Whether a word's centre lies in one of the boxes."""
    cx, cy = (place[0] + place[2]) / 2, (place[1] + place[3]) / 2
    return any(b.x0 - INSIDE <= cx <= b.x1 + INSIDE and b.y0 - INSIDE <= cy <= b.y1 + INSIDE for b in boxes)


def span_boxes(pdf: Path, chunk_boxes: Sequence[ChunkBox], span: str) -> tuple[ChunkBox, ...]:
    """Line boxes of `span`'s words inside `chunk_boxes` on the pages of `pdf` they cover."""
    want = tokens(span)
    if not want or not chunk_boxes:
        return ()
    chunk_id = chunk_boxes[0].chunk_id
    stream, places = [], []
    mtime = pdf.stat().st_mtime
    for page in sorted({b.page for b in chunk_boxes}):
        words = page_words(str(pdf), mtime, page)
        own = [b for b in chunk_boxes if b.page == page]
        for tok, place in zip(words.tokens, words.places):
            if _inside(place, own):
                stream.append(tok)
                places.append((page, place))
    lines: dict[tuple[int, tuple[int, int]], list[float]] = {}
    for i in match_tokens(want, stream):
        page, (x0, y0, x1, y1, key) = places[i]
        box = lines.setdefault((page, key), [x0, y0, x1, y1])
        box[:] = [min(box[0], x0), min(box[1], y0), max(box[2], x1), max(box[3], y1)]
    return tuple(ChunkBox(chunk_id, page, *(round(v, 2) for v in box)) for (page, _), box in lines.items())


def with_span_boxes(answer: Answer, viewer) -> Answer:
    """`answer` with the page boxes of every sentence's span (none where the chunk's
    original PDF is not kept); `viewer` is the library's EvidenceViewer."""
    if not any(s.span_text for s in answer.sentences):
        return answer
    out = []
    for s in answer.sentences:
        boxes = viewer.span_boxes(s.chunk_id, s.span_text) if s.span_text and s.chunk_id else ()
        out.append(replace(s, boxes=boxes))
    return replace(answer, sentences=tuple(out))
