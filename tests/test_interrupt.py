"""Ctrl-C ends `watch` within a second even when its main thread cannot run Python
(core/cli/interrupt.py): the child below never lets a KeyboardInterrupt end it, as a main
thread stuck in C code (SQLite's busy wait) would not; only the listening thread can."""
from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.folders.helpers import ctrl_c_default

ROOT = Path(__file__).resolve().parents[1]
STUCK = """
import threading
from core.cli.interrupt import exit_after_ctrl_c
exit_after_ctrl_c(on_exit=lambda: print("stopped", flush=True))
print("ready", flush=True)
while True:
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass  # a stuck main thread: the normal path never ends the process
"""


def test_ctrl_c_ends_a_process_whose_main_thread_is_stuck():
    proc = subprocess.Popen([sys.executable, "-c", STUCK], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                            preexec_fn=ctrl_c_default)
    try:
        assert proc.stdout.readline().strip() == "ready"
        start = time.monotonic()
        proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=30)
        took = time.monotonic() - start
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert code == 130 and proc.stdout.read().strip() == "stopped"
    assert took < 5, f"took {took:.2f} s (grace 0.5 s)"

