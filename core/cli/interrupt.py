"""Ctrl-C ends a long-running command within a second, wherever its main thread is.

Python runs its SIGINT handler (KeyboardInterrupt) only when the main thread returns to the
interpreter. A main thread waiting inside C code that does not look at signals, such as
SQLite's busy wait for another connection's write lock (up to the catalog's timeout), would
leave the user's Ctrl-C unanswered for that long. `exit_after_ctrl_c` therefore also listens
for the signal outside the main thread: the C-level handler writes the signal number to a
wakeup socket (`signal.set_wakeup_fd`), a daemon thread reads it, and when the normal
KeyboardInterrupt path has not ended the process `grace_s` later, the thread ends it itself.
That is as safe as the normal path, which also leaves by `os._exit`: every document is
committed whole or not at all, and the full-text index is repaired on the next open.

Example:
    >>> # exit_after_ctrl_c(on_exit=lambda: print("stopped"))  # in `watch`, before serving
"""
from __future__ import annotations

import os
import signal
import socket
import threading
from typing import Callable

_KEEP: list[socket.socket] = []  # the wakeup sockets live as long as the process


def exit_after_ctrl_c(grace_s: float = 0.5, code: int = 130, on_exit: Callable[[], None] | None = None) -> None:
    """From the main thread: after Ctrl-C, end the process with `code` within `grace_s`
    seconds even when the main thread cannot run Python meanwhile."""
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    _KEEP.extend((reader, writer))
    interrupted = threading.Event()

    def listen() -> None:
        while not interrupted.is_set():
            data = reader.recv(64)
            if not data:
                return
            if int(signal.SIGINT) in data:
                interrupted.set()
        # a grace period for the normal path, not a wait for a condition: the process is gone
        # by then unless the main thread is stuck
        threading.Event().wait(grace_s)
        if on_exit is not None:
            on_exit()
        os._exit(code)

    threading.Thread(target=listen, name="folio-ctrl-c", daemon=True).start()
