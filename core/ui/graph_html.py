"""Draw a GraphView on the Graph page: vis-network, laid out before it is shown.

The layout is computed here (networkx's spring layout, seeded, so a rerun gives the same
graph) and sent as fixed node positions with physics off: the first frame the browser paints
is the settled graph, fitted to its box. A browser-side physics simulation instead starts as
a dot and moves for seconds on a 300-node view.

The graph is a Streamlit component (`st.components.v2`) drawn in the page itself: the
iframe it used to sit in made Chromium log sandbox and permission warnings on every view.
Labels and tooltips are plain text in the view and reach the browser as JSON data, never
as markup: vis-network draws labels on the canvas and sets tooltips with `innerText`.
vis-network's JavaScript and CSS come from the pyvis package (no CDN).

Example:
    >>> # draw(build_view(result, edges, chunks))   # on a Streamlit page
"""
from __future__ import annotations

import math
from functools import lru_cache
from importlib import resources

from core.ui.graph_script import FINISH_JS, FONT_PX, HOP_PX
from core.ui.graph_view import EDGE_COLOURS, HOP_COLOUR, GraphView

VIS_DIR = ("templates", "lib", "vis-9.1.2")
SPACING = 45.0  # layout units per sqrt(node): about one label width between neighbours
MIN_HALF_SPAN = 300.0  # small views still span ~600 units: fitting them fills a 620 px frame
OPTIONS = {
    "physics": {"enabled": False},  # positions come from layout(); nothing moves after the first paint
    "layout": {"improvedLayout": False},
    "interaction": {"hover": True, "tooltipDelay": 150},
    "edges": {"smooth": False},
}

HEIGHT_PX = 620
# The component's module: vis-network (a UMD build that sets `globalThis.vis`), then the mount
# function Streamlit calls with the data of each run. The finishing code (graph_script) uses
# `network`, `nodes`, `edges` and `container`, declared here as the mount's own variables.
_MOUNT_JS = """
export default function (component) {
  var data = component.data, parent = component.parentElement;
  var container = document.createElement("div");
  container.className = "evidence-graph";
  container.style.height = data.height + "px";
  parent.replaceChildren(container);
  var nodes, edges, network;
%(finish)s
  stretchToFrame(data.nodes, container.clientWidth, container.clientHeight);
  nodes = new vis.DataSet(data.nodes);
  edges = new vis.DataSet(data.edges);
  network = new vis.Network(container, {nodes: nodes, edges: edges}, data.options);
  window.folioGraph = {network: network, nodes: nodes, edges: edges, container: container};
  // Node and label sizes are known once drawn: finish after the first (hidden) drawing, show the next.
  network.once("afterDrawing", finish);
  network.on("resize", function () { network.fit({animation: false}); });
  return function () { network.destroy(); };
}
"""
_CSS = """
.evidence-graph { width: 100%; visibility: hidden; background: #ffffff; }
div.vis-tooltip { max-width: 420px; white-space: pre-wrap; }
"""


@lru_cache(maxsize=1)
def _vis_assets() -> tuple[str, str]:
    """(JavaScript, CSS) of the vis-network build that ships inside pyvis."""
    folder = resources.files("pyvis").joinpath(*VIS_DIR)
    return (folder.joinpath("vis-network.min.js").read_text("utf-8"),
            folder.joinpath("vis-network.css").read_text("utf-8"))


def half_span(nodes: int) -> float:
    """Half the width of the layout of `nodes` nodes, in vis-network units."""
    return max(MIN_HALF_SPAN, SPACING * math.sqrt(nodes))


@lru_cache(maxsize=8)
def layout(view: GraphView) -> dict[str, tuple[float, float]]:
    """Node id -> (x, y): a seeded spring layout of the drawn edges, hops pulling hardest."""
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(n.node_id for n in view.nodes)
    for e in view.edges:
        graph.add_edge(e.source, e.target, weight=3.0 if e.step is not None else 1.0)
    if graph.number_of_nodes() == 0:
        return {}
    scale = half_span(graph.number_of_nodes())
    spread = 1.5 / math.sqrt(graph.number_of_nodes())  # 1.5x networkx's default node distance
    pos = nx.spring_layout(graph, k=spread, seed=7, scale=scale)
    return {node: (round(float(x), 1), round(float(y), 1)) for node, (x, y) in pos.items()}


def network_data(view: GraphView) -> dict:
    """The nodes, edges and options handed to vis-network (positions fixed, text plain)."""
    pos = layout(view)
    nodes = []
    for n in view.nodes:
        colour = "#d62728" if n.rank else ("#8c564b" if n.kind == "chunk" else "#c7c7c7")
        shape = "star" if n.seed else ("dot" if n.kind == "chunk" else "square")
        x, y = pos.get(n.node_id, (0.0, 0.0))
        label = n.label if n.rank or n.seed or n.on_path else ""  # the others: on hover (title)
        nodes.append({"id": n.node_id, "label": label, "title": n.title, "x": x, "y": y, "size": n.size,
                      "shape": shape, "color": colour, "borderWidth": 4 if n.on_path else 1,
                      "font": {"size": FONT_PX}})  # resized for the fitted zoom (graph_script)
    edges = []
    for e in view.edges:
        if e.step is not None:
            edges.append({"from": e.source, "to": e.target, "title": e.title, "label": str(e.step), "width": 6,
                          "color": HOP_COLOUR, "arrows": "to",
                          "font": {"size": HOP_PX, "color": HOP_COLOUR, "strokeWidth": 4, "align": "top"}})
        else:
            edges.append({"from": e.source, "to": e.target, "title": e.title, "width": 1.5,
                          "color": EDGE_COLOURS.get(e.kind, "#777777")})
    return {"nodes": nodes, "edges": edges, "options": OPTIONS}


@lru_cache(maxsize=1)
def graph_component():
    """The Graph page's Streamlit component (registered once per process): vis-network drawn
    in the page itself, not in an iframe, so the browser logs nothing about sandboxing."""
    import streamlit as st

    js, css = _vis_assets()
    return st.components.v2.component("folio_graph", js=js + _MOUNT_JS % {"finish": FINISH_JS},
                                      css=css + _CSS, isolate_styles=False)


def draw(view: GraphView, key: str = "graph_view", height_px: int = HEIGHT_PX) -> None:
    """Draw the view on the page, already laid out (the same view draws the same graph)."""
    graph_component()(data={**network_data(view), "height": height_px}, key=key, height=height_px)
