"""Start a real local server process for a test, wait until it answers, stop it afterwards."""
from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import time
from pathlib import Path
from typing import Callable, Iterator, Sequence


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def running(cmd: Sequence[str], ready: Callable[[], bool], log: Path, *, wait_s: float = 60.0,
            env: dict[str, str] | None = None, cwd: Path | None = None) -> Iterator[subprocess.Popen]:
    """Run `cmd` (output to `log`) until `ready()` is true; terminate it on exit.

    Raises RuntimeError with the log's tail when the process dies or never becomes ready.
    """
    with log.open("wb") as out:
        proc = subprocess.Popen(list(cmd), stdout=out, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})},
                                cwd=cwd)
    try:
        deadline = time.monotonic() + wait_s
        while not ready():
            if proc.poll() is not None or time.monotonic() > deadline:
                tail = log.read_text(errors="replace")[-2000:]
                raise RuntimeError(f"{cmd[0]} did not start (exit {proc.poll()}):\n{tail}")
            time.sleep(0.3)
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
