"""core.ui.evidence, core.ui.compare, core.ui.graph_view and leaderboard rows on tiny inputs."""
from __future__ import annotations

from types import SimpleNamespace

from core.errors import NeedsLLM
from core.eval.questions import Question
from core.types import Chunk, Edge, Hop, RetrievalResult, ScoredChunk
from core.ui import compare, evidence, graph_html, graph_view as gv
from core.ui.tables import leaderboard_rows


def _chunk(i: int, text: str = "", title: str = "Doc", source_id: str = "") -> Chunk:
    return Chunk.create(doc_id="d", doc_title=title, text=text or f"text {i}", position=i, source_id=source_id)


A, B, C, D = (_chunk(i, source_id=f"p{i}") for i in range(4))


def _result(name, chunks, **kw):
    return RetrievalResult("q", name, tuple(ScoredChunk(c, s, r) for c, s, r in chunks), **kw)


def test_route_groups_and_relative_scores():
    assert evidence.route_groups({"vector": .5, "vector_norm": 1.0, "fulltext": 7.0, "keywords": 2.0,
                                  "gnn_distance": .2, "rrf": .03}) == {
        "vector": .5, "full text": 7.0, "keywords": 2.0, "graph": .2}
    res = _result("m", [(A, 1, {"vector": .8, "fulltext": 10.0}), (B, .5, {"vector": .4, "fulltext": 2.5})])
    maxima = evidence.group_maxima(res.chunks)
    assert maxima == {"vector": .8, "full text": 10.0}
    assert evidence.relative_routes(res.chunks[1], maxima) == {"vector": .5, "full text": .25}
    assert evidence.scored_by_id(res)[B.chunk_id][0] == 2


class _FakeLibrary:
    def __init__(self, results):
        self.results = results

    def retrieve(self, question, name, k, scope=None):
        if name == "rgnn":
            raise NeedsLLM("rgnn needs an LLM; set OPENAI_BASE_URL")
        return self.results[name]


def test_compare_marks_shared_chunks_shifts_gold_and_recall():
    lib = _FakeLibrary({
        "dense": _result("dense", [(A, .9, {}), (B, .8, {}), (C, .7, {})]),
        "bm25": _result("bm25", [(C, 9, {}), (A, 8, {}), (D, 7, {})], llm_calls=0),
    })
    runs = compare.run_compare(lib, "q", ["dense", "bm25", "rgnn"], 3)
    assert runs[2].error.startswith("rgnn needs an LLM")
    q = Question("q1", "q", supporting_ids=("p2", "p3"))
    cols = compare.compare_columns(runs, q, k=2)
    dense, bm25, rgnn = cols
    assert [c.shared_with for c in dense.cells] == [("bm25",), (), ("bm25",)]
    assert [c.shift for c in dense.cells] == [None, None, None]  # the reference column
    assert [c.shift for c in bm25.cells] == [2, -1, None]  # C: 3 -> 1, A: 1 -> 2, D: absent
    assert [c.gold for c in bm25.cells] == [True, False, True]
    assert dense.metrics["recall@2"] == 0.0 and bm25.metrics["recall@2"] == 0.5
    assert rgnn.cells == () and "LLM" in rgnn.error
    assert [compare.shift_label(s) for s in (2, -1, 0, None)] == ["▲2", "▼1", "=", ""]


def _graph_result():
    evil = _chunk(9, text="<script>alert(1)</script>", title="<img src=x onerror=alert(2)>")
    res = _result("iier", [(evil, 1.0, {}), (B, .5, {})], seeds=(evil.chunk_id,),
                  hops=(Hop(evil.chunk_id, B.chunk_id, "keyword", 1, .7),))
    edges = [Edge(evil.chunk_id, B.chunk_id, "keyword", 2, "x, y"), Edge(B.chunk_id, C.chunk_id, "semantic", .6),
             Edge(evil.chunk_id, "page:d:1", "structural"), Edge(B.chunk_id, D.chunk_id, "structural")]
    return res, edges, {c.chunk_id: c for c in (evil, B, C, D)}, evil


def test_graph_view_sizes_seeds_path_and_kinds():
    res, edges, chunks, evil = _graph_result()
    view = gv.build_view(res, edges, chunks)
    by_id = {n.node_id: n for n in view.nodes}
    assert [n.node_id for n in view.nodes][:2] == [evil.chunk_id, B.chunk_id]
    assert by_id[evil.chunk_id].size == 40.0 and by_id[B.chunk_id].size == 26.0 and by_id[C.chunk_id].size == 7
    assert by_id[evil.chunk_id].seed and not by_id[B.chunk_id].seed
    assert by_id[B.chunk_id].on_path and not by_id[C.chunk_id].on_path
    hop_edges = [e for e in view.edges if e.step is not None]
    assert [(e.source, e.target, e.step) for e in hop_edges] == [(evil.chunk_id, B.chunk_id, 1)]
    assert len(view.edges) == 4  # the keyword edge under the hop is not drawn twice
    only_semantic = gv.build_view(res, edges, chunks, kinds=("semantic",))
    assert {n.node_id for n in only_semantic.nodes} == {evil.chunk_id, B.chunk_id, C.chunk_id}
    assert not view.capped and view.message == ""


def test_graph_data_carries_document_text_as_plain_text():
    res, edges, chunks, evil = _graph_result()
    quoted = _chunk(8, text="It's \"quoted\" & <b>bold</b>", title="Tom's \"Zebra\" & Co")
    res = _result("iier", [*((sc.chunk, sc.score, {}) for sc in res.chunks), (quoted, .4, {})],
                  seeds=res.seeds, hops=res.hops)
    view = gv.build_view(res, edges, {**chunks, quoted.chunk_id: quoted})
    by_id = {n.node_id: n for n in view.nodes}
    assert by_id[quoted.chunk_id].label == "#3 Tom's \"Zebra\" & Co"  # plain text in the model
    assert by_id[evil.chunk_id].label == "#1 <img src=x onerror=alert(2)>"
    drawn = {n["id"]: n for n in graph_html.network_data(view)["nodes"]}
    assert drawn[quoted.chunk_id]["label"] == "#3 Tom's \"Zebra\" & Co"  # as written, never entity-escaped
    assert drawn[evil.chunk_id]["title"].endswith("<script>alert(1)</script>")  # vis sets it as innerText
    module = graph_html._MOUNT_JS % {"finish": graph_html.FINISH_JS}
    assert "innerHTML" not in module and "insertAdjacentHTML" not in module  # data never becomes markup


def test_graph_html_lays_out_before_drawing_with_physics_off():
    res, edges, chunks, evil = _graph_result()
    view = gv.build_view(res, edges, chunks)
    data = graph_html.network_data(view)
    assert data["options"]["physics"] == {"enabled": False}
    xy = [(n["x"], n["y"]) for n in data["nodes"]]
    assert len(set(xy)) == len(xy) == len(view.nodes)  # every node placed, none on another
    assert data == graph_html.network_data(gv.build_view(res, edges, chunks))  # seeded
    hop = [e for e in data["edges"] if "label" in e]
    assert [(e["from"], e["to"], e["label"]) for e in hop] == [(evil.chunk_id, B.chunk_id, "1")]


def test_graph_view_caps_nodes_with_a_message():
    hub = _chunk(0)
    res = _result("dense", [(hub, 1.0, {})])
    edges = [Edge(hub.chunk_id, f"n{i:03d}", "semantic", .5) for i in range(400)]
    view = gv.build_view(res, edges, {hub.chunk_id: hub}, max_nodes=300)
    assert len(view.nodes) == 300 and view.total_nodes == 401 and view.capped
    assert view.nodes[0].node_id == hub.chunk_id
    assert "300 of 401" in view.message


def test_leaderboard_rows_order_metrics_and_retrievers():
    report = SimpleNamespace(ks=(2, 10), retrievers={
        "a": {"mrr": .5, "recall@10": .6, "recall@2": .3, "latency_ms_p50": 4.0},
        "b": {"recall@2": .4, "recall@10": .5, "mrr": .7, "latency_ms_p50": 9.0},
        "c": {"error": "needs an LLM"},
    })
    rows = leaderboard_rows(report)
    assert [r["retriever"] for r in rows] == ["b", "a", "c"]
    assert list(rows[0]) == ["retriever", "recall@2", "recall@10", "mrr", "latency_ms_p50"]


def test_graph_labels_of_one_section_are_told_apart_by_page():
    first = Chunk.create(doc_id="d", doc_title="Doc", text="a", position=1, heading_path=("Limits",), page_start=2, page_end=2)
    second = Chunk.create(doc_id="d", doc_title="Doc", text="b", position=2, heading_path=("Limits",), page_start=5,
                          page_end=6)
    other = Chunk.create(doc_id="d", doc_title="Doc", text="c", position=3, heading_path=("Columns",))
    res = _result("gnn", [(first, 1.0, {}), (second, .8, {}), (other, .5, {})])
    view = gv.build_view(res, [], {c.chunk_id: c for c in (first, second, other)})
    assert [n.label for n in view.nodes] == ["#1 Limits · p. 2", "#2 Limits · pp. 5-6", "#3 Columns"]
