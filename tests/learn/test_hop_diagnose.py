"""benchmarks/hop_diagnose.py's measures, and the training options it compares (warm-up
schedule, frozen lower layers, step-loss curve)."""
import torch

from core.learn.hop_data import HopExample
from core.learn.hop_model import HopShape, build_network
from core.learn.hop_train import TrainShape, fit, make_optimiser
from tests.bench_scripts import load_script
from tests.learn.bridge_world import examples, worlds

SMALL = HopShape(layers=2, max_length=32, path_words=10, candidate_words=40)


def test_auc_balance_and_truncation(monkeypatch):
    diag = load_script("hop_diagnose", monkeypatch)
    assert diag.auc([3, 2, 1, 0], [1, 1, 0, 0]) == 1.0
    assert diag.auc([0, 1], [1, 0]) == 0.0 and diag.auc([1, 1], [1, 0]) == 0.5
    pairs = [HopExample("q", (), "a b c", 1.0), HopExample("q", ("p",), "word " * 60, 0.0)]
    assert diag.balance(pairs) == {"all": {"pairs": 2, "positives": 1}, "first": {"pairs": 1, "positives": 1},
                                   "next": {"pairs": 1, "positives": 0}}
    cut = diag.truncation(pairs, SMALL)
    assert cut["candidate_cut_share"] == 0.5  # the 60-word candidate does not fit 32 word pieces


def test_warm_up_then_decay():
    net = build_network(SMALL, seed=0)
    optimiser, schedule = make_optimiser(net, TrainShape(lr=1e-4, warmup=0.25), steps=8)
    rates = []
    for _ in range(8):
        rates.append(optimiser.param_groups[0]["lr"])
        optimiser.step()
        schedule.step()
    assert rates[0] < rates[1] == max(rates) and rates[-1] < rates[2]  # up for 2 steps, then down


def test_frozen_layer_stays_and_the_loss_curve_is_recorded():
    net0 = build_network(SMALL, seed=0)
    before = {k: v.clone() for k, v in net0["encoder"].encoder.layer[0].state_dict().items()}
    scorer, record = fit(examples(worlds(8, seed=2)), TrainShape(epochs=2, batch=4, freeze=1, log_every=2,
                                                                  threads=1), SMALL, seed=0)
    after = scorer.net["encoder"].encoder.layer[0].state_dict()
    assert all(torch.equal(before[k], after[k]) for k in before)
    assert not all(torch.equal(a, b) for a, b in zip(net0["encoder"].encoder.layer[1].state_dict().values(),
                                                     scorer.net["encoder"].encoder.layer[1].state_dict().values()))
    assert len(record["step_loss"]) == 4 and len(record["epoch_loss"]) == 2  # 8 batches, a point every 2
