"""Same question, same library: the same answer and ranking in any process.

Two fresh Python processes with different PYTHONHASHSEED (so sets and dicts of strings
iterate in different orders) ask the same questions, answerable, unanswerable and a
follow-up, with every offline retriever, and must print identical answers and rankings.
The second asks them in the reverse order, so each question comes after different ones
(the first process's last question is the second's first, asked alone): an answer must not
depend on what the process asked before it.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.app.fixtures import write_jsonl

ROOT = Path(__file__).resolve().parents[2]
# Look-alike passages: equal word counts and shared words make ties that a set's or dict's
# order would break differently from one process to the next.
CORPUS = [
    {"id": "tftp", "title": "TFTP", "text": "The TFTP daemon listens on port 69 by default. The port option changes "
     "the port. The client and the server share options."},
    {"id": "ftp", "title": "FTP", "text": "The FTP client connects to port 21 by default. The port option changes "
     "the port. The client and the server share options."},
    {"id": "ssh", "title": "SSH", "text": "The SSH daemon waits 30 seconds for the first message by default. The "
     "hello_timeout option changes the wait."},
    {"id": "r", "title": "R", "text": "R can be started by typing R at the shell prompt. To quit R, type q() at "
     "the R prompt."},
]
QUESTIONS = ["Which port does the daemon listen on by default?", "What does the port option change?",
             "How long does the SSH daemon wait for the first message?", "How do I start R?",
             "Which nginx directive sets the number of worker processes?", "Do the client and server share options?"]
SCRIPT = """
import json, sys
from core.config import Settings
from core.library import Library
lib = Library(Settings.load(sys.argv[1]))
out = {}
questions = json.loads(sys.argv[2])
for q in questions:  # answers first: the first question is asked before anything else
    a = lib.ask(q, "hybrid", 3)
    out[f"ask {q}"] = [a.mode, a.text, [sc.chunk.chunk_id for sc in a.retrieval.chunks]]
for retriever in ("hybrid", "bm25", "dense", "multiroute", "iier", "kgp", "gnn"):
    for q in questions:
        r = lib.retrieve(q, retriever, 4)
        out[f"{retriever} {q}"] = [(sc.chunk.chunk_id, round(sc.score, 9)) for sc in r.chunks]
first = lib.ask("How do I start R?", "hybrid", 3)
follow = lib.ask("and how do I quit it?", "hybrid", 3, history=[first])
out["follow-up"] = [follow.understood_as, follow.text]
print(json.dumps(out))
"""


def _run(data_dir: Path, seed: str, questions: list[str]) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": seed, "HF_HUB_OFFLINE": "1"}
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(data_dir), json.dumps(questions)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_two_processes_with_different_hash_seeds_and_orders_agree(make_library, tmp_path):
    lib = make_library()
    lib.add_corpus(write_jsonl(tmp_path / "corpus.jsonl", CORPUS))
    lib.catalog.close()
    first = _run(lib.settings.data_dir, "1", QUESTIONS)
    second = _run(lib.settings.data_dir, "4242", QUESTIONS[::-1])
    assert first == second
    assert first["follow-up"][0] == "How do I quit R?"  # rewritten the same way in both
