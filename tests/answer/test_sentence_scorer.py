"""The learned sentence scorer (a linear head over MiniLM vectors, weights in plain JSON):
it loads offline, gives the same scores in a fresh process with another hash seed, and ranks
a sentence that answers over a distractor about the same thing."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from core.answer import sentence_scorer

QUESTION = "Which port does the TFTP server listen on by default?"
SENTENCES = ["By default the TFTP server listens on port 69.",
             "The TFTP server was first released in 1992 by a group of volunteers."]
ROOT = Path(__file__).resolve().parents[2]
_FRESH = """
import json, sys, numpy as np
from core.answer import sentence_scorer
q, s = json.loads(sys.stdin.read())
print(json.dumps(sentence_scorer.scores(np.asarray(q, dtype=np.float32), np.asarray(s, dtype=np.float32)).tolist()))
"""


def _vectors(embedder) -> tuple[np.ndarray, np.ndarray]:
    return np.asarray(embedder.embed_query(QUESTION)), np.asarray(embedder.embed(SENTENCES))


def _scores(embedder) -> np.ndarray:
    return sentence_scorer.scores(*_vectors(embedder))


def test_the_weights_are_plain_json_for_minilm_vectors():
    data = json.loads(sentence_scorer.WEIGHTS.read_text(encoding="utf-8"))
    coef, _ = sentence_scorer.load_head()
    assert len(data["coef"]) == coef.shape[0] == 384 and data["fitted_on"] == ["hotpotqa-dev", "musique"]


def test_an_answering_sentence_outscores_a_distractor(embedder):
    answer, distractor = _scores(embedder)
    assert answer > distractor


def test_scores_are_the_same_in_a_fresh_process_with_another_hash_seed(embedder):
    q, s = _vectors(embedder)
    env = {**os.environ, "PYTHONHASHSEED": "12345", "HF_HUB_OFFLINE": "1"}
    out = subprocess.run([sys.executable, "-c", _FRESH], cwd=ROOT, env=env, input=json.dumps([q.tolist(), s.tolist()]),
                         capture_output=True, text=True, timeout=120, check=True)
    fresh = json.loads(out.stdout.strip().splitlines()[-1])
    assert fresh == _scores(embedder).tolist() == _scores(embedder).tolist()


def test_another_embedders_vectors_give_no_signal():
    assert sentence_scorer.scores(np.ones(64) / 8, np.ones((2, 64)) / 8).tolist() == [0.0, 0.0]
