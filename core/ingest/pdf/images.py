"""Images: save a page's pictures as PNG files and describe them from caption and context.

A description is the caption ("Figure 3: ...") followed by a few words of the nearest
text; a `describe_image(path, caption, context) -> str` hook (an LLM or VLM) may replace
it. Decorations are skipped: tiny pictures and pictures repeated on many pages (logos).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import pymupdf

from core.ingest.pdf.layout import Item, Line, inside
from core.ingest.pdf.tables import caption_block

DescribeImage = Callable[[Path, str, str], str]
_CAPTION = re.compile(r"^(figure|fig\.)\s*[\dA-Z]+[.:]?", re.I)
_MIN_SIDE = 30.0  # points: smaller pictures are bullets, icons or rules
_CONTEXT_WORDS = 40


@dataclass(frozen=True)
class ImageInfo:
    """A picture saved from a PDF: file path, 1-based page, caption and description."""

    path: str
    page: int
    caption: str
    description: str
    bbox: tuple[float, ...] = ()  # the picture's box on its page (PDF points), for highlighting


def repeated_xrefs(doc: pymupdf.Document, limit: int = 3) -> set[int]:
    """Image xrefs shown on more than `limit` pages: logos and page decorations."""
    pages_per_xref: dict[int, int] = {}
    for page in doc:
        for xref in {img[0] for img in page.get_images(full=False)}:
            pages_per_xref[xref] = pages_per_xref.get(xref, 0) + 1
    return {x for x, n in pages_per_xref.items() if n > limit}


def find_images(page: pymupdf.Page, page_no: int, lines: Sequence[Line], assets_dir: Path,
                skip: set[int]) -> list[tuple[Item, Path]]:
    """Save the page's content pictures to `assets_dir`; return (item, file) pairs.

    The item's `markdown` is left empty here: the caller writes it once the description
    is known. Captions are attached as the item's caption lines.
    """
    found: list[tuple[Item, Path]] = []
    seen: set[int] = set()
    try:
        infos = page.get_image_info(xrefs=True)
    except Exception:  # noqa: BLE001 - a damaged picture (lost colour space) must not lose the text
        return found
    for info in infos:
        xref, box = info.get("xref", 0), tuple(info["bbox"])
        if xref <= 0 or xref in skip or xref in seen:
            continue
        if box[2] - box[0] < _MIN_SIDE or box[3] - box[1] < _MIN_SIDE:
            continue
        seen.add(xref)
        target = assets_dir / f"p{page_no}-img{len(found) + 1}.png"
        if not _save_png(page.parent, xref, target):
            continue
        found.append((Item("image", box, caption=_caption_for(box, lines)), target))
    return found


def _save_png(doc: pymupdf.Document, xref: int, target: Path) -> bool:
    """Write one image xref as PNG (converted to RGB when needed); False if unreadable."""
    try:
        pix = pymupdf.Pixmap(doc, xref)
        if pix.n - pix.alpha >= 4 or pix.colorspace is None or pix.colorspace.n not in (1, 3):
            pix = pymupdf.Pixmap(pymupdf.csRGB, pix)
        target.parent.mkdir(parents=True, exist_ok=True)
        pix.save(str(target))
    except Exception:  # noqa: BLE001 - an undecodable picture is skipped, the text is kept
        return False
    return True


def _caption_for(box: tuple[float, float, float, float], lines: Sequence[Line]) -> tuple[Line, ...]:
    """The 'Figure N' caption nearest the picture (below preferred, then above)."""
    best: tuple[float, int] | None = None
    for ln in lines:
        if not _CAPTION.match(ln.text) or inside(ln, box):
            continue
        below = ln.bbox[1] - box[3]
        above = box[1] - ln.bbox[3]
        gap = below if below >= -2 else above + 0.5
        if -2 <= gap <= 60 and (best is None or gap < best[0]):
            best = (gap, ln.index)
    return caption_block(lines, best[1]) if best else ()


def context_text(box: tuple[float, float, float, float], lines: Sequence[Line], skip: set[int]) -> str:
    """Up to ~40 words of the text nearest the picture (lines above, then below)."""
    above = [l for l in lines if l.bbox[3] <= box[1] + 2 and l.index not in skip]
    below = [l for l in lines if l.bbox[1] >= box[3] - 2 and l.index not in skip]
    words: list[str] = []
    for ln in sorted(above, key=lambda l: -l.bbox[3])[:3][::-1] + sorted(below, key=lambda l: l.bbox[1])[:3]:
        words.extend(ln.text.split())
    return " ".join(words[:_CONTEXT_WORDS])


def describe(caption: str, context: str, path: Path, hook: DescribeImage | None) -> str:
    """One-line description for alt text: hook output, else caption + context."""
    text = hook(path, caption, context) if hook else " ".join(p for p in (caption, context) if p)
    text = " ".join((text or "image").split())
    return text.replace("[", "(").replace("]", ")") or "image"
