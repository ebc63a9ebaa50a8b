"""Fine-tuning the next-hop cross-encoder on labelled pairs (`core.learn.hop_data`).

Pointwise binary cross-entropy with the positives up-weighted to balance the classes, so
a score means the same on every step (first hop, next hop) and can rank chunks found on
different steps against each other and stop a chain. AdamW, one fixed seed for the head,
the shuffling and torch's kernels: the same pairs and seed give the same weights.

Example:
    >>> # scorer, record = fit(build_examples(ctx, qs), TrainShape(epochs=2), seed=0)
    >>> # scorer.save(data_dir)
"""
from __future__ import annotations

import os
import random
import resource
import time
from dataclasses import asdict, dataclass
from typing import Sequence

from core.learn.hop_data import HopExample
from core.learn.hop_model import HopScorer, HopShape, build_network, forward, pair_texts


@dataclass(frozen=True)
class TrainShape:
    """Optimiser settings."""

    epochs: int = 2
    batch: int = 16
    lr: float = 5e-5
    head_lr: float = 1e-3  # the fresh head learns faster than the pre-trained layers
    threads: int = 2
    warmup: float = 0.0  # share of steps with a linear warm-up, then linear decay (0: constant lr)
    freeze: int = 0  # lower transformer layers kept frozen (besides the word embeddings)
    log_every: int = 10  # batches per point of the step-loss curve in the record


def cpu_seconds() -> float:
    """User + system CPU seconds of this process so far."""
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_utime + use.ru_stime


def seed_everything(seed: int, threads: int) -> None:
    """One seed for Python, torch and deterministic kernels."""
    import torch

    random.seed(seed)
    torch.manual_seed(seed)
    torch.use_deterministic_algorithms(True, warn_only=True)
    torch.set_num_threads(max(1, threads))


def freeze_lower(net, layers: int) -> None:
    """Stop gradients in the lowest `layers` transformer layers (few labels: move less)."""
    for layer in net["encoder"].encoder.layer[:layers]:
        for p in layer.parameters():
            p.requires_grad = False


def make_optimiser(net, train: TrainShape, steps: int):
    """AdamW over the trainable tensors (head at its own rate) and its lr schedule:
    linear warm-up over `train.warmup` of the steps then linear decay, or constant."""
    import torch

    groups = [{"params": [p for n, p in net.named_parameters() if p.requires_grad and not n.startswith("head.")],
               "lr": train.lr}, {"params": net["head"].parameters(), "lr": train.head_lr}]
    optimiser = torch.optim.AdamW(groups, weight_decay=0.01)
    if train.warmup <= 0:
        return optimiser, torch.optim.lr_scheduler.LambdaLR(optimiser, lambda step: 1.0)
    ramp = max(1, int(steps * train.warmup))
    return optimiser, torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda step: min((step + 1) / ramp, max(0.0, (steps - step) / max(1, steps - ramp))))


def fit(examples: Sequence[HopExample], train: TrainShape = TrainShape(),
        shape: HopShape = HopShape(), seed: int = 0) -> tuple[HopScorer, dict]:
    """Train a HopScorer on `examples`; return it with a record of the run (time, sizes)."""
    import torch

    if not examples or not any(e.label > 0 for e in examples) or all(e.label > 0 for e in examples):
        raise ValueError("training needs both positive and negative pairs; label more questions")
    seed_everything(seed, train.threads)
    t0, c0 = time.perf_counter(), cpu_seconds()
    net = build_network(shape, seed)
    scorer = HopScorer(net, HopScorer.tokenizer_for(), shape, {})
    positives = sum(e.label > 0 for e in examples)
    loss_fn = torch.nn.BCEWithLogitsLoss(pos_weight=torch.tensor((len(examples) - positives) / positives))
    freeze_lower(net, train.freeze)
    optimiser, schedule = make_optimiser(net, train, -(-len(examples) // train.batch) * train.epochs)
    order = list(range(len(examples)))
    rng = random.Random(seed)
    losses, curve, window = [], [], []
    net.train()
    for _ in range(train.epochs):
        rng.shuffle(order)
        total = 0.0
        for start in range(0, len(order), train.batch):
            batch = [examples[i] for i in order[start:start + train.batch]]
            enc = scorer.encode([pair_texts(e.question, e.path, e.candidate, shape) for e in batch])
            loss = loss_fn(forward(net, enc), torch.tensor([e.label for e in batch]))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item() * len(batch)
            window.append(loss.item())
            if len(window) == train.log_every:  # a point of the step-loss curve
                curve.append(round(sum(window) / len(window), 4))
                window = []
        losses.append(round(total / len(order), 4))
    net.eval()
    record = {"seed": seed, "pairs": len(examples), "positives": int(positives), "epoch_loss": losses,
              "step_loss": curve,
              "train": asdict(train), "wall_s": round(time.perf_counter() - t0, 1),
              "cpu_s": round(cpu_seconds() - c0, 1), "load_avg": [round(x, 2) for x in os.getloadavg()]}
    scorer.record = record
    return scorer, record


def train_and_save(ctx, questions: Sequence, data_dir, seed: int = 0, layers: int = 3,
                   epochs: int = 2) -> dict:
    """Build pairs from labelled questions (.question, .gold), fit, save to
    data_dir/models/hop/; return the training record with the model's size."""
    from core.learn.hop_data import build_examples
    from core.learn.hop_model import model_bytes

    t0 = time.perf_counter()
    examples = build_examples(ctx, questions, seed=seed)
    pairs_s = round(time.perf_counter() - t0, 1)
    scorer, record = fit(examples, TrainShape(epochs=epochs), HopShape(layers=layers), seed=seed)
    from core.learn.rerank_fit import with_rerank_weight

    record = with_rerank_weight(ctx, scorer, questions, dict(record, questions=len(questions), pairs_wall_s=pairs_s))
    folder = scorer.save(data_dir)
    return dict(record, saved=str(folder), model_bytes=model_bytes(data_dir))
