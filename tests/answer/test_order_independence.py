"""A question's ranking and answer do not depend on what was asked before it.

Two processes ask the same questions in opposite orders (each question comes after
different ones; the second process's first is asked alone). The library (800 generated
passages, fewer than Chroma writes to its index files, so each open rebuilds its HNSW graph)
is big enough that an approximate vector search misses some of the 50 nearest; the graph
missed different ones in different processes, so a question asked alone and the same
question asked after others (in another process) were ranked, and answered, differently.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from tests.app.fixtures import write_jsonl

ROOT = Path(__file__).resolve().parents[2]
WORDS = ("daemon port option server client timeout cache index layout spring node edge graph file "
         "buffer socket thread queue signal kernel driver module packet route table column "
         "font page margin style colour width height scale rank score query token parser "
         "compiler linker symbol section header footer archive backup mirror proxy filter").split()
SYLLABLES = "ka lo mi ne ru ta vo zi pe sa du fe".split()
QUESTIONS = ["Which option sets the daemon port?", "How does the parser read a token?",
             "What does the spring layout do to a node?", "Which filter does the proxy use?",
             "How wide is the page margin?", "Which kernel module loads the driver?",
             "What does the mirror archive hold?", "Which column holds the rank?"]
SCRIPT = """
import json, sys
from core.config import Settings
from core.library import Library
lib = Library(Settings.load(sys.argv[1]))
out = {}
for q in json.loads(sys.argv[2]):
    ranking = [(sc.chunk.chunk_id, round(sc.score, 6)) for sc in lib.retrieve(q, "dense", 50).chunks]
    answer = lib.ask(q, "hybrid", 5)
    out[q] = [ranking, answer.text, [sc.chunk.chunk_id for sc in answer.retrieval.chunks]]
print(json.dumps(out))
"""


def _corpus(n: int = 800) -> list[dict]:
    rng = random.Random(11)
    # made-up words as well as real ones: their vectors crowd together, where a graph walk
    # misses neighbours most
    made = ["".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))) for _ in range(400)]
    vocab = list(WORDS) + made
    return [{"id": f"p{i}", "title": f"Part {i}",
             "text": " ".join(rng.choice(vocab) for _ in range(rng.randint(12, 24))) + "."} for i in range(n)]


def _ask(data_dir: Path, questions: list[str]) -> dict:
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(data_dir), json.dumps(questions)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_question_asked_alone_and_after_others_gets_the_same_ranking_and_answer(make_library, tmp_path):
    lib = make_library()
    lib.add_corpus(write_jsonl(tmp_path / "corpus.jsonl", _corpus()))
    lib.catalog.close()
    forward = _ask(lib.settings.data_dir, QUESTIONS)
    backward = _ask(lib.settings.data_dir, QUESTIONS[::-1])  # its first question is asked alone
    for q in QUESTIONS:
        assert len(forward[q][0]) == 50
        assert backward[q] == forward[q], q
