"""Ctrl-C ends `watch` within a second even when its main thread cannot run Python
(core/cli/interrupt.py): the child below never lets SIGINT end it through its main thread (its
Python handler does nothing, as a main thread stuck in C code such as SQLite's busy wait would
never raise KeyboardInterrupt; installed before "ready", so no signal can come first); only the
listening thread can."""
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
import signal
exit_after_ctrl_c(on_exit=lambda: print("stopped", flush=True))
signal.signal(signal.SIGINT, lambda *_: None)  # a stuck main thread: the normal path never ends it
print("ready", flush=True)
threading.Event().wait()
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

