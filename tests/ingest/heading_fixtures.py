"""Generated PDFs for the outline-less heading rules: each page is a list of lines
(text, size, font) written top to bottom, with body paragraphs between them so the body
size is the most common one. Fonts: "helv" body, "hebo" bold, "cour" fixed-width."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Sequence

import pymupdf

from core.ingest.pdf import pdf_to_markdown

BODY = ("The service reads every file of the library and keeps its index in step with the "
        "folder, so that a question always sees the current text of each document.")
Spec = tuple[str, float, str]  # text, size, font


def body(n: int = 1) -> list[Spec]:
    """`n` body paragraphs (two lines each at 10 pt)."""
    return [(BODY, 10, "helv")] * n


def write_pdf(path: Path, pages: Sequence[Sequence[Spec]], footer: str | None = None,
              title: str | None = "Widget Manual") -> Path:
    """A PDF whose pages hold the given lines, under a 24 pt `title` on page 1 (the
    document title, not a heading); `footer` (with {n}, the page number) is written at the
    foot of every page in bold body type, as some manuals set it."""
    doc = pymupdf.open()
    for n, specs in enumerate(pages, 1):
        page = doc.new_page(width=595, height=842)
        if title and n == 1:
            specs = [(title, 24, "hebo"), *specs]
        y = 60.0
        for text, size, font in specs:
            rect = pymupdf.Rect(72, y, 523, y + 300)
            spare = page.insert_textbox(rect, text, fontsize=size, fontname=font)
            y += 300 - spare + size  # a gap of one line: each spec is its own block
        if footer:
            page.insert_text((72, 815), footer.format(n=n), fontsize=10, fontname="hebo")
    doc.save(path)
    return path


def headings_of(pdf: Path, assets: Path) -> list[tuple[int, str]]:
    """(level, text) of the headings the detector writes (outline ignored)."""
    md = pdf_to_markdown(pdf, assets, use_outline=False).markdown
    return [(len(h), t) for h, t in re.findall(r"^(#{1,6}) (.+)$", md, flags=re.M)]
