"""Folio — Graph: the neighbourhood of the retrieved chunks in the Chunk-Interaction Graph.

Edges are coloured by kind (toggles in the sidebar), the walked path is bold with hop
numbers, seeds are stars and node size follows the retrieval score. At most 300 nodes
are drawn. Pick a node below the drawing to read its chunk. "Search in" (sidebar) limits the
retrieval to some documents or folders, as on the Chat and Compare pages.
"""
from __future__ import annotations

import pandas as pd
import streamlit as st

from core.errors import FolioError
from core.ui import graph_view as gv, labels
from core.ui.graph_html import draw
from core.ui.page_view import show_on_page
from core.ui.resources import get_library
from core.ui.scope import scope_picker
from core.ui.text import md_escape, shorten
from core.ui.widgets import retriever_picker, show_chunk, sidebar_status

LEGEND = ("Edges: grey structural · orange keyword · blue semantic · **bold red, numbered** = the path "
          "walked (hop order). Nodes: red = retrieved (bigger = higher score) · ★ = seed · thick border "
          "= on the path · squares = page/section nodes. Retrieved, seed and path nodes are named; "
          "hover over any node to read it.")
WALKERS = (f"Retrievers that walk a graph path (numbered hops): {', '.join(gv.PATH_RETRIEVERS)} "
           f"({gv.DEFAULT_RETRIEVER} by default; rgnn needs an LLM). The others rank chunks without "
           "walking: their view shows the neighbourhood and no path.")


def edge_toggles() -> tuple[str, ...]:
    """One sidebar checkbox per edge kind."""
    st.sidebar.markdown("**Edge kinds**")
    return tuple(k for k in gv.EDGE_KINDS if st.sidebar.checkbox(k, value=True, key=f"graph_kind_{k}"))


def node_reader(library, view: gv.GraphView, chunks: dict) -> None:
    """Select a chunk node and read it."""
    options = [n for n in view.nodes if n.kind == "chunk" and n.node_id in chunks]
    if not options:
        return
    names = {n.node_id: f"{'#' + str(n.rank) + ' ' if n.rank else ''}{labels.place(chunks[n.node_id], library, 60)}"
             f" · {shorten(chunks[n.node_id].text, 60)}" for n in options}
    picked = st.selectbox("Read a node's chunk", list(names), format_func=names.get, key="graph_node")
    show_chunk(chunks[picked])
    show_on_page(library, chunks[picked], key=f"graph-{picked}")


def hops_table(result, chunks: dict) -> None:
    """The walked path as a table: hop number (as drawn), step, from and to by heading and
    page, edge kind, score."""
    if not result.hops:
        st.caption(md_escape(f"{result.retriever} walked no graph path (no hops to draw). "
                             f"Retrievers that walk one: {', '.join(gv.PATH_RETRIEVERS)}."))
        return
    st.dataframe(pd.DataFrame(gv.hop_rows(result, chunks, labels.pages_label)), hide_index=True)


def main() -> None:
    """Render the Graph page."""
    st.set_page_config(page_title="Folio — Graph", page_icon="📚", layout="wide")
    library = get_library()
    st.title("Evidence graph")
    st.caption(WALKERS)
    retriever = retriever_picker(library, key="graph_retriever", default=gv.DEFAULT_RETRIEVER)
    k = st.sidebar.slider("k", 1, 30, 8, key="graph_k")
    kinds = edge_toggles()
    scope = scope_picker(library)  # the documents or folders the chat searches: the graph walks those too
    sidebar_status(library)
    question = st.text_input("Question", key="graph_question")
    if st.button("Show graph", type="primary", disabled=not question.strip(), key="graph_run"):
        try:
            with st.spinner("Retrieving…"):
                result = library.retrieve(question, retriever, k, scope=scope)
            st.session_state["graph_result"] = (result, gv.load_neighbourhood(library.catalog, result))
        except FolioError as exc:
            st.error(md_escape(str(exc)))
    if "graph_result" not in st.session_state:
        return
    result, (edges, chunks) = st.session_state["graph_result"]
    view = gv.build_view(result, edges, chunks, kinds, pages=labels.pages_label)
    if view.capped:
        st.info(view.message)
    st.caption(md_escape(f"{result.retriever}: {len(result.chunks)} chunks, {len(result.seeds)} seeds, "
                         f"{len(result.hops)} hops, {len(view.nodes)} nodes, {len(view.edges)} edges"))
    st.caption(LEGEND)
    draw(view)
    node_reader(library, view, chunks)
    hops_table(result, chunks)


main()
