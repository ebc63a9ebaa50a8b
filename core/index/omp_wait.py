"""Let torch's idle CPU threads sleep at a barrier instead of spinning there.

torch runs each operator on all its threads, which meet at a barrier after it. With the
OpenMP runtime's default (active) wait, a thread that arrives first spins on its core; when
the cores are busy with other work (another process, the ingest worker, a local LLM server)
the spinning thread holds the core the late thread needs, and every barrier waits for the
scheduler. Small batches, as the support check of an answer embeds (a few sentences and
pieces), have hundreds of barriers per call: measured with benchmarks/support_latency.py,
torch's 2 threads, on a 2-core machine at load ~20, an answer's check took ~2,000-3,400 ms
wall and 500-950 ms CPU with the active wait, ~110-370 ms wall and ~90-100 ms CPU with the
passive one (one thread alone: ~85 ms CPU). The policy is read once, when torch loads its
OpenMP runtime, so it must be set before the first `import torch`; a value set in the
environment wins.

Example:
    >>> passive_omp_wait()  # before the first `import torch` of the process
"""
from __future__ import annotations

import os


def passive_omp_wait() -> None:
    """Ask the OpenMP runtime torch loads next for a passive wait (unless the user chose one)."""
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
