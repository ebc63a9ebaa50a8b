"""Progress events and stage timing shared by every ingest step (pipeline, store writer,
other formats, the job worker and the CLI), in one module that imports none of them.

Example:
    >>> clock = StageClock()
    >>> no_progress(ProgressEvent("a.pdf", "parse", 1, 3)); clock.lap("parse"); "parse" in clock.seconds
    True
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable


@dataclass(frozen=True)
class ProgressEvent:
    """One progress tick: `stage` of `file`, `done` of `total` units (pages, chunks...)."""

    file: str
    stage: str  # check | ocr | parse | format | chunk | embed | keywords | graph | index | done | error
    done: int
    total: int
    message: str = ""


ProgressFn = Callable[[ProgressEvent], None]


def utc_now() -> str:
    """The current UTC time, to the second, in ISO 8601."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def no_progress(_: ProgressEvent) -> None:
    """Progress sink that ignores every event."""


@dataclass
class StageClock:
    """Collects seconds spent per stage for one document."""

    seconds: dict[str, float] = field(default_factory=dict)
    _start: float = field(default_factory=time.perf_counter)

    def lap(self, stage: str) -> None:
        """Charge the time since the previous lap to `stage`."""
        now = time.perf_counter()
        self.seconds[stage] = self.seconds.get(stage, 0.0) + now - self._start
        self._start = now

    def charge(self, stage: str, seconds: float) -> None:
        """Charge `seconds` spent elsewhere (a share of a job's embedding run) to `stage`, and
        start the next lap now: the time this document waited for its turn is no stage's."""
        self.seconds[stage] = self.seconds.get(stage, 0.0) + seconds
        self._start = time.perf_counter()
