"""Measure each page's load, rerun and main-action time with AppTest (not a test).

    FOLIO_DATA_DIR=/tmp/folio-musique .venv/bin/python -m tests.app.measure_pages \
        [--questions /work/shared/bench/musique/questions.jsonl] [--repeat 3]

Load = the first run of a fresh AppTest (the Library is already cached in the process, as
in a running server after its first visitor); rerun = a second run with nothing changed;
action = the page's main button (ask, compare, graph, evaluate 10 questions).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]
QUESTION = "Who founded the organisation that publishes the journal?"


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000.0


def _actions(qfile: str) -> dict:
    """page script -> function(at) performing its main action."""
    def chat(at):
        at.chat_input[0].set_value(QUESTION).run()

    def compare(at):
        at.text_input(key="cmp_question").set_value(QUESTION)
        at.button(key="cmp_run").click().run()

    def graph(at):
        at.sidebar.selectbox(key="graph_retriever").set_value("iier")
        at.text_input(key="graph_question").set_value(QUESTION)
        at.button(key="graph_run").click().run()

    def evaluate(at):
        at.text_input(key="eval_qpath").set_value(qfile)
        at.multiselect(key="eval_names").set_value(["bm25", "dense"])
        at.button(key="eval_run").click().run()

    return {"app.py": chat, "pages/1_Library.py": None, "pages/2_Compare.py": compare,
            "pages/3_Graph.py": graph, "pages/4_Evaluate.py": evaluate}


def measure(script: str, action, repeat: int) -> dict:
    """Median load/rerun/action milliseconds of one page."""
    loads, reruns, acts = [], [], []
    for _ in range(repeat):
        at = AppTest.from_file(str(ROOT / script), default_timeout=600)
        loads.append(_timed(at.run))
        reruns.append(_timed(at.run))
        if action is not None:
            acts.append(_timed(lambda: action(at)))
        if at.exception:
            raise RuntimeError(f"{script}: {at.exception}")
    out = {"load_ms": statistics.median(loads), "rerun_ms": statistics.median(reruns)}
    if acts:
        out["action_ms"] = statistics.median(acts)
    return {k: round(v, 1) for k, v in out.items()}


def main() -> None:
    """Print a JSON table of page timings."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", default="")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    qfile = args.questions
    if qfile:  # the first 10 questions keep the evaluate action short
        lines = Path(qfile).read_text("utf-8").splitlines()[:10]
        qfile = tempfile.mkstemp(suffix=".jsonl")[1]
        Path(qfile).write_text("\n".join(lines) + "\n", "utf-8")
    warm = time.perf_counter()
    AppTest.from_file(str(ROOT / "pages/1_Library.py"), default_timeout=600).run()
    report = {"data_dir": os.environ.get("FOLIO_DATA_DIR"), "open_library_ms": round((time.perf_counter() - warm) * 1000, 1),
              "load_avg_1m": os.getloadavg()[0]}
    for script, action in _actions(qfile).items():
        if action is not None and script.endswith("Evaluate.py") and not qfile:
            action = None
        report[script] = measure(script, action, args.repeat)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
