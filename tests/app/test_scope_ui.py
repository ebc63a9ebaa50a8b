"""Chat's "Search in": one chosen document limits the answer and its follow-up, says so, and
Compare keeps the same choice."""
from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.fixtures import plain as _plain
from tests.retrieve.scope_library import QUESTION, write_pdfs

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def library_dir(tmp_path_factory, embedder):
    from core.config import Settings
    from core.library import Library

    root = tmp_path_factory.mktemp("scopeui")
    write_pdfs(root / "docs")
    lib = Library(Settings.load(root / "data", env={}), embedder=embedder)
    assert {o.status for o in lib.add([root / "docs"])} == {"added"}
    owl = next(d.doc_id for d in lib.documents() if d.title == "Owl Field Notes")
    lib.catalog.close()
    return root / "data", owl


def test_chat_searches_the_chosen_document_and_follow_ups_keep_it(monkeypatch, library_dir):
    data_dir, owl = library_dir
    monkeypatch.setenv("FOLIO_DATA_DIR", str(data_dir))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=240)
    at.run()
    assert not at.exception, at.exception
    assert any(_plain(c.value) == "Searching in every document" for c in at.sidebar.caption)
    at.sidebar.radio(key="scope_mode").set_value("Documents").run()
    at.sidebar.multiselect(key="scope_docs").set_value([owl]).run()
    assert any(_plain(c.value) == "Searching in 1 document" for c in at.sidebar.caption)
    at.chat_input[0].set_value(QUESTION).run()
    at.chat_input[0].set_value("and where did it roost?").run()
    assert not at.exception, at.exception
    searched = [c for c in at.main.caption if _plain(c.value) == "searched in 1 document"]
    assert len(searched) == 2  # the question and its follow-up
    cited = [_plain(e.label) for e in at.main.expander]
    assert cited and all("Owl Field Notes" in label for label in cited)
    at.switch_page("app_pages/compare.py").run()  # Compare searches the same document
    assert not at.exception, at.exception
    assert at.sidebar.radio(key="scope_mode").value == "Documents"
    assert at.sidebar.multiselect(key="scope_docs").value == [owl]
    assert any(_plain(c.value) == "Searching in 1 document" for c in at.sidebar.caption)


def test_the_graph_page_walks_only_the_chosen_document(monkeypatch, library_dir):
    data_dir, owl = library_dir
    monkeypatch.setenv("FOLIO_DATA_DIR", str(data_dir))
    at = AppTest.from_file(str(ROOT / "app_pages/graph.py"), default_timeout=240)
    at.run()
    at.sidebar.radio(key="scope_mode").set_value("Documents").run()
    at.sidebar.multiselect(key="scope_docs").set_value([owl]).run()
    assert any(_plain(c.value) == "Searching in 1 document" for c in at.sidebar.caption)
    at.text_input(key="graph_question").set_value(QUESTION).run()
    at.button(key="graph_run").click().run()
    assert not at.exception, at.exception
    result, (_, chunks) = at.session_state["graph_result"]
    assert result.chunks and {sc.chunk.doc_id for sc in result.chunks} == {owl}
