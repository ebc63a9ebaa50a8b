"""The CLI contract of ARCHITECTURE.md, driven as a user would, in subprocesses."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

CORPUS = [
    {"id": "a1", "title": "Ada Lovelace", "text": "Ada Lovelace wrote the first published algorithm for the Analytical Engine."},
    {"id": "a2", "title": "Ada Lovelace", "text": "She was the daughter of the poet Lord Byron."},
    {"id": "b1", "title": "Analytical Engine", "text": "The Analytical Engine was a mechanical computer designed by Charles Babbage."},
    {"id": "c1", "title": "Lord Byron", "text": "Lord Byron was an English poet of the Romantic movement."},
]


def cli(data_dir: Path, *args: str, check: bool = True, env: dict | None = None) -> subprocess.CompletedProcess:
    """Run `python -m core --data-dir DIR ...` (with `env` added) and return the finished process."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", **(env or {})}
    proc = subprocess.run([sys.executable, "-m", "core", "--data-dir", str(data_dir), *args],
                          capture_output=True, text=True, env=env, timeout=600)
    if check and proc.returncode != 0:
        raise AssertionError(f"exit {proc.returncode}: {proc.stderr[-2000:]}")
    return proc


@pytest.fixture(scope="module")
def corpus_library(tmp_path_factory):
    root = tmp_path_factory.mktemp("cli")
    corpus = root / "corpus.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in CORPUS))
    out = cli(root / "lib", "ingest-corpus", str(corpus))
    assert "3 documents (4 passages) added" in out.stdout
    return root / "lib", corpus


def test_documents_json_lists_corpus_documents(corpus_library):
    data_dir, _ = corpus_library
    docs = json.loads(cli(data_dir, "documents", "--json").stdout)
    assert sorted(d["title"] for d in docs) == ["Ada Lovelace", "Analytical Engine", "Lord Byron"]
    assert {d["title"]: d["chunks"] for d in docs}["Ada Lovelace"] == 2


@pytest.mark.parametrize("retriever", ["dense", "bm25"])
def test_retrieve_json_has_ranked_chunks_with_metadata(corpus_library, retriever):
    data_dir, _ = corpus_library
    out = json.loads(cli(data_dir, "retrieve", "Who designed the Analytical Engine?",
                         "--retriever", retriever, "--k", "3", "--json").stdout)
    top = out["chunks"][0]
    assert top["source_id"] == "b1"
    assert top["document"] == "Analytical Engine"
    assert top["heading_path"] == ["Analytical Engine"]
    # bm25 returns only chunks sharing a term with the question (a1 and b1)
    assert top["rank"] == 1 and len(out["chunks"]) == {"dense": 3, "bm25": 2}[retriever]
    assert out["chunks"][0]["score"] >= out["chunks"][1]["score"]
    assert out["timings_ms"]


def test_reingesting_the_same_corpus_adds_nothing(corpus_library):
    data_dir, corpus = corpus_library
    out = cli(data_dir, "ingest-corpus", str(corpus))
    assert "0 documents" in out.stdout
    assert len(json.loads(cli(data_dir, "documents", "--json").stdout)) == 3


def test_unknown_retriever_is_one_line_error(corpus_library):
    data_dir, _ = corpus_library
    proc = cli(data_dir, "retrieve", "x", "--retriever", "nope", check=False)
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0
    assert "unknown retriever 'nope'" in proc.stderr and "dense" in proc.stderr


def test_ask_with_an_unreachable_llm_is_one_line_error(corpus_library):
    from tests.servers import free_port

    data_dir, _ = corpus_library
    url = f"http://127.0.0.1:{free_port()}/v1"  # nothing listens there
    env = {"OPENAI_BASE_URL": url, "OPENAI_API_KEY": "x", "FOLIO_LLM_MODEL": "m", "FOLIO_LLM_TIMEOUT": "5"}
    proc = cli(data_dir, "ask", "Who designed the Analytical Engine?", check=False, env=env)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines()[-1].startswith(f"error: cannot reach OPENAI_BASE_URL={url}")


def test_ask_after_an_earlier_question_answers_the_follow_up_it_stands_for(corpus_library):
    data_dir, _ = corpus_library
    follow = ["ask", "Who designed it?", "--after", "What was the Analytical Engine?"]
    out = json.loads(cli(data_dir, *follow, "--json").stdout)
    assert out["understood_as"] == "Who designed the Analytical Engine?"
    assert "Babbage" in out["answer"]
    text = cli(data_dir, *follow).stdout
    assert "(understood as: Who designed the Analytical Engine?)" in text
    alone = json.loads(cli(data_dir, "ask", "Who designed the Analytical Engine?", "--json").stdout)
    assert alone["understood_as"] == ""  # a question asked alone is answered as asked


def test_eval_with_missing_questions_file_fails_cleanly(corpus_library, tmp_path):
    data_dir, _ = corpus_library
    proc = cli(data_dir, "eval", "--questions", str(tmp_path / "missing.jsonl"),
               "--retrievers", "dense", check=False)
    assert proc.returncode != 0
    assert "missing.jsonl" in proc.stderr and "Traceback" not in proc.stderr


def test_eval_json_reports_requested_metrics(corpus_library, tmp_path):
    data_dir, _ = corpus_library
    q = tmp_path / "q.jsonl"
    q.write_text(json.dumps({"id": "q1", "question": "Who was Ada Lovelace's father?",
                             "answer": "Lord Byron", "supporting_ids": ["a2", "c1"]}) + "\n")
    out = json.loads(cli(data_dir, "eval", "--questions", str(q), "--retrievers", "dense,bm25",
                         "--k", "2,5", "--json").stdout)
    assert out["questions"] == 1
    for name in ("dense", "bm25"):
        m = out["retrievers"][name]
        for key in ("recall@2", "recall@5", "all_recall@5", "mrr", "answer_recall@5",
                    "log_rank_index", "latency_ms_p50", "latency_ms_p95"):
            assert key in m, key
    # dense ranks all 4 passages; bm25 only those sharing a word with the question (not c1)
    assert out["retrievers"]["dense"]["recall@5"] == 1.0
    assert out["retrievers"]["bm25"]["recall@5"] == 0.5
    assert out["retrievers"]["bm25"]["all_recall@5"] == 0.0


def test_stats_reports_graph_density(corpus_library):
    data_dir, _ = corpus_library
    out = json.loads(cli(data_dir, "stats", "--json").stdout)
    assert (out["documents"], out["chunks"]) == (3, 4)
    per = out["neighbours_per_chunk"]
    # Ada Lovelace's two passages are neighbours (2 of 4 chunks have 1 structural neighbour);
    # a1 names "Analytical Engine" and a2 names "Lord Byron" (2 directed title mentions)
    assert per["structural"] == 0.5 and per["mention"] == 0.5
    assert per["total"] >= per["structural"] and out["edges"]["structural"] >= 1
    text = cli(data_dir, "stats").stdout
    assert text.startswith("documents 3, chunks 4\n") and "chunk neighbours per chunk: structural 0.5" in text


def test_remove_deletes_document_everywhere_and_restore_undoes_it(tmp_path):
    corpus = tmp_path / "c.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in CORPUS))
    data_dir = tmp_path / "lib"
    cli(data_dir, "ingest-corpus", str(corpus))
    out = cli(data_dir, "remove", "Lord Byron")
    assert "removed" in out.stdout and "undo with `python -m core restore " in out.stdout
    docs = json.loads(cli(data_dir, "documents", "--json").stdout)
    assert "Lord Byron" not in [d["title"] for d in docs]
    res = json.loads(cli(data_dir, "retrieve", "English poet Romantic movement", "--retriever",
                         "bm25", "--k", "10", "--json").stdout)
    assert "c1" not in [c["source_id"] for c in res["chunks"]]
    proc = cli(data_dir, "remove", "Lord Byron", check=False)
    assert proc.returncode == 2 and "no document 'Lord Byron'" in proc.stderr
    assert "Lord Byron" in cli(data_dir, "trash").stdout
    assert cli(data_dir, "restore", "Lord Byron").stdout.startswith("restored ")
    res = json.loads(cli(data_dir, "retrieve", "English poet Romantic movement", "--retriever",
                         "bm25", "--k", "10", "--json").stdout)
    assert "c1" in [c["source_id"] for c in res["chunks"]]
    assert cli(data_dir, "trash").stdout.strip() == "the trash is empty"


def test_train_writes_the_requested_model_only(tmp_path):
    corpus = tmp_path / "c.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in CORPUS))
    data_dir = tmp_path / "lib"
    cli(data_dir, "ingest-corpus", str(corpus))
    q = tmp_path / "q.jsonl"
    q.write_text(json.dumps({"id": "q1", "question": "Who was Ada Lovelace's father?",
                             "answer": "Lord Byron", "supporting_ids": ["a2", "c1"]}) + "\n")
    out = cli(data_dir, "train", "--questions", str(q), "--retriever", "gnn")
    assert json.loads(out.stdout[: out.stdout.rindex("}") + 1])["questions"] == 1
    model = json.loads((data_dir / "models" / "gnn.json").read_text())
    assert 0.0 <= model["alpha"] <= 1.0
    assert not (data_dir / "models" / "iier.json").exists()
    bad = cli(data_dir, "train", "--questions", str(q), "--retriever", "dense", check=False)
    assert bad.returncode == 2 and "choose gnn, rgnn, iier, hop or head" in bad.stderr


@pytest.mark.parametrize("args", [("ask", "What is it?"), ("retrieve", "What is it?"),
                                  ("eval", "--questions", "q.jsonl")])
def test_asking_a_missing_or_empty_library_is_a_one_line_error_that_creates_nothing(tmp_path, args):
    missing = tmp_path / "typo"
    out = cli(missing, *args, check=False)
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
    assert f"no library at {missing}" in out.stderr and "ingest PATH" in out.stderr
    assert not missing.exists()
    empty = tmp_path / "empty"
    cli(empty, "documents")  # opening a library for `documents` creates an empty one
    out = cli(empty, *args, check=False)
    assert out.returncode == 2 and "holds no documents" in out.stderr, out.stderr


@pytest.mark.parametrize("args, says", [(("bogus",), "No such command"), (("documents", "--nope"), "No such option")])
def test_a_mistyped_command_or_option_is_a_usage_message_not_a_traceback(tmp_path, args, says):
    out = cli(tmp_path / "lib", *args, check=False)
    assert out.returncode == 2
    assert says in out.stderr and "Traceback" not in out.stderr


def test_help_lists_each_command_summary_as_flowing_text(tmp_path):
    out = cli(tmp_path / "lib", "--help", env={"COLUMNS": "200"}).stdout
    assert "the library; files of other types are listed as skipped" in out  # the docstring breaks after "other"
    assert "Exit 0 when all went well" in out
    assert not (tmp_path / "lib").exists()  # help creates no library


def test_a_files_line_says_how_much_of_its_time_it_waited_behind_others():
    from core.cli.render import outcome_line
    from core.ingest.files import AddOutcome

    waited = AddOutcome("/f/upsert.html", "added", "4 pages, 11 chunks", None, 18.9, {"parse": 0.1, "embed": 0.3})
    assert outcome_line(waited) == ("added    /f/upsert.html in 18.9s (0.4s its own: parse 0.1s, embed 0.3s; "
                                    "the rest behind other files): 4 pages, 11 chunks")
    alone = AddOutcome("/f/a.pdf", "added", "3 pages, 8 chunks", None, 5.0, {"parse": 0.2, "embed": 4.7})
    assert outcome_line(alone) == "added    /f/a.pdf in 5.0s (parse 0.2s, embed 4.7s): 3 pages, 8 chunks"
