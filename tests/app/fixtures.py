"""Fixtures for the app tests: a PDF whose text carries HTML/script payloads, a tiny corpus.

    from tests.app.fixtures import make_xss_pdf, write_corpus
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pymupdf

SCRIPT = "<script>alert('folio-xss')</script>"
IMG = "<img src=x onerror=alert('folio-img')>"
XSS_TEXT = (f"The calibration marker is {SCRIPT} and the reviewer rejected the picture {IMG} "
            "because quarantine rules forbid markup in the zebra ledger.")
XSS_QUESTION = "Why did the reviewer reject the picture in the zebra ledger?"
XSS_TITLE = "Tom's \"Zebra Ledger\""  # quotes must read as quotes, never as &#x27; or &quot;

CORPUS = [
    {"id": "p1", "title": "Ada Lovelace", "text": "Ada Lovelace wrote the first published algorithm for the Analytical Engine."},
    {"id": "p2", "title": "Ada Lovelace", "text": "Lovelace was the daughter of the poet Lord Byron."},
    {"id": "p3", "title": "Analytical Engine", "text": "The Analytical Engine was a mechanical computer designed by Charles Babbage."},
    {"id": "p4", "title": "Lord Byron", "text": "Lord Byron was an English poet of the Romantic movement."},
    {"id": "p5", "title": "Volcanoes", "text": "Basalt lava flows from shield volcanoes in Hawaii."},
]
QUESTIONS = [
    {"id": "q1", "question": "Who designed the Analytical Engine mechanical computer?", "answer": "Charles Babbage",
     "supporting_ids": ["p3"]},
    {"id": "q2", "question": "Which lava flows from shield volcanoes?", "answer": "Basalt",
     "supporting_ids": ["p5"]},
]


def make_xss_pdf(path: Path) -> Path:
    """A one-page PDF titled XSS_TITLE whose body text contains <script> and <img onerror> payloads."""
    doc = pymupdf.open()
    doc.set_metadata({"title": XSS_TITLE})
    page = doc.new_page(width=595, height=842)
    page.insert_textbox(pymupdf.Rect(72, 72, 523, 110), XSS_TITLE, fontsize=20, fontname="hebo")
    page.insert_textbox(pymupdf.Rect(72, 130, 523, 400), XSS_TEXT, fontsize=11, fontname="helv")
    doc.save(path)
    return path


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    """Write rows as JSON Lines."""
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
    return path


def plain(text: str) -> str:
    """Undo md_escape's backslashes, for checks on what a page rendered."""
    return re.sub(r"\\(.)", r"\1", text)
