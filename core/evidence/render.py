"""Page images with a chunk highlighted, and a bounded on-disk cache of them.

MuPDF renders the page; the chunk's boxes are then multiplied by a highlighter colour, the
way a marker pen works: white paper turns yellow and black text stays black, so the
highlight is translucent and the text stays readable. Pixels outside the boxes (grown by
`PAD` points, to cover ascenders and descenders) are left exactly as MuPDF drew them. A
supporting span inside the chunk is marked the same way in a stronger, different colour.

Example:
    >>> # png = render_page(Path("manual.pdf"), 21, 1.5, boxes)   # PNG bytes
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Sequence

import numpy as np
import pymupdf

from core.types import ChunkBox

HIGHLIGHT = (255, 221, 51)  # marker yellow; multiplied into the page
STRONG = (110, 190, 255)  # the supporting span inside the chunk: a blue marker, drawn instead of the yellow
PAD = 1.5  # points added around each box
MAX_ZOOM = 4.0


def render_page(pdf: Path, page: int, zoom: float, boxes: Sequence[ChunkBox] = (),
                strong: Sequence[ChunkBox] = ()) -> bytes:
    """PNG of physical page `page` (1-based) at `zoom`, with `boxes` on it highlighted and
    `strong` (a supporting span) marked in the STRONG colour."""
    zoom = min(max(float(zoom), 0.25), MAX_ZOOM)
    pymupdf.TOOLS.mupdf_display_errors(False)
    with pymupdf.open(pdf) as doc:
        if not 1 <= page <= doc.page_count:
            raise ValueError(f"page {page} is outside 1-{doc.page_count}")
        pix = doc[page - 1].get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), alpha=False)
        marked = [b for b in strong if b.page == page]
        highlight(pix, [b for b in boxes if b.page == page], zoom, skip=marked)
        highlight(pix, marked, zoom, colour=STRONG)
        return pix.tobytes("png")


def highlight(pix: pymupdf.Pixmap, boxes: Sequence[ChunkBox], zoom: float,
              colour: tuple[int, int, int] = HIGHLIGHT, skip: Sequence[ChunkBox] = ()) -> None:
    """Multiply `colour` into the pixels under `boxes` but not under `skip` (in place)."""
    if not boxes:
        return
    pixels = np.frombuffer(pix.samples_mv, dtype=np.uint8).reshape(pix.height, pix.stride)
    pixels = pixels[:, :pix.width * pix.n].reshape(pix.height, pix.width, pix.n)
    tint = np.asarray(colour[:pix.n], dtype=np.uint16)
    mask = box_mask(pix.height, pix.width, boxes, zoom)  # overlapping boxes tint once
    if skip:
        mask &= ~box_mask(pix.height, pix.width, skip, zoom)  # the strong mark is drawn there instead
    pixels[mask] = (pixels[mask].astype(np.uint16) * tint // 255).astype(np.uint8)


def box_mask(height: int, width: int, boxes: Sequence[ChunkBox], zoom: float) -> np.ndarray:
    """Pixels under `boxes` (each grown by PAD points) at `zoom`."""
    mask = np.zeros((height, width), dtype=bool)
    for b in boxes:
        x0, y0 = int((b.x0 - PAD) * zoom), int((b.y0 - PAD) * zoom)
        x1, y1 = int(np.ceil((b.x1 + PAD) * zoom)), int(np.ceil((b.y1 + PAD) * zoom))
        mask[max(0, y0):max(0, y1), max(0, x0):max(0, x1)] = True
    return mask


class PageCache:
    """Rendered pages as PNG files under `root`, at most `max_files` (oldest dropped first)."""

    def __init__(self, root: Path, max_files: int = 300):
        self.root = Path(root)
        self.max_files = max_files

    def key(self, doc_id: str, page: int, zoom: float, boxes: Sequence[ChunkBox],
            strong: Sequence[ChunkBox] = ()) -> Path:
        """The file for one rendering: document, page, zoom and the highlighted boxes."""
        marks = ";".join(f"{b.x0},{b.y0},{b.x1},{b.y1}" for b in boxes if b.page == page)
        marks += "|" + ";".join(f"{b.x0},{b.y0},{b.x1},{b.y1}" for b in strong if b.page == page) if strong else ""
        digest = hashlib.sha256(marks.encode()).hexdigest()[:12]
        return self.root / f"{doc_id}-p{page}-z{zoom:g}-{digest}.png"

    def get_or_render(self, pdf: Path, doc_id: str, page: int, zoom: float,
                      boxes: Sequence[ChunkBox], strong: Sequence[ChunkBox] = ()) -> Path:
        """The cached PNG for this rendering, rendered and stored first when absent."""
        target = self.key(doc_id, page, zoom, boxes, strong)
        if target.is_file():
            os.utime(target)  # recently used: evicted last
            return target
        png = render_page(pdf, page, zoom, boxes, strong)
        self.root.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(png)
        tmp.replace(target)
        self._evict()
        return target

    def _evict(self) -> None:
        """Drop the least recently used files beyond `max_files`."""
        files = sorted(self.root.glob("*.png"), key=lambda p: p.stat().st_mtime)
        for old in files[:max(0, len(files) - self.max_files)]:
            old.unlink(missing_ok=True)

    def drop(self, doc_id: str) -> None:
        """Forget every rendering of a document."""
        for old in self.root.glob(f"{doc_id}-p*.png"):
            old.unlink(missing_ok=True)
