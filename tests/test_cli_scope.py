"""`--doc` and `--folder` on retrieve, ask and eval, driven in subprocesses as a user would."""
from __future__ import annotations

import json

import pytest

from core.config import Settings
from core.library import Library
from tests.retrieve.scope_library import QUESTION, write_pdfs
from tests.test_cli import cli


@pytest.fixture(scope="module")
def library(tmp_path_factory, embedder):
    root = tmp_path_factory.mktemp("cliscope")
    paths = write_pdfs(root / "docs")
    lib = Library(Settings.load(root / "data", env={}), embedder=embedder)
    assert {o.status for o in lib.add([root / "docs"])} == {"added"}
    titles = {d.doc_id: d.title for d in lib.documents()}
    lib.catalog.close()
    return root / "data", paths, titles


def test_retrieve_with_docs_and_with_a_folder(library):
    data_dir, paths, titles = library
    out = json.loads(cli(data_dir, "retrieve", QUESTION, "-r", "hybrid", "--json",
                         "--doc", "kestrel.pdf", "--doc", "Owl Field Notes").stdout)
    assert {titles[c["doc_id"]] for c in out["chunks"]} == {"Kestrel Field Notes", "Owl Field Notes"}
    assert "searched in 2 documents" in out["notes"]
    text = cli(data_dir, "retrieve", QUESTION, "-r", "gnn", "--folder", str(paths["Glacier Survey"].parent)).stdout
    assert f"note: searched in 1 document under {paths['Glacier Survey'].parent}" in text
    assert "Glacier Survey" in text and "Kestrel" not in text and "Owl" not in text


def test_ask_says_what_it_searched(library):
    data_dir, _, _ = library
    out = cli(data_dir, "ask", QUESTION, "-r", "dense", "--doc", "Glacier Survey").stdout
    assert "(searched in 1 document)" in out
    cited = [line for line in out.splitlines() if line.startswith("[")]
    assert cited and all("Glacier Survey" in line for line in cited)


def test_an_unknown_document_is_one_clear_line(library):
    data_dir, _, _ = library
    proc = cli(data_dir, "retrieve", QUESTION, "--doc", "nope.pdf", check=False)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "error: no document 'nope.pdf'; run `python -m core documents` to list them"]


def test_eval_scores_inside_the_scope(library, tmp_path):
    data_dir, _, _ = library
    q = tmp_path / "q.jsonl"
    q.write_text(json.dumps({"id": "q1", "question": "What did the kestrels hunt?", "answer": "voles"}) + "\n")
    runs = {}
    for name, scope in (("all", []), ("ice", ["--doc", "glacier.pdf"])):
        out = cli(data_dir, "eval", "--questions", str(q), "--retrievers", "dense,bm25", "--k", "5",
                  "--json", *scope).stdout
        runs[name] = json.loads(out[out.index("{"):])["retrievers"]
    assert runs["all"]["dense"]["answer_recall@5"] == 1.0 and runs["all"]["bm25"]["answer_recall@5"] == 1.0
    assert runs["ice"]["dense"]["answer_recall@5"] == 0.0 and runs["ice"]["bm25"]["answer_recall@5"] == 0.0
