"""Incremental Chunk-Interaction Graph: structural, keyword, mention and semantic edges."""
from core.index.graph import ChunkGraph, page_node, section_node
from core.index.graph_build import MENTION_LABEL
from tests.graph.doubles import MiniLibrary


def _kinds(catalog, a, b, kinds=("keyword", "structural", "semantic")):
    return sorted((e.kind, e.label) for e in catalog.edges()
                  if {e.source, e.target} == {a, b} and e.kind in kinds)


def test_structural_edges_link_passages_section_and_page(tmp_path):
    lib = MiniLibrary(tmp_path)
    c0, c1, c2 = lib.add("Harbour Museum", "First part.", "Second part.", "Third part.")
    g = ChunkGraph.load(lib.catalog)
    assert [n for n, k, _ in g.neighbours(c1.chunk_id, ("structural",))] == sorted([c0.chunk_id, c2.chunk_id])
    assert g.neighbours(c0.chunk_id, ("structural",)) == [(c1.chunk_id, "structural", 1.0)]
    page = page_node(c0.doc_id, 1)
    assert {n for n, _, _ in g.neighbours(page, ("structural",))} == {c0.chunk_id, c1.chunk_id, c2.chunk_id}
    assert section_node(c0.section_id) in g.index


def test_title_mention_edge_is_added_when_either_side_arrives(tmp_path):
    lib = MiniLibrary(tmp_path)
    (journal,) = lib.add("Harbour Review", "The Harbour Review is published by the Marlow Society.")
    assert not [e for e in lib.catalog.edges() if e.label.startswith(MENTION_LABEL)]
    (society,) = lib.add("Marlow Society", "The society was founded by Edith Crane.")
    (crane,) = lib.add("Edith Crane", "Edith Crane was a printer who also edited the Harbour Review.")
    assert _kinds(lib.catalog, journal.chunk_id, society.chunk_id, ("keyword",)) == [
        ("keyword", MENTION_LABEL + "marlow society")]
    assert ("keyword", MENTION_LABEL + "edith crane") in _kinds(lib.catalog, society.chunk_id, crane.chunk_id)
    assert ("keyword", MENTION_LABEL + "harbour review") in _kinds(lib.catalog, crane.chunk_id, journal.chunk_id)
    g = ChunkGraph.load(lib.catalog)
    i, j = g.index[journal.chunk_id], g.index[society.chunk_id]
    assert g.mention[i, j] == 1.0 and g.mention[j, i] == 0.0  # direction: mentioning -> named
    assert g.label(journal.chunk_id, society.chunk_id) == MENTION_LABEL + "marlow society"


def test_keyword_edges_need_threshold_shared_keywords(tmp_path):
    lib = MiniLibrary(tmp_path, rare_keyword_df=0)
    (a,) = lib.add("Alpha", "Visits to Lake Orin and Castle Brem are popular.")
    (b,) = lib.add("Beta", "From Lake Orin a road leads to Castle Brem.")
    (c,) = lib.add("Gamma", "Only Lake Orin is shown on the map.")
    assert _kinds(lib.catalog, a.chunk_id, b.chunk_id, ("keyword",)) == [("keyword", "castle brem, lake orin")]
    assert _kinds(lib.catalog, a.chunk_id, c.chunk_id, ("keyword",)) == []
    assert [e.weight for e in lib.catalog.edges() if e.kind == "keyword"] == [2.0]


def test_one_rare_shared_keyword_is_enough(tmp_path):
    lib = MiniLibrary(tmp_path, rare_keyword_df=2)
    (a,) = lib.add("Alpha", "Visits to Lake Orin are popular.")
    (b,) = lib.add("Beta", "From Lake Orin a road leads north.")
    (c,) = lib.add("Gamma", "Only Lake Orin is shown on the map.")
    assert _kinds(lib.catalog, a.chunk_id, b.chunk_id, ("keyword",)) == [("keyword", "lake orin")]
    # when Gamma arrives three chunks hold 'lake orin': no longer rare, one word is not enough
    assert _kinds(lib.catalog, a.chunk_id, c.chunk_id, ("keyword",)) == []


def test_semantic_edges_respect_floor(tmp_path):
    lib = MiniLibrary(tmp_path)
    (a,) = lib.add("One", "red apple orchard harvest")
    (b,) = lib.add("Two", "red apple orchard festival")
    (c,) = lib.add("Three", "quantum tunnelling microscope")
    sem = {(e.source, e.target): e.weight for e in lib.catalog.edges() if e.kind == "semantic"}
    assert set(sem) == {(b.chunk_id, a.chunk_id)}  # a and c had no neighbour above 0.3 when added
    assert 0.3 <= sem[(b.chunk_id, a.chunk_id)] <= 1.0


def test_removing_a_document_removes_every_edge_touching_it(tmp_path):
    lib = MiniLibrary(tmp_path)
    (journal,) = lib.add("Harbour Review", "The Harbour Review is published by the Marlow Society.")
    (society,) = lib.add("Marlow Society", "The Marlow Society prints the Harbour Review.")
    assert _kinds(lib.catalog, journal.chunk_id, society.chunk_id)
    lib.remove("Marlow Society")
    g = ChunkGraph.load(lib.catalog)
    assert society.chunk_id not in g.index
    assert all(society.chunk_id not in (e.source, e.target) for e in lib.catalog.edges())
    assert g.neighbours(journal.chunk_id, ("keyword", "semantic")) == []
    (again,) = lib.add("Marlow Society", "The Marlow Society prints the Harbour Review.")
    assert ("keyword", MENTION_LABEL + "marlow society") in _kinds(lib.catalog, journal.chunk_id, again.chunk_id)


def test_keyword_postings_can_leave_out_common_keywords(tmp_path):
    lib = MiniLibrary(tmp_path)
    a, = lib.add("Alder Kor", "Tidewater Brackle met Quennel at the Brackle mill.")
    b, = lib.add("Birch Kor", "Tidewater Brackle sold grain.")
    c, = lib.add("Cedar Kor", "Tidewater weather was calm.")
    held = lib.catalog.chunk_keywords([a.chunk_id, b.chunk_id, c.chunk_id])
    common = next(k for k in held[c.chunk_id] if k in held[a.chunk_id] and k in held[b.chunk_id])
    full = lib.catalog.keyword_postings([common, "no such keyword"])
    assert sorted(full[common]) == sorted([a.chunk_id, b.chunk_id, c.chunk_id]) and full["no such keyword"] == []
    capped = lib.catalog.keyword_postings([common, "no such keyword"], max_holders=2)
    assert capped == {"no such keyword": []}  # held by 3 chunks: left out, never read
