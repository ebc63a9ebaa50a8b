"""Where a run's cores idle: CPU per half second, split into the embedder, the parser and the rest.

    python benchmarks/cpu_timeline.py W/cpu-stages-0.json [--cores 2] [--rows]
    python benchmarks/cpu_timeline.py [--cores 2] -- COMMAND...   (its process's demand fraction)

benchmarks/cpu_stages.py's sampler feeds a `Timeline` every look: each thread's CPU since
the last look goes to a *lane* (`lane_of`): "embed" (torch's worker threads and every
thread inside the embedder), "parse" (the job's parsing thread, `folio-parse-ahead`:
check, parse, chunk, boxes), "main" (anything else in the process: store writes, graph,
progress, start-up) and "kw" (the CPU of the process's children: the spaCy keyword
worker). Per bucket (`--bucket`, 0.5 s) it keeps each lane's CPU seconds. The report says
how busy the cores were (CPU seconds / (wall x cores)), how many seconds fewer than
`cores` were busy, and which lanes ran in those seconds (e.g. "embed alone": the embedder
left a core idle), so the idle time can be charged to a schedule rather than guessed.

Example:
    >>> t = Timeline(0.5, start=0.0)
    >>> t.add(0.2, {"embed": 0.1, "parse": 0.05})
    >>> t.rows()[0]["embed"]
    0.1
"""
from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
import time
from pathlib import Path

LANES = ("embed", "parse", "main", "kw")
PARSE_THREAD = "folio-parse-ahead"


def lane_of(thread_name: str, stage: str) -> str:
    """The lane a thread's CPU goes to: its stage (cpu_stages.stage_of) and thread name."""
    if stage.startswith("embed"):
        return "embed"
    if thread_name == PARSE_THREAD:
        return "parse"
    return "main"


def runnable(pid: int | str = "self") -> dict[int, bool]:
    """Each thread of process `pid` (Linux /proc): is it runnable (running or waiting for a core)?
    A thread waiting for the GIL, a lock, a pipe or OpenMP's barrier sleeps (False)."""
    out = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            stat = (task / "stat").read_text()
        except OSError:
            continue
        out[int(task.name)] = stat[stat.rindex(")") + 2] == "R"
    return out


class Timeline:
    """CPU seconds per lane per bucket of `bucket` seconds since `start` (a perf_counter), and
    the threads that wanted a core (runnable), averaged over the looks of each bucket: on a
    loaded machine the CPU a lane got says little about idle cores, but a lane whose threads
    sleep (GIL, waiting for another lane) would leave its core idle on a quiet one too."""

    def __init__(self, bucket: float, start: float):
        self.bucket, self.start = bucket, start
        self.cells: dict[int, collections.Counter] = collections.defaultdict(collections.Counter)
        self.wants: dict[int, collections.Counter] = collections.defaultdict(collections.Counter)

    def add_wants(self, now: float, wanting: dict[str, int]) -> None:
        """Record one look: lane -> how many of its threads were runnable."""
        cell = self.wants[int((now - self.start) / self.bucket)]
        cell["looks"] += 1
        for lane, n in wanting.items():
            cell[lane] += n

    def add(self, now: float, used: dict[str, float]) -> None:
        """Charge `used` (lane -> CPU seconds since the last look) to the bucket of `now`."""
        cell = self.cells[int((now - self.start) / self.bucket)]
        for lane, secs in used.items():
            cell[lane] += secs

    def rows(self) -> list[dict]:
        """One row per bucket, empty buckets included: t (its start) and each lane's seconds."""
        last = max(self.cells, default=-1)
        return [{"t": round(i * self.bucket, 2), **{k: round(self.cells[i][k], 3) for k in LANES},
                 **{f"want_{k}": round(self.wants[i][k] / max(1, self.wants[i]["looks"]), 2) for k in LANES}}
                for i in range(last + 1)]


def summarise(rows: list[dict], bucket: float, cores: int) -> dict:
    """Busy fraction, idle core-seconds, and the idle core-seconds per set of running lanes."""
    wall = len(rows) * bucket
    cpu = sum(r[k] for r in rows for k in LANES)
    idle_by: collections.Counter = collections.Counter()
    for r in rows:
        idle = max(0.0, cores * bucket - sum(r[k] for k in LANES))
        running = "+".join(k for k in LANES if r[k] > 0.1 * bucket) or "nothing"
        idle_by[running] += idle
    lanes = {k: round(sum(r[k] for r in rows), 1) for k in LANES}
    wanted = [min(cores, sum(r.get(f"want_{k}", 0) for k in LANES)) for r in rows]
    wanted_by: collections.Counter = collections.Counter()
    for r, w in zip(rows, wanted):
        wanting = "+".join(k for k in LANES if r.get(f"want_{k}", 0) >= 0.3) or "nothing"
        wanted_by[wanting] += (cores - w) * bucket
    demand = {"demand_fraction": round(sum(wanted) / (len(rows) * cores), 3) if rows else 0.0,
              "unwanted_core_s_while": {k: round(v, 1) for k, v in wanted_by.most_common() if v > 0}}
    return {**demand, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1), "busy_fraction": round(cpu / (wall * cores), 3),
            "idle_core_s": round(sum(idle_by.values()), 1), "cpu_by_lane_s": lanes,
            "idle_core_s_while": {k: round(v, 1) for k, v in idle_by.most_common()}}


def demand_of(argv: list[str], cores: int, interval: float = 0.1) -> dict:
    """Run the command `argv` and return its demand fraction: the runnable threads of its
    process (capped at `cores`) averaged over looks every `interval` s, until it exits."""
    proc = subprocess.Popen(argv)
    looks, wanting = 0, 0.0
    while proc.poll() is None:
        try:
            wanting += min(cores, sum(runnable(proc.pid).values()))
            looks += 1
        except OSError:  # it exited between the poll and the look
            break
        time.sleep(interval)
    return {"exit": proc.wait(), "looks": looks, "demand_fraction": round(wanting / max(1, looks) / cores, 3)}


def show(path: Path, cores: int, rows: bool) -> None:
    """Print a cpu_stages report's timeline summary (and its rows)."""
    rep = json.loads(path.read_text("utf-8"))
    tl = rep.get("timeline")
    if not tl:
        raise SystemExit(f"{path} has no timeline (recorded by an older cpu_stages.py)")
    print(json.dumps(summarise(tl["rows"], tl["bucket_s"], cores), indent=1))
    if rows:
        for r in tl["rows"]:
            bars = " ".join(f"{k}:{'#' * round(r[k] / tl['bucket_s'] * 10):<10}" for k in LANES)
            print(f"{r['t']:7.1f} {bars}")


def main() -> None:
    """Summarise a saved timeline, or run a command (after --) and print its demand fraction."""
    if "--" in sys.argv:
        cut = sys.argv.index("--")
        print(json.dumps(demand_of(sys.argv[cut + 1:], int(dict(zip(sys.argv, sys.argv[1:cut])).get("--cores", 2)))))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("report", type=Path)
    ap.add_argument("--cores", type=int, default=2)
    ap.add_argument("--rows", action="store_true", help="also print one bar line per bucket")
    args = ap.parse_args()
    show(args.report, args.cores, args.rows)


if __name__ == "__main__":
    main()
