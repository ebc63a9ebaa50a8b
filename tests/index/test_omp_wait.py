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
