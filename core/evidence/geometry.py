"""Where each chunk sits on its pages: boxes from the PDF's own words, labels, section numbers.

A chunk's text is Markdown written by the rule parser or by an LLM, so its words are matched
back to the words PyMuPDF reads from the pages (`page.get_text("words")`) rather than traced
through the parser: a page word is covered when it starts or continues a run of `n`
consecutive words that also follow each other in the chunk. This ignores reading order
(two-column pages, reordered LLM text) and survives hyphenation and table bars. Covered
words are grouped by their PDF text line, each line giving one box; a table's boxes are
merged into one box per page, and a picture's box is the picture itself plus its caption.

Example:
    >>> covered_runs(["a", "b", "c", "d"], ["x", "a", "b", "c", "d", "y"], n=3, min_run=3)
    [False, True, True, True, True, False]
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

import pymupdf

from core.evidence.page_labels import decode_label
from core.ingest.pdf.accents import compose_accents
from core.ingest.pdf.cork import cork_ligatures
from core.types import Chunk, ChunkBox, DocGeometry, PageInfo, Section

# Same text flags as the parser (core.ingest.pdf.layout): ligatures expanded, mediabox clip.
_FLAGS = pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP
_CORK = re.compile("[\x1b-\x1f]")  # TeX's Cork ligature codes (core.ingest.pdf.cork)
_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)
_DIGITS = re.compile(r"\d+")
MARGIN_BAND = 0.15  # top and bottom share of a page where running heads sit
ANCHOR_RUN = 8  # tokens: a run this long is surely the chunk's own text
ANCHOR_GAP = 12  # tokens: how far a short run may sit from a long one (a hyphenation, a footnote mark)
_NUMBERED = re.compile(r"^((?:\d+|[A-Z](?=\.\d))(?:\.\d+)*)\.?\s+(\S.*)$")


@dataclass(frozen=True)
class PageWords:
    """One page's words: normalised tokens and, per token, (x0, y0, x1, y1, line key)."""

    page: int
    tokens: tuple[str, ...]
    places: tuple[tuple[float, float, float, float, tuple[int, int]], ...]
    lines: tuple[str, ...]  # the page's text lines, in MuPDF order (for section numbers)
    margin_lines: Mapping[tuple[int, int], str] = field(default_factory=dict)  # key -> text, top/bottom band

    def without(self, running: set[str]) -> "PageWords":
        """The page without its running-head lines (text in `running`)."""
        drop = {k for k, text in self.margin_lines.items() if text in running}
        keep = [i for i, place in enumerate(self.places) if place[4] not in drop]
        return PageWords(self.page, tuple(self.tokens[i] for i in keep), tuple(self.places[i] for i in keep),
                         self.lines)


def token(word: str) -> str:
    """A word as compared: TeX's accents on their letters and its Cork ligatures spelled (as the parser
    reads them), NFKC, lower
    case, letters and digits only ('' for punctuation)."""
    return _NON_WORD.sub("", unicodedata.normalize("NFKC", compose_accents(cork_ligatures(word))).lower())


def tokens(text: str) -> list[str]:
    """The comparable tokens of a text (Markdown table bars and rules vanish)."""
    return [t for t in (token(w) for w in text.split()) if t]


def _words(page: pymupdf.Page) -> list[tuple]:
    """MuPDF's words of the page; on a page with Cork ligature codes (core.ingest.pdf.cork), which
    MuPDF's word split takes for spaces ("di", "erent"), the words are read from the characters
    instead, a code kept inside its word as the parser keeps it ("di\\x1berent": "different")."""
    # only a Type3 font (dvips' bitmap fonts) gives these codes: other pages skip the second read
    if not any(font[2] == "Type3" for font in page.get_fonts()) or not _CORK.search(page.get_text(flags=_FLAGS)):
        return page.get_text("words", flags=_FLAGS)
    out: list[tuple] = []
    for b_no, block in enumerate(page.get_text("rawdict", flags=_FLAGS)["blocks"]):
        for l_no, line in enumerate(block.get("lines", [])):
            word: list[dict] = []
            for ch in [c for span in line["spans"] for c in span["chars"]] + [{"c": " "}]:
                if ch["c"].isspace() and not _CORK.match(ch["c"]):
                    if word:
                        box = pymupdf.Rect(word[0]["bbox"])
                        for c in word[1:]:
                            box |= c["bbox"]
                        out.append((*box, "".join(c["c"] for c in word), b_no, l_no, len(out)))
                    word = []
                else:
                    word.append(ch)
    return out


def read_page(page: pymupdf.Page) -> PageWords:
    """The words of a PDF page with their boxes and line keys."""
    toks, places = [], []
    line_text: dict[tuple[int, int], list[str]] = {}
    for x0, y0, x1, y1, word, block, line, _ in _words(page):
        line_text.setdefault((block, line), []).append(word)
        for part in cork_ligatures(word).split():  # Python splits at \x1c-\x1f: spell them first
            t = token(part)
            if t:
                toks.append(t)
                places.append((x0, y0, x1, y1, (block, line)))
    lines = tuple(" ".join(" ".join(ws).split()) for ws in line_text.values())
    band = page.rect.height * MARGIN_BAND
    margin = {key: _DIGITS.sub("#", " ".join(tokens(" ".join(line_text[key]))))
              for *box, key in places if box[3] < band or box[1] > page.rect.height - band}
    return PageWords(page.number + 1, tuple(toks), tuple(places), lines, margin)


def running_heads(pages: Sequence[PageWords], share: float = 0.3) -> set[str]:
    """Margin line texts (digits masked) repeated on at least 3 pages and `share` of them:
    running heads and footers, which would otherwise light up with any chunk quoting the title."""
    counts: dict[str, int] = {}
    for p in pages:
        for text in set(p.margin_lines.values()):
            counts[text] = counts.get(text, 0) + 1
    least = max(3, share * len(pages))
    return {text for text, n in counts.items() if n >= least}


def covered_runs(chunk_tokens: Sequence[str], stream: Sequence[str], n: int, min_run: int) -> list[bool]:
    """For each stream token: is it inside a run of >= min_run tokens made of n-grams of the
    chunk? A short run (under ANCHOR_RUN tokens) counts only near a long one: a common phrase
    of the chunk ('the default value is') elsewhere on the page is not the chunk."""
    grams = set(zip(*(chunk_tokens[i:] for i in range(n))))
    hit = [False] * len(stream)
    for j, gram in enumerate(zip(*(stream[i:] for i in range(n)))):
        if gram in grams:
            hit[j:j + n] = [True] * n
    runs, start = [], None
    for j, flag in enumerate(hit + [False]):
        if flag and start is None:
            start = j
        elif not flag and start is not None:
            runs.append((start, j))
            start = None
    anchors = [r for r in runs if r[1] - r[0] >= ANCHOR_RUN]
    for a, b in runs:
        near = not anchors or any(a - y <= ANCHOR_GAP and x - b <= ANCHOR_GAP for x, y in anchors)
        if b - a < min_run or (b - a < ANCHOR_RUN and not near):
            hit[a:b] = [False] * (b - a)
    return hit


def chunk_boxes(chunk: Chunk, pages: Sequence[PageWords], merge: bool = False) -> list[ChunkBox]:
    """Line boxes of the chunk's words on `pages` (one box per page when `merge`)."""
    want = tokens(chunk.text)
    if not want:
        return []
    n = min(3, len(want))  # a phrase, never a lone common word
    min_run = 4 if len(want) >= 20 else n
    stream = [t for p in pages for t in p.tokens]
    places = [(p.page, *place) for p in pages for place in p.places]
    hit = covered_runs(want, stream, n, min_run)
    lines: dict[tuple[int, tuple[int, int]], list[float]] = {}
    for (page, x0, y0, x1, y1, key), flag in zip(places, hit):
        if flag:
            group = (page, (0, 0) if merge else key)
            box = lines.setdefault(group, [x0, y0, x1, y1])
            box[:] = [min(box[0], x0), min(box[1], y0), max(box[2], x1), max(box[3], y1)]
    return [ChunkBox(chunk.chunk_id, page, *(round(v, 2) for v in box)) for (page, _), box in lines.items()]


def image_boxes(chunk: Chunk, pages: Sequence[PageWords], images: Sequence) -> list[ChunkBox] | None:
    """The picture's box plus its caption lines, when the parser reported the picture
    (an `ImageInfo` with a bbox whose description is the chunk's text); else None."""
    for info in images:
        bbox = getattr(info, "bbox", ())
        if info.page == chunk.page_start and info.description == chunk.text and len(bbox) == 4:
            page = [p for p in pages if p.page == info.page]
            caption = Chunk.create(doc_id=chunk.doc_id, doc_title="", text=info.caption, position=0)
            lines = chunk_boxes(caption, page) if info.caption and page else []
            own = ChunkBox(chunk.chunk_id, info.page, *(round(float(v), 2) for v in bbox))
            return [own] + [ChunkBox(chunk.chunk_id, b.page, b.x0, b.y0, b.x1, b.y1) for b in lines]
    return None


def section_number(title: str, lines: Sequence[str]) -> str:
    """The printed number of a section ('3.2'): from its title, else from the line on its
    first page that reads '<number> <title>' (outlines often leave the number out)."""
    own = _NUMBERED.match(title.strip())
    if own:
        return own.group(1)
    want = " ".join(tokens(title))
    for line in lines:
        found = _NUMBERED.match(line.strip())
        if not found or not want:
            continue
        rest = " ".join(tokens(found.group(2)))
        if rest == want or (len(rest) >= 12 and want.startswith(rest)):
            return found.group(1)
    return ""


def page_label(page: pymupdf.Page) -> str:
    """The printed page label (PDF page labels: 'iv', 'A-3'), else the physical number."""
    try:
        label = decode_label(page.get_label())  # UTF-16 labels come back as hex: <FEFF0034>
    except Exception:  # noqa: BLE001 - a broken label tree must not fail the ingest
        label = ""
    return label.strip() or str(page.number + 1)


def document_geometry(pdf: Path, chunks: Sequence[Chunk], sections: Sequence[Section] = (),
                      images: Sequence = (), ocr_confidence: Mapping[int, float] | None = None,
                      slack: int = 0) -> DocGeometry:
    """Page facts, chunk boxes and section numbers of one PDF.

    `pdf` is the file whose text layer was parsed (an OCR'd copy when OCR ran); `slack`
    widens each chunk's page span forwards (LLM Markdown only marks window starts).
    """
    confidence = dict(ocr_confidence or {})
    with pymupdf.open(pdf) as doc:
        infos = tuple(PageInfo(p.number + 1, page_label(p), round(p.rect.width, 2), round(p.rect.height, 2),
                               confidence.get(p.number + 1)) for p in doc)
        words = [read_page(p) for p in doc]
    running = running_heads(words)
    words = [w.without(running) for w in words]
    boxes: list[ChunkBox] = []
    for chunk in chunks:
        last = min(len(words), max(chunk.page_start, chunk.page_end) + slack)
        span = words[max(0, chunk.page_start - 1):last]
        found = image_boxes(chunk, span, images) if chunk.kind == "image" else None
        boxes += found if found is not None else chunk_boxes(chunk, span, merge=chunk.kind == "table")
    numbers = {}
    for s in sections:
        if s.level >= 1 and s.heading_path and 1 <= s.page_start <= len(words):
            number = section_number(s.heading_path[-1], words[s.page_start - 1].lines)
            if number:
                numbers[s.section_id] = number
    return DocGeometry(infos, tuple(boxes), numbers)
