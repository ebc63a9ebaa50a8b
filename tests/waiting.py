"""Waiting in tests: poll a condition until it holds, with a deadline (never a fixed sleep)."""
from __future__ import annotations

import time
from typing import Callable


def wait_for(condition: Callable[[], object], timeout: float = 120.0, what: str = "condition") -> object:
    """Poll `condition` until it returns something true and return that; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
