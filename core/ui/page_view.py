"""The page viewer: "Show on page" for any chunk, on every page of the app.

`show_on_page(library, chunk, key)` draws a toggle; switched on, it shows the chunk's page
as an image with the chunk highlighted ("p. 17 · PDF page 21": printed label and physical
page; an answer's supporting sentence inside it marked strongly in blue), every page when
the chunk crosses a page break, previous/next page, zoom, and a download of the original PDF. A document whose original was not kept (added before Folio
kept originals) says so and offers to add the file again, which stores it and computes the
highlights without re-indexing anything.

Example:
    >>> # with st.expander(cite.label):
    >>> #     show_on_page(library, cite.chunk, key=f"chat-{id(answer)}-{cite.number}")
"""
from __future__ import annotations

import mimetypes
from pathlib import Path
from typing import Sequence

import streamlit as st

from core.errors import FolioError
from core.evidence.viewer import ChunkPlace
from core.types import Chunk
from core.ui.labels import place
from core.ui.text import md_escape, shorten

ZOOMS = (1.0, 1.5, 2.0, 3.0)


def pages_to_show(place: ChunkPlace, offset: int) -> tuple[int, ...]:
    """The chunk's own pages at offset 0; else the one page `offset` away from its first
    page (previous/next), kept inside the document."""
    if offset == 0:
        return place.pages
    return (min(max(1, place.pages[0] + offset), place.page_count),)


def show_on_page(library, chunk: Chunk, key: str, span: str = "", toggle: bool = True) -> None:
    """A 'Show on page' toggle and, when on, the page viewer for `chunk` (see module doc),
    with `span` (the supporting sentence of an answer) marked strongly inside it;
    `toggle=False` shows the viewer at once (in a dialog that was opened for it)."""
    if toggle and not st.toggle("Show on page", key=f"{key}-show", help="the page with this chunk highlighted"):
        return
    try:
        place = library.evidence.locate(chunk.chunk_id)
    except FolioError as exc:
        st.error(md_escape(str(exc)))
        return
    if place.document.kind == "corpus":
        st.caption("This passage comes from a text corpus: it has no page to show.")
        return
    if place.original is not None and place.rendition is None:  # read without LibreOffice
        from core.ui.section_view import show_section_text
        show_section_text(library, place)
        return
    if place.original is None:
        st.warning(md_escape(place.missing_message()))
        _offer_readd(library, place, key)
        return
    offset = st.session_state.setdefault(f"{key}-offset", 0)
    pages = pages_to_show(place, offset)
    _navigation(place, pages, key)
    zoom = st.select_slider("Zoom", ZOOMS, value=1.5, key=f"{key}-zoom", format_func=lambda z: f"{z:g}×")
    strong = library.evidence.span_boxes(chunk.chunk_id, span) if span else ()
    for page in pages_to_show(place, st.session_state[f"{key}-offset"]):
        try:
            image = library.evidence.render(chunk.chunk_id, page, zoom, span=span if strong else "")
        except FolioError as exc:
            st.error(md_escape(str(exc)))
            return
        marked = " · the supporting sentence in blue" if any(b.page == page for b in strong) else ""
        st.caption(md_escape(image.caption + marked + ("" if image.highlighted else " · the chunk is not on this page")))
        st.image(str(image.path), width="stretch",
                 alt=f"{image.caption} with the chunk highlighted" if image.highlighted else image.caption)
    kind = "PDF" if place.document.kind == "pdf" else Path(place.document.source).suffix.lstrip(".").upper()
    st.download_button(f"Download the original {kind}".strip(), data=place.original.read_bytes,  # read on click only
                       file_name=Path(place.document.source).name,
                       mime=mimetypes.guess_type(place.document.source)[0] or "application/octet-stream",
                       key=f"{key}-download", icon=":material/download:", on_click="ignore")


def _navigation(place: ChunkPlace, pages: Sequence[int], key: str) -> None:
    """Previous page / next page / back to the chunk's own page(s)."""
    state = f"{key}-offset"
    back, previous, following = st.columns(3)
    if following.button("Next page", key=f"{key}-next", icon=":material/navigate_next:",
                        disabled=pages[-1] >= place.page_count):
        st.session_state[state] = pages[-1] + 1 - place.pages[0]
    if previous.button("Previous page", key=f"{key}-prev", icon=":material/navigate_before:",
                       disabled=pages[0] <= 1):
        st.session_state[state] = pages[0] - 1 - place.pages[0]
    if back.button("The chunk's page", key=f"{key}-back", icon=":material/my_location:",
                   disabled=st.session_state[state] == 0):
        st.session_state[state] = 0


def _offer_readd(library, place: ChunkPlace, key: str) -> None:
    """Upload the same file again: it is stored and highlighted, nothing is re-indexed."""
    from core.ui.uploads import save_uploads

    name = Path(place.document.source).name
    upload = st.file_uploader(f"Add {name} again", type=["pdf"], key=f"{key}-readd")
    if upload is None:
        return
    (saved,) = save_uploads([upload])
    with st.spinner("Keeping the original…"):
        (outcome,) = library.add([saved.path], names={str(saved.path): place.document.source})
    if outcome.status == "error":
        st.error(md_escape(outcome.message))
    else:
        st.success(md_escape(f"{name}: {outcome.status}; its pages can be shown now"))
        st.rerun()


def drill_down(library, rows: Sequence, key: str, top: int = 3) -> None:
    """Evaluate's drill-down: pick a question, see its top chunks, each with 'Show on page'."""
    if not rows:
        return
    row = st.selectbox("Show the evidence of a question", rows, key=f"{key}-question",
                       format_func=lambda r: shorten(f"{r.qid}: {r.question}", 90))
    chunks = library.chunks(list(row.top_ids[:top]))
    if not chunks:
        st.caption("The top results are corpus passages; pages are shown for PDF documents.")
    for rank, chunk in enumerate(chunks, start=1):
        st.markdown(md_escape(f"{rank}. {place(chunk, library)} · {shorten(chunk.text, 120)}"))
        show_on_page(library, chunk, key=f"{key}-{row.qid}-{chunk.chunk_id}")
