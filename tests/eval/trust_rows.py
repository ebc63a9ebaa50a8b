"""Helpers for the answer-trust benchmark tests: load a benchmarks/ module by path (the
folder is not a package) and build labelled questions and worker rows."""
import importlib.util
import sys
from pathlib import Path

from core.eval.questions import Question

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def load_bench_module(monkeypatch, name: str):
    """benchmarks/NAME.py as a fresh module, with benchmarks/ on sys.path for its imports."""
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location(f"{name}_under_test", BENCH / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, mod)
    spec.loader.exec_module(mod)
    return mod


def q(qid, short):
    """A question whose one short answer is `short`."""
    return Question(qid=qid, question="?", answer=short, short_answers=((short,),))


def row(set_name, qid, text, understood="", question="q?", **extra):
    """A worker row as answer_trust_ask.py writes it."""
    return {"set": set_name, "id": qid, "question": question, "text": text, "understood_as": understood,
            "span": None, **extra}
