"""A manual as a first-time user meets it: page labels written in UTF-16 with a byte-order
mark (as DocBook writes them), a build section whose commands are a verbatim block.

    from tests.app.first_use_fixtures import make_mime_spec_pdf, BUILD_QUESTION
"""
from __future__ import annotations

from pathlib import Path

import pymupdf

TITLE = "Shared MIME-info Database"
BUILD_QUESTION = "How do I build the database tools from a release tarball?"
LABELS = ("i", "ii", "1", "2", "3")  # printed labels of PDF pages 1-5
COMMANDS = ("$ ./configure --prefix=/usr", "$ make", "$ make install")
PAGES = (
    "Shared MIME-info Database specification. This document describes the format of the database.",
    "Contents. 1 Introduction. 2 Unified system. 3 Building from source.",
    "1 Introduction. Many programs and desktops use the MIME system to represent the types of files.",
    "2 Unified system. The glob patterns are stored in the globs2 file with a weight for each pattern.",
)


def utf16_hex(text: str) -> str:
    """A PDF hex string of `text` in UTF-16BE with its byte-order mark (<FEFF0031> for '1')."""
    return "<" + (b"\xfe\xff" + text.encode("utf-16-be")).hex().upper() + ">"


def make_mime_spec_pdf(path: Path) -> Path:
    """Five pages labelled LABELS in UTF-16; page 5 ('3') holds the build commands."""
    doc = pymupdf.open()
    doc.set_metadata({"title": TITLE})
    for text in PAGES:
        doc.new_page().insert_textbox(pymupdf.Rect(72, 72, 520, 300), text, fontsize=12, fontname="helv")
    page = doc.new_page()
    page.insert_text((72, 90), "3 Building from source", fontsize=16, fontname="hebo")
    page.insert_textbox(pymupdf.Rect(72, 110, 520, 160), "To build the database tools from a release "
                        "tarball, run these commands in the unpacked folder:", fontsize=11, fontname="helv")
    for n, line in enumerate(COMMANDS):
        page.insert_text((90, 180 + 14 * n), line, fontname="cour", fontsize=10)
    page.insert_textbox(pymupdf.Rect(72, 240, 520, 300), "Then run update-mime-database to rebuild the cache.",
                        fontsize=11, fontname="helv")
    nums = "".join(f"{i}<</P{utf16_hex(label)}>>" for i, label in enumerate(LABELS))
    doc.xref_set_key(doc.pdf_catalog(), "PageLabels", f"<</Nums[{nums}]>>")
    doc.save(path)
    return path
