"""Helpers of the watched-folder tests: tiny PDFs written by the tests, waiting with deadlines,
an embedder that counts its calls."""
from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pymupdf

from tests.waiting import wait_for  # noqa: F401  (the folders tests import it from here)

PAST_S = 30  # files "written" this long ago are settled (no longer being written)
WORDS = ("amber", "basalt", "cedar", "delta", "ember", "fjord", "garnet", "harbor", "indigo", "juniper")


def page_text(text: str, n: int) -> str:
    """Page n's text: `text` on the first page; different words on every other page (lines
    repeated on every page would be dropped as running headers)."""
    if n == 0:
        return text
    words = " ".join(WORDS[(n * k) % len(WORDS)] for k in range(1, 8))
    return f"Part {n} describes the {WORDS[n % len(WORDS)]} survey: {words}. Its reference is R-{n * 97}."


def make_pdf(path: Path, text: str, *, settled: bool = True, pages: int = 1) -> Path:
    """A PDF whose pages say `text`; `settled` dates it PAST_S seconds back."""
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = pymupdf.open()
    for n in range(pages):
        page = doc.new_page()
        page.insert_textbox(pymupdf.Rect(72, 72, 520, 760), page_text(text, n), fontsize=11)
    doc.save(path)
    if settled:
        back = time.time() - PAST_S
        os.utime(path, (back, back))
    return path


def pdf_bytes(text: str, pages: int = 1) -> bytes:
    """The bytes of a PDF saying `text` (to be written in pieces)."""
    doc = pymupdf.open()
    for n in range(pages):
        doc.new_page().insert_textbox(pymupdf.Rect(72, 72, 520, 760), page_text(text, n), fontsize=11)
    return doc.tobytes()


class CountingEmbedder:
    """Wraps an embedder and counts the texts it embeds (moves must embed nothing)."""

    def __init__(self, inner):
        self.inner = inner
        self.calls = 0
        self.texts = 0

    def embed(self, texts):
        self.calls += 1
        self.texts += len(texts)
        return self.inner.embed(texts)

    def embed_query(self, text):
        return self.inner.embed_query(text)

    def __getattr__(self, name):
        return getattr(self.inner, name)


def ctrl_c_default() -> None:
    """In the child: Ctrl-C as a terminal gives it. A shell without job control starts its
    background commands (a CI script run with `&`) with SIGINT ignored, and the child would
    inherit that and never hear the test's Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
