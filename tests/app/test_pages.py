"""Each page through streamlit.testing.v1.AppTest against a small real library.

The library (a 3-page structured PDF, a PDF whose text carries <script>/<img onerror>
payloads, and a five-passage corpus) is built once per module in a temp data dir; the
pages open it through FOLIO_DATA_DIR like the real app.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.fixtures import CORPUS, QUESTIONS, XSS_QUESTION, make_xss_pdf, plain as _plain, write_jsonl
from tests.ingest.fixtures import make_bad_pdf, make_structured_pdf

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 240


@pytest.fixture(scope="module")
def library_dir(tmp_path_factory, embedder):
    """A data dir holding two PDFs and a tiny corpus."""
    from core.config import Settings
    from core.library import Library

    root = tmp_path_factory.mktemp("app")
    lib = Library(Settings.load(root / "data", env={}), embedder=embedder)
    outcomes = lib.add([make_structured_pdf(root / "manual.pdf"), make_xss_pdf(root / "zebra.pdf")])
    assert [o.status for o in outcomes] == ["added", "added"]
    lib.add_corpus(write_jsonl(root / "corpus.jsonl", CORPUS))
    lib.catalog.close()
    return root / "data"


@pytest.fixture
def app(library_dir, monkeypatch, tmp_path_factory):
    """Open a page of the app on the module's library; typed paths may read the test temp dirs."""
    monkeypatch.setenv("FOLIO_DATA_DIR", str(library_dir))
    monkeypatch.setenv("FOLIO_IMPORT_ROOTS", str(tmp_path_factory.getbasetemp()))

    def _open(script: str) -> AppTest:
        at = AppTest.from_file(str(ROOT / script), default_timeout=TIMEOUT)
        at.run()
        assert not at.exception, at.exception
        return at

    return _open


def _texts(at: AppTest) -> list[str]:
    """Every markdown-ish string the page rendered (markdown, captions, alerts, labels)."""
    out = [e.value for kind in ("markdown", "caption", "error", "info", "success", "warning")
           for e in getattr(at, kind)]
    return out + [e.label for e in at.expander]


def test_page_scripts_are_outside_a_streamlit_pages_folder():
    """With a pages/ folder next to app.py, Streamlit runs a deep link's script directly
    (legacy multipage app) instead of app.py's navigation; the browser test shows it."""
    assert not (ROOT / "pages").exists()
    scripts = re.findall(r'st\.Page\("([^"]+)"', (ROOT / "app.py").read_text("utf-8"))
    assert len(scripts) == 4 and all((ROOT / s).is_file() for s in scripts)


def test_chat_answers_with_citations_and_route_charts(app):
    at = app("app.py")
    assert any("extractive reader" in c.value for c in at.sidebar.caption)
    at.chat_input[0].set_value("When does the nightly rebuild run?").run()
    assert not at.exception, at.exception
    texts = [_plain(t) for t in _texts(at)]
    assert any("03:15" in t for t in texts)
    labels = [_plain(e.label) for e in at.expander]
    assert labels and labels[0].startswith("[1] ") and "p. 1" in labels[0]
    assert len(at.get("vega_lite_chart")) == len(labels)  # one route chart per citation


def test_chat_never_renders_document_html(app):
    at = app("app.py")
    at.chat_input[0].set_value(XSS_QUESTION).run()
    assert not at.exception, at.exception
    texts = _texts(at)
    assert any("&lt;script&gt;alert" in t for t in texts)  # the payload was shown, escaped
    assert not any(re.search(r"<\s*(script|img)", t, re.I) for t in texts)


def _run_until(at: AppTest, done, timeout: float = 180) -> None:
    """Rerun the page (as the queue's timer does) until `done(at)` or the timeout."""
    import time

    deadline = time.monotonic() + timeout
    while not done(at):
        assert time.monotonic() < deadline, [_plain(t) for t in _texts(at)]
        time.sleep(0.5)
        at.run()
        assert not at.exception, at.exception


def test_library_page_lists_uploads_and_deletes_with_confirmation(app, tmp_path, monkeypatch):
    monkeypatch.setenv("FOLIO_DATA_DIR", str(tmp_path / "fresh"))
    monkeypatch.setenv("FOLIO_WORKER", "thread")  # the worker process is tested in tests/test_live.py
    at = app("app_pages/library.py")
    assert any("No documents yet" in i.value for i in at.info)
    good = make_structured_pdf(tmp_path / "m.pdf").read_bytes()
    bad = make_bad_pdf(tmp_path / "bad.pdf", "not_pdf").read_bytes()
    at.file_uploader[0].set_value([("../Manuel été.pdf", good, "application/pdf"),
                                   ("broken.pdf", bad, "application/pdf")]).run()
    at.button(key="add_uploads").click().run()
    assert not at.exception, at.exception
    assert any(_plain(s.value).startswith("Queued 2 file(s)") for s in at.success)
    _run_until(at, lambda a: any(_plain(e.value).startswith("broken.pdf: error") for e in a.error))
    assert any(_plain(s.value).startswith("../Manuel été.pdf: added") for s in at.success)
    frame = at.dataframe[0].value
    assert list(frame["source"]) == ["../Manuel été.pdf"] and list(frame["pages"]) == [3]
    assert list(frame["from"]) == ["upload"]
    assert not list((tmp_path / "fresh" / "incoming").iterdir())  # uploads deleted once added
    chunks = int(frame["chunks"][0])
    at.button(key="reindex").click().run()
    _run_until(at, lambda a: any(_plain(s.value) == f"../Manuel été.pdf: re-indexed: {chunks} chunks"
                                 for s in a.success))
    at.button(key="ask_delete").click().run()
    assert any("Delete Folio Test Manual" in _plain(w.value) for w in at.warning)
    at.button(key="confirm_yes").click().run()
    assert not at.exception, at.exception
    assert any("No documents yet" in i.value for i in at.info)
    at.button(key="undo_delete").click().run()  # undo brings it back without re-parsing
    assert not at.exception, at.exception
    assert any(_plain(s.value) == f"Restored Folio Test Manual ({chunks} chunks)" for s in at.success)
    assert list(at.dataframe[0].value["source"]) == ["../Manuel été.pdf"]
    at.button(key="ask_delete").click().run()
    at.button(key="confirm_yes").click().run()
    at.checkbox(key="confirm_empty").check().run()
    at.button(key="empty_trash").click().run()
    assert not at.exception, at.exception
    assert any(_plain(s.value) == "Deleted 1 removed document(s) for good" for s in at.success)
    assert not any(e.label.startswith("Trash") for e in at.expander)


def test_library_path_boxes_read_only_under_the_roots(app, tmp_path, monkeypatch):
    root, outside = tmp_path / "root", tmp_path / "outside"
    (root / "sub").mkdir(parents=True)
    outside.mkdir()
    make_structured_pdf(root / "sub" / "m.pdf")
    make_structured_pdf(outside / "secret.pdf")
    (root / "link").symlink_to(outside)
    monkeypatch.setenv("FOLIO_DATA_DIR", str(tmp_path / "fresh"))
    monkeypatch.setenv("FOLIO_IMPORT_ROOTS", str(root))
    monkeypatch.setenv("FOLIO_WORKER", "thread")  # the worker process is tested in tests/test_live.py
    at = app("app_pages/library.py")

    def add(typed: str, key: str = "folder_path", button: str = "add_folder") -> list[str]:
        at.text_input(key=key).set_value(typed).run()
        at.button(key=button).click().run()
        assert not at.exception, at.exception
        return [_plain(e.value) for e in at.error]

    secret, absent = add(str(outside / "secret.pdf")), add(str(outside / "absent.pdf"))
    assert len(secret) == 1 and "outside the folders this app may read" in secret[0]
    assert secret[0].replace("secret", "X") == absent[0].replace("absent", "X")  # no probing
    assert "outside the folders" in add(str(root / "link" / "secret.pdf"))[0]
    assert "'..' is not allowed" in add(f"{root}/../outside/secret.pdf")[0]
    assert "outside the folders" in add(str(outside / "c.jsonl"), "corpus_path", "add_corpus")[0]
    assert add(str(root)) == []
    assert any(_plain(s.value).startswith("Queued 1 document(s)") for s in at.success)
    _run_until(at, lambda a: any(_plain(s.value).startswith("m.pdf: added") for s in a.success))
    assert list(at.dataframe[0].value["source"]) == ["m.pdf"]


def test_compare_page_side_by_side(app):
    at = app("app_pages/compare.py")
    at.text_input(key="cmp_question").set_value("When does the nightly rebuild run?").run()
    at.button(key="cmp_run").click().run()
    assert not at.exception, at.exception
    assert [s.value for s in at.subheader] == ["multiroute", "dense", "bm25"]  # the Chat retriever first
    marks = [m.value for m in at.markdown if m.value.startswith("**1.**")]
    assert len(marks) == 3 and all(":material/link:" in m for m in marks)  # rank 1 is shared across the columns
    assert sum("ms · LLM calls 0" in c.value for c in at.caption) == 3


def test_compare_page_labelled_question_shows_recall(app):
    at = app("app_pages/compare.py")
    at.radio(key="cmp_src").set_value("From a labelled set").run()
    lines = "".join(json.dumps(q) + "\n" for q in QUESTIONS).encode()
    at.file_uploader[0].set_value(("q.jsonl", lines, "application/json")).run()
    at.selectbox(key="cmp_pick").set_value(at.selectbox(key="cmp_pick").options[1]).run()
    at.multiselect(key="cmp_names").set_value(["bm25", "dense"]).run()
    at.button(key="cmp_run").click().run()
    assert not at.exception, at.exception
    recall_lines = [c.value for c in at.caption if "recall@5" in c.value]
    assert len(recall_lines) == 2 and all("recall@5 1.00" in _plain(c) for c in recall_lines)
    assert any(":material/check_circle: gold" in m.value for m in at.markdown)


def test_graph_page_defaults_to_a_path_walker_and_reads_a_node(app):
    at = app("app_pages/graph.py")
    assert at.sidebar.selectbox(key="graph_retriever").value == "gnn"
    assert any("walk a graph path (numbered hops): gnn, iier, kgp, rgnn" in c.value for c in at.caption)
    at.text_input(key="graph_question").set_value(XSS_QUESTION).run()
    at.button(key="graph_run").click().run()
    assert not at.exception, at.exception
    summary = next(_plain(c.value) for c in at.caption if _plain(c.value).startswith("gnn: "))
    assert int(re.search(r"(\d+) hops", summary).group(1)) >= 1, summary
    graphs = at.get("bidi_component")
    assert len(graphs) == 1 and not at.get("iframe")  # drawn in the page: no iframe to warn about
    drawn = json.loads(graphs[0].proto.json)
    assert len(drawn["nodes"]) >= 2 and drawn["options"]["physics"] == {"enabled": False}
    reader = at.selectbox(key="graph_node")
    assert len(reader.options) >= 2
    at.sidebar.checkbox(key="graph_kind_structural").uncheck().run()
    assert not at.exception, at.exception
    at.sidebar.selectbox(key="graph_retriever").set_value("hybrid").run()
    at.button(key="graph_run").click().run()
    assert any(_plain(c.value).startswith("hybrid walked no graph path") for c in at.caption)


def test_evaluate_page_leaderboard_and_drilldown(app, tmp_path):
    qfile = write_jsonl(tmp_path / "q.jsonl", QUESTIONS)
    at = app("app_pages/evaluate.py")
    at.text_input(key="eval_qpath").set_value(str(qfile)).run()
    at.multiselect(key="eval_names").set_value(["bm25", "dense"]).run()
    at.text_input(key="eval_ks").set_value("1,3").run()
    at.button(key="eval_run").click().run()
    assert not at.exception, at.exception
    board = at.dataframe[0].value
    assert sorted(board["retriever"]) == ["bm25", "dense"]
    assert list(board.loc[board["retriever"] == "bm25", "recall@1"]) == [1.0]
    drill = at.dataframe[1].value
    assert list(drill["id"]) == ["q1", "q2"] and list(drill["gold ranks"]) == ["1", "1"]
    at.text_input(key="eval_qpath").set_value("/etc/passwd").run()
    assert [_plain(e.value) for e in at.error] == [
        f"/etc/passwd: outside the folders this app may read: {tmp_path.parent} (hidden files and the "
        "library's own folder are never read); set FOLIO_IMPORT_ROOTS to change them"]
