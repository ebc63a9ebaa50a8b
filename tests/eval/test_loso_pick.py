"""benchmarks/answer_tuning/loso_pick.py: the learned pick reads the signals it is given, and the
cheap set leaves MiniLM's out."""
from __future__ import annotations

import json
import random

from core.answer import choose
from tests.bench_scripts import load_script


def _question(rng: random.Random, right: int, n: int = 6) -> dict:
    """A pool of `n` units where only `cand_lead` tells the answering unit; the hand pick is wrong."""
    x = [[rng.random() for _ in choose.FEATURES] for _ in range(n)]
    lead = choose.FEATURES.index("cand_lead")
    for i, row in enumerate(x):
        row[lead] = 1.0 if i == right else 0.0
    return {"x": x, "y": [float(i == right) for i in range(n)], "base_i": (right + 1) % n,
            "texts": [f"unit {i}" for i in range(n)], "question": "q"}


def test_a_signal_that_tells_the_answer_is_learned_leaving_each_set_out(monkeypatch, tmp_path, capsys):
    mod = load_script("answer_tuning/loso_pick", monkeypatch)
    rng = random.Random(3)
    sets = {name: [_question(rng, rng.randrange(6)) for _ in range(20)] for name in ("a", "b", "c")}
    rows = tmp_path / "rows.json"
    rows.write_text(json.dumps(sets))
    monkeypatch.setattr("sys.argv", ["loso_pick.py", str(rows), "--model", "lr", "--features", "cheap"])
    mod.main()
    assert capsys.readouterr().out.strip().splitlines()[-1] == \
        "all sets: picked 60, hand 0, ceiling 60, questions 60"


def test_the_cheap_signals_leave_minilm_out(monkeypatch):
    mod = load_script("answer_tuning/loso_pick", monkeypatch)
    cheap = {choose.FEATURES[i] for i in mod.columns("cheap")}
    assert cheap == set(choose.FEATURES) - {"cos", "cos_next", "cos_lead", "learned"}
    assert len(mod.columns("all")) == len(choose.FEATURES)
