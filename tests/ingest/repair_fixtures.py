"""Damaged PDFs for the repair tests: a good 3-page file with its cross-reference table
overwritten (every offset points past the end) and one more part lost.

    xref_only         only the offsets are wrong (MuPDF and qpdf rebuild the table)
    page_tree_lost    the /Pages object is blanked out too (MuPDF reads no pages; qpdf refuses)
    root_lost         the trailer names a catalog that does not exist
    nothing_left      every page object is blanked out too (no reader can open a page)
"""
from __future__ import annotations

import re
from pathlib import Path

import pymupdf

DAMAGES = ("xref_only", "page_tree_lost", "root_lost", "nothing_left")
PAGE_TEXT = "Repaired page {n} keeps its words"


def _good_bytes() -> bytes:
    doc = pymupdf.open()
    for n in range(1, 4):
        doc.new_page().insert_text((72, 100), PAGE_TEXT.format(n=n), fontsize=12)
    return doc.tobytes(garbage=0, deflate=False, use_objstms=0)


def _damage_xref(data: bytes) -> bytes:
    start = data.rfind(b"xref")
    return data[:start] + re.sub(rb"\d{10} 00000 n", b"9999999999 00000 n", data[start:])


def _blank(data: bytes, pattern: bytes) -> bytes:
    """Spaces over every object whose dictionary matches `pattern` (offsets stay put)."""
    def space(m: re.Match) -> bytes:
        return b"\n" + b" " * (len(m.group()) - 1)
    return re.sub(rb"\n\d+ 0 obj\s*<<" + pattern + rb".*?endobj", space, data, flags=re.S)


def make_damaged_pdf(path: Path, kind: str) -> Path:
    """Write one kind of damaged PDF (see module doc) and return its path."""
    data = _good_bytes()
    if kind == "page_tree_lost":
        data = _blank(data, rb"/Type/Pages")
    elif kind == "root_lost":
        data = data.replace(b"/Root 1 0 R", b"/Root 99 0 R")
    elif kind == "nothing_left":
        data = _blank(_blank(data, rb"/Type/Pages"), rb"/Type/Page\b")
    elif kind != "xref_only":
        raise ValueError(f"unknown damage {kind!r}; use one of {', '.join(DAMAGES)}")
    path.write_bytes(_damage_xref(data))
    return path
