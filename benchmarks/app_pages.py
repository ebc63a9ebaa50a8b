"""Measure each page's load, rerun and main-action time with AppTest (not a test).

    FOLIO_DATA_DIR=LIBRARY .venv/bin/python benchmarks/app_pages.py \
        [--questions ../shared/bench/musique/questions.jsonl] [--question TEXT] [--repeat 3]

Load = the first run of a fresh AppTest (the Library is already cached in the process, as
in a running server after its first visitor); rerun = a second run with nothing changed;
action = the page's main button (ask, compare, graph, evaluate 10 questions); then one
more rerun with the result on screen.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root, for core and tests

import argparse
import json
import os
import statistics
import tempfile
import time

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
QUESTION = "Who founded the organisation that publishes the journal?"


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000.0


def _actions(qfile: str, question: str) -> dict:
    """page script -> (prepare(at), act(at)); only `act` (the main button's run) is timed."""
    def chat(at):
        at.chat_input[0].set_value(question).run()

    def compare_prep(at):
        at.text_input(key="cmp_question").set_value(question).run()

    def graph_prep(at):
        at.sidebar.selectbox(key="graph_retriever").set_value("iier")
        at.text_input(key="graph_question").set_value(question).run()

    def eval_prep(at):
        at.text_input(key="eval_qpath").set_value(qfile)
        at.multiselect(key="eval_names").set_value(["bm25", "dense"]).run()

    def click(key):
        return lambda at: at.button(key=key).click().run()

    return {"app.py": (lambda at: None, chat), "app_pages/library.py": None,
            "app_pages/compare.py": (compare_prep, click("cmp_run")),
            "app_pages/graph.py": (graph_prep, click("graph_run")),
            "app_pages/evaluate.py": (eval_prep, click("eval_run")) if qfile else None}


def measure(script: str, action, repeat: int) -> dict:
    """Median load/rerun/action milliseconds of one page."""
    loads, reruns, acts, after = [], [], [], []
    for _ in range(repeat):
        at = AppTest.from_file(str(ROOT / script), default_timeout=600)
        loads.append(_timed(at.run))
        reruns.append(_timed(at.run))
        if action is not None:
            action[0](at)
            acts.append(_timed(lambda: action[1](at)))
            after.append(_timed(at.run))  # a rerun with the result on screen
        if at.exception:
            raise RuntimeError(f"{script}: {at.exception}")
    out = {"load_ms": statistics.median(loads), "rerun_ms": statistics.median(reruns)}
    if acts:
        out["action_ms"] = statistics.median(acts)
        out["rerun_with_result_ms"] = statistics.median(after)
    return {k: round(v, 1) for k, v in out.items()}


def main() -> None:
    """Print a JSON table of page timings."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", default="")
    parser.add_argument("--question", default=QUESTION, help="asked on Chat, Compare and Graph")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    qfile = args.questions
    if qfile:  # the first 10 questions keep the evaluate action short
        lines = Path(qfile).read_text("utf-8").splitlines()[:10]
        qfile = tempfile.mkstemp(suffix=".jsonl")[1]
        Path(qfile).write_text("\n".join(lines) + "\n", "utf-8")
        os.environ["FOLIO_IMPORT_ROOTS"] = os.path.dirname(qfile)  # the Evaluate page reads typed paths only there
    warm = time.perf_counter()
    AppTest.from_file(str(ROOT / "app_pages/library.py"), default_timeout=600).run()
    report = {"data_dir": os.environ.get("FOLIO_DATA_DIR"), "open_library_ms": round((time.perf_counter() - warm) * 1000, 1),
              "load_avg_1m": os.getloadavg()[0]}
    for script, action in _actions(qfile, args.question).items():
        report[script] = measure(script, action, args.repeat)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
