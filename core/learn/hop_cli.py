"""`python -m core train --retriever hop`: fit and save the next-hop cross-encoder.

Example:
    python -m core --data-dir D train --questions questions.jsonl --retriever hop --seed 0
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

import typer

from core.errors import ConfigError, NotFound


def train_hop_command(ctx, questions: Sequence, data_dir: Path, seed: int, layers: int, epochs: int) -> None:
    """Train on the questions whose gold chunks are in this library; print the record."""
    from core.learn.hop_train import train_and_save

    labelled = [q for q in questions if q.gold]
    if not labelled:
        raise NotFound("no question has supporting_ids found in this library; nothing to train on")
    if not 1 <= layers <= 6:
        raise ConfigError(f"--layers {layers} is out of range; MiniLM has 6 layers (choose 1-6)")
    record = train_and_save(ctx, labelled, data_dir, seed=seed, layers=layers, epochs=epochs)
    typer.echo(json.dumps(record, indent=1))
    typer.echo(f"saved {record['saved']}; iier and kgp use it from now on "
               "(delete that folder to go back to the hand-set scorers)")
