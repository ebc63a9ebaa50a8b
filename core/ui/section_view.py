"""The page view of a document that has no page image (an Office file read without
LibreOffice): the text of the chunk's section, the chunk marked, and why there is no image.

Document text is escaped before it is put in HTML, and every line break becomes <br>, so the
HTML is one line that Markdown leaves alone; only the <mark> around the chunk is ours.

Example:
    >>> section_html(["Intro.", "The answer.", "After."], 1)
    '<p>Intro.</p><p><mark>The answer.</mark></p><p>After.</p>'
"""
from __future__ import annotations

import html
import re
from typing import Sequence

import streamlit as st

from core.ui.text import md_escape

MOST_CHUNKS = 12  # chunks of the section shown around the cited one
_LINE_BREAK = re.compile(r"\r\n?|[\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")  # any line break Markdown might see


def section_html(texts: Sequence[str], marked: int) -> str:
    """Paragraphs of the section's chunk texts, the `marked` one highlighted, all escaped."""
    parts = []
    for i, text in enumerate(texts):
        body = html.escape(_LINE_BREAK.sub("\n", text)).replace("\n", "<br>")  # one line: no Markdown inside
        parts.append(f"<p><mark>{body}</mark></p>" if i == marked else f"<p>{body}</p>")
    return "".join(parts)


def show_section_text(library, place) -> None:
    """The section's text with the chunk marked, under the reason there is no page image."""
    st.info(md_escape(place.missing_message()))
    chunk = place.chunk
    siblings = [c for c in library.catalog.doc_chunks(chunk.doc_id) if c.section_id == chunk.section_id]
    at = next((i for i, c in enumerate(siblings) if c.chunk_id == chunk.chunk_id), 0)
    start = max(0, at - MOST_CHUNKS // 2)
    shown = siblings[start:start + MOST_CHUNKS] or [chunk]
    st.caption(md_escape(chunk.path_label))
    st.markdown(section_html([c.text for c in shown], at - start), unsafe_allow_html=True)
