"""Streamlit building blocks shared by the pages: status line, chunk view, route chart.

Every piece of document text goes through `md_escape`/`md_escape_block` before it
reaches `st.markdown`; nothing here passes `unsafe_allow_html`.
"""
from __future__ import annotations

from typing import Mapping

import streamlit as st

from core.retrieve.base import RETRIEVERS
from core.types import Chunk
from core.ui.evidence import GROUPS
from core.ui.labels import heading, pages_label, route_line
from core.ui.text import md_escape, md_escape_block


def llm_status(library) -> str:
    """'LLM: model at URL' when one is configured, else the extractive reader line."""
    llm = library.settings.llm
    if llm.configured:
        return f"LLM: {llm.model} at {llm.base_url}"
    chosen = library.llm  # a local model picked on the Chat page for this process
    if chosen is not None:
        return f"LLM: {chosen.model} at {chosen.settings.base_url}"
    return "No LLM configured: answers come from the extractive reader"


def sidebar_status(library, docs=None) -> None:
    """Data dir, document count and LLM status in the sidebar (`docs`: the ready documents,
    when the page has read them already)."""
    docs = library.documents() if docs is None else docs
    st.sidebar.caption(md_escape(f"Library: {library.settings.data_dir} · {len(docs)} documents"))
    st.sidebar.caption(md_escape(llm_status(library)))


NOTHING_TO_ASK = ("No document is ready to search yet: add documents on the Library page "
                  "(or wait for the ones being added), then ask again.")


def nothing_to_ask(library, docs=None) -> str | None:
    """Why nothing can be asked of `library` (no ready document), or None when something can:
    said instead of running a retriever that would only report that it found no passage
    (`docs`: the ready documents, when the page has read them in this run)."""
    docs = library.documents() if docs is None else docs
    return None if docs else NOTHING_TO_ASK


BASELINES = ("dense", "bm25", "hybrid")


def with_chat_default(library, baselines=BASELINES) -> list[str]:
    """The Chat retriever first, then the `baselines` it is not: what Compare and Evaluate start with."""
    first = library.settings.retrieve.default_retriever
    return [first] + [n for n in baselines if n != first] if first in RETRIEVERS else list(baselines)


def retriever_picker(library, key: str, label: str = "Retriever", default: str | None = None) -> str:
    """A sidebar select box of retriever names, defaulting to `default` or the configured one."""
    names = list(RETRIEVERS)
    default = default or library.settings.retrieve.default_retriever
    index = names.index(default) if default in names else 0
    return st.sidebar.selectbox(label, names, index=index, key=key)


AXIS_PX = 52  # x axis labels and title under the bars


def route_spec(relative: Mapping[str, float]) -> dict:
    """A Vega-Lite spec of horizontal bars, one per route family (score relative to the best
    retrieved chunk). Written as a dict: altair's schema validation cost ~70 ms per chart,
    and the Chat page draws one per citation on every run."""
    values = [{"route": g, "score": float(relative.get(g, 0.0))} for g in GROUPS]
    return {
        "data": {"values": values},
        "mark": {"type": "bar"},
        # a number, not {"step": 24} (Vega then dropped Streamlit's "fit-y" with a console warning);
        # fitted, the height holds the x axis and its title too: 24 px per bar plus AXIS_PX
        "height": 24 * len(values) + AXIS_PX,
        "encoding": {
            "x": {"field": "score", "type": "quantitative", "scale": {"domain": [0, 1]},
                  "title": "score relative to the best retrieved chunk"},
            "y": {"field": "route", "type": "nominal", "sort": list(GROUPS), "title": None,
                  "axis": {"labelOverlap": False}},
            "tooltip": [{"field": "route", "type": "nominal"},
                        {"field": "score", "type": "quantitative", "format": ".2f"}],
        },
    }


def route_chart(relative: Mapping[str, float], raw: Mapping[str, float]) -> None:
    """Horizontal bars of the route families, and the raw route scores in a caption."""
    if not relative:
        st.caption("This retriever reported no per-route scores.")
        return
    st.vega_lite_chart(spec=route_spec(relative), width="stretch")
    st.caption(md_escape("raw: " + route_line(raw)))


def show_chunk(chunk: Chunk) -> None:
    """Heading path, pages and the chunk's text, all escaped."""
    st.markdown(f"**{md_escape(heading(chunk))}** · {md_escape(pages_label(chunk))} · {md_escape(chunk.kind)}")
    st.markdown(md_escape_block(chunk.text))
