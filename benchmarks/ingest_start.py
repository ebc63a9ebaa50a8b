"""CPU seconds from `python -m core ingest PDF` starting to its first page parsed.

    python benchmarks/ingest_start.py PDF [--runs 3]

Each run starts the command in a fresh data dir (under the system temp folder), reads its
stderr (not a terminal: plain stage lines) until the "parse (cpu N.NNs)" line, which the CLI
prints once the first page is read (core/cli/render.py), then stops it. Prints, per run, that
line's CPU seconds (this process's own, far less sensitive to other work than wall time),
the wall seconds to it, and the 1-minute load average.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CPU = re.compile(r": parse \(cpu ([\d.]+)s\)")


def first_page(pdf: Path) -> dict:
    """One run: CPU and wall seconds to the first page parsed, and the load average."""
    data = tempfile.mkdtemp(prefix="folio-start-")
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "core", "--data-dir", data, "ingest", str(pdf)], cwd=REPO,
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                            env={**os.environ, "HF_HUB_OFFLINE": "1"})
    try:
        for line in proc.stderr:
            if found := CPU.search(line):
                return {"cpu_s": float(found.group(1)), "wall_s": round(time.perf_counter() - start, 2),
                        "load_1min": round(os.getloadavg()[0], 1)}
        raise SystemExit(f"no parse line from the ingest of {pdf} (exit {proc.wait()})")
    finally:
        proc.kill()
        proc.wait()
        shutil.rmtree(data, ignore_errors=True)


def main() -> None:
    """Command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pdf", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for _ in range(args.runs):
        print(first_page(args.pdf), flush=True)


if __name__ == "__main__":
    main()
