"""benchmarks/hop_common.py: the plan flags, the per-cap loop and the JSON end the hop benchmarks share."""
import argparse
import json

from tests.bench_scripts import load_script


def test_flags_give_the_plan_and_caps_run_in_order(monkeypatch, tmp_path, capsys):
    common = load_script("hop_common", monkeypatch)
    ap = argparse.ArgumentParser()
    common.add_plan_flags(ap)
    plan = common.plan_from(ap.parse_args(["--layers", "1", "--lr", "3e-4", "--epochs", "2"]), k=3)
    assert (plan.k, plan.hop.layers, plan.train.lr, plan.train.epochs, plan.train.threads) == (3, 1, 3e-4, 2, 1)
    assert plan.data == common.SMALL_DATA
    out, seen = {}, []
    common.per_cap("5,10", lambda cap: seen.append(cap) or {"pairs": 3 * cap}, out)
    assert seen == [5, 10] and out["caps"] == {5: {"pairs": 15}, 10: {"pairs": 30}}
    assert capsys.readouterr().out.splitlines() == ['5 {"pairs": 15}', '10 {"pairs": 30}']
    assert common.save(out, tmp_path / "o.json") == 0
    saved = json.loads((tmp_path / "o.json").read_text())
    assert saved["caps"] == {"5": {"pairs": 15}, "10": {"pairs": 30}} and len(saved["load_end"]) == 3
    assert common.cpu_ms() > 0
