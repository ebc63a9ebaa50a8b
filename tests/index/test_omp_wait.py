"""torch's threads wait passively: the policy is set before torch loads, and a user's choice wins."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import json, os, sys
from core.index.embedder import SentenceEmbedder
emb = SentenceEmbedder()
before = "torch" in sys.modules  # the policy is read when torch loads: it must not be loaded yet
emb.embed(["a sentence"])
print(json.dumps({"torch_before_load": before, "policy": os.environ.get("OMP_WAIT_POLICY")}))
"""


def probe(**env: str) -> dict:
    """Run PROBE in a fresh process with `env` added (OMP_WAIT_POLICY removed unless given)."""
    base = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env={**base, "HF_HUB_OFFLINE": "1", **env},
                         capture_output=True, text=True, timeout=300, check=True).stdout
    return json.loads(out.splitlines()[-1])


def test_the_embedder_sets_a_passive_wait_before_torch_loads_and_keeps_a_users_choice():
    assert probe() == {"torch_before_load": False, "policy": "PASSIVE"}
    assert probe(OMP_WAIT_POLICY="ACTIVE")["policy"] == "ACTIVE"


SPY = """
import json, os, sys
seen = []


class Spy:  # records the policy at the moment torch is first imported
    def find_spec(self, name, path=None, target=None):
        if name == "torch" and not seen:
            seen.append(os.environ.get("OMP_WAIT_POLICY"))


sys.meta_path.insert(0, Spy())
import core.retrieve.gnn_rerank  # a retriever, then torch by another door (hop model, benchmark)
import torch
print(json.dumps(seen))
"""


def test_any_folio_import_sets_the_passive_wait_before_torch_loads_by_another_door():
    # hop_latency.py imported Folio, then torch itself, before any embedder loaded: torch's
    # threads spun, and a question's embedding took 300-1,500 ms on a busy machine.
    base = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    out = subprocess.run([sys.executable, "-c", SPY], cwd=ROOT, env=base,
                         capture_output=True, text=True, timeout=300, check=True).stdout
    assert json.loads(out.splitlines()[-1]) == ["PASSIVE"]
