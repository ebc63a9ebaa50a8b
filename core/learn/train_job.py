"""The next-hop training as a background process, for the Evaluate page.

It runs exactly `python -m core --data-dir D train --retriever hop --folds K` in a child
process (so the page keeps answering and a crash cannot take the app down), with its
output in `data_dir/models/hop_train.log`; `status()` reads the `progress:` lines and the
exit code, and `read_folds` the held-out figures it saved.

Example:
    >>> # job = HopTrainJob(data_dir, questions, folds=5).start(); job.status().state
    'running'
"""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from core.learn.hop_cli import FOLDS_FILE

REPO = Path(__file__).resolve().parents[2]
METRICS = ("recall@2", "recall@5", "recall@10", "all_recall@5", "mrr")


@dataclass(frozen=True)
class TrainStatus:
    """Where a training run is: state running | done | failed, its stage and count."""

    state: str
    stage: str = ""
    done: int = 0
    total: int = 0
    message: str = ""

    @property
    def fraction(self) -> float:
        """Share done: folds first (most of the time when asked for), then the final fit."""
        if self.state != "running":
            return 1.0
        if self.stage == "folds":
            return 0.85 * self.done / max(1, self.total)
        return 0.85 + 0.15 * self.done / max(1, self.total) if self.stage == "train" else 0.0


class HopTrainJob:
    """One background training run of the next-hop model on labelled questions."""

    retriever, folds_file, log_name = "hop", FOLDS_FILE, "hop_train.log"  # core.learn.head_job: the head

    def __init__(self, data_dir: Path, questions: Sequence, folds: int = 5, seed: int = 0,
                 layers: int = 3, epochs: int = 2):
        self.dir = Path(data_dir) / "models"
        self.args = ["--seed", str(seed), "--layers", str(layers), "--epochs", str(epochs), "--folds", str(folds)]
        self.questions = [{"id": q.qid, "question": q.question, "supporting_ids": list(q.supporting_ids)}
                          for q in questions if q.supporting_ids]
        self.data_dir, self.log, self.proc = Path(data_dir), self.dir / self.log_name, None

    def start(self) -> "HopTrainJob":
        """Write the questions and start the child process."""
        if not self.questions:
            raise ValueError("no question names its supporting passages (supporting_ids); nothing to train on")
        self.dir.mkdir(parents=True, exist_ok=True)
        path = self.dir / f"{self.retriever}_train_questions.jsonl"
        path.write_text("".join(json.dumps(q) + "\n" for q in self.questions), "utf-8")
        (self.dir / self.folds_file).unlink(missing_ok=True)  # figures shown later are this run's
        cmd = [sys.executable, "-m", "core", "--data-dir", str(self.data_dir), "train",
               "--questions", str(path), "--retriever", self.retriever, *self.args]
        with self.log.open("w", encoding="utf-8") as out:
            self.proc = subprocess.Popen(cmd, cwd=REPO, stdout=out, stderr=subprocess.STDOUT)
        return self

    def status(self) -> TrainStatus:
        """The latest progress line, or the end (the log's last line when it failed)."""
        lines = self.log.read_text("utf-8", errors="replace").splitlines() if self.log.is_file() else []
        code = self.proc.poll() if self.proc else None
        if code is not None:
            if code == 0:
                return TrainStatus("done", message=next((x for x in reversed(lines) if x.startswith("saved ")), ""))
            return TrainStatus("failed", message=(lines[-1] if lines else f"exit code {code}")[:400])
        last = next((x for x in reversed(lines) if x.startswith("progress: ")), None)
        if last is None:
            return TrainStatus("running", "starting")
        step = json.loads(last[len("progress: "):])
        return TrainStatus("running", step["stage"], step["done"], step["total"])

    def cancel(self) -> None:
        """Stop the child process (the saved model, if any, stays as it was)."""
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=30)


def read_folds(data_dir: Path) -> list[dict] | None:
    """Held-out figures of the last run as table rows (None when there are none)."""
    path = Path(data_dir) / "models" / FOLDS_FILE
    if not path.is_file():
        return None
    report = json.loads(path.read_text("utf-8"))
    return [{"retriever": name, **{m: v.get(m) for m in METRICS}, "folds": len(report.get("folds", []))}
            for name, v in report["pooled"].items()]
