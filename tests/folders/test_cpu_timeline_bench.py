"""benchmarks/cpu_timeline.py: a spinning process's threads are runnable, a sleeping one's are
not; CPU and runnable threads go to their half-second buckets; the summary charges the idle
core-seconds to the lanes that ran meanwhile."""
from __future__ import annotations

import subprocess
import sys

from tests.bench_scripts import load_script
from tests.waiting import wait_for


def _child(code: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE)


def test_a_spinning_process_is_runnable_and_a_waiting_one_is_not(monkeypatch):
    bench = load_script("cpu_timeline", monkeypatch)
    spinning = _child("while True: pass")
    waiting = _child("import sys; sys.stdin.read()")  # blocks in read(2) until stdin closes
    try:
        wait_for(lambda: any(bench.runnable(spinning.pid).values()), timeout=60, what="the spinner to run")
        # a fresh process runs while it starts; then it sleeps in read(2) for good
        wait_for(lambda: not any(bench.runnable(waiting.pid).values()), timeout=60, what="the reader to sleep")
    finally:
        for proc in (spinning, waiting):
            proc.kill()
            proc.wait(timeout=30)


def test_cpu_and_wanting_threads_go_to_their_buckets_and_the_summary_charges_idle_cores(monkeypatch):
    bench = load_script("cpu_timeline", monkeypatch)
    timeline = bench.Timeline(0.5, start=10.0)
    timeline.add(10.1, {"embed": 0.5, "parse": 0.25})  # bucket 0: both cores' worth but 0.25 s
    timeline.add_wants(10.1, {"embed": 1, "parse": 1})
    timeline.add(11.2, {"embed": 0.5})  # bucket 2: one core idle; bucket 1 empty (nothing ran)
    timeline.add_wants(11.2, {"embed": 1})
    rows = timeline.rows()
    assert [r["t"] for r in rows] == [0.0, 0.5, 1.0]
    assert rows[0]["embed"] == 0.5 and rows[0]["want_parse"] == 1 and rows[1]["embed"] == 0
    summary = bench.summarise(rows, 0.5, cores=2)
    assert summary["wall_s"] == 1.5 and summary["cpu_s"] == 1.2
    assert summary["busy_fraction"] == round(1.25 / 3, 3)
    assert summary["idle_core_s_while"] == {"nothing": 1.0, "embed": 0.5, "embed+parse": 0.2}
    assert summary["demand_fraction"] == round(3 / 6, 3)
    assert summary["unwanted_core_s_while"] == {"nothing": 1.0, "embed": 0.5}


def test_lanes_follow_the_stage_and_the_parsing_thread(monkeypatch):
    bench = load_script("cpu_timeline", monkeypatch)
    assert bench.lane_of("MainThread", "embed.model") == "embed"
    assert bench.lane_of("folio-parse-ahead", "parse") == "parse"
    assert bench.lane_of("folio-parse-ahead", "boxes") == "parse"
    assert bench.lane_of("MainThread", "store") == "main"


def test_a_commands_demand_is_its_runnable_share_of_the_cores(monkeypatch):
    bench = load_script("cpu_timeline", monkeypatch)
    spin = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3:\n    pass\n"
    spinning = bench.demand_of([sys.executable, "-c", spin], cores=1, interval=0.02)
    assert spinning["exit"] == 0 and spinning["looks"] > 0
    assert spinning["demand_fraction"] > 0.8  # running or waiting for a core: always wanting one
    halves = bench.demand_of([sys.executable, "-c", spin], cores=2, interval=0.02)
    assert halves["demand_fraction"] <= 0.5  # one thread wants one core of two
