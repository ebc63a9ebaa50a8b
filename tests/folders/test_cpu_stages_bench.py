"""benchmarks/cpu_stages.py: a thread's CPU seconds go to the stage its stack is in, a
sleeping thread's to none, and labels map to stages as documented."""
from __future__ import annotations

import importlib.util
import threading
from pathlib import Path

from tests.bench_scripts import load_script
from tests.waiting import wait_for


def _fake_parser(root: Path):
    """A module at ROOT/core/ingest/pdf/fake_parse.py whose `burn` spins for a CPU time, says
    so, and stays alive until released (an ended thread's clock can no longer be read)."""
    path = root / "core" / "ingest" / "pdf" / "fake_parse.py"
    path.parent.mkdir(parents=True)
    path.write_text("import time\n\ndef burn(seconds, done, release):\n    t = time.thread_time()\n"
                    "    while time.thread_time() - t < seconds:\n        pass\n    done.set()\n"
                    "    release.wait(60)\n", "utf-8")
    spec = importlib.util.spec_from_file_location("fake_parse_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_busy_thread_is_charged_to_its_stage_and_a_sleeping_one_to_nothing(monkeypatch, tmp_path):
    bench = load_script("cpu_stages", monkeypatch)
    monkeypatch.setattr(bench, "REPO", tmp_path)
    monkeypatch.setattr(bench, "CORE", str(tmp_path / "core") + "/")
    fake = _fake_parser(tmp_path)
    sampler = bench.Sampler(0.01)
    done, wake, release = threading.Event(), threading.Event(), threading.Event()
    busy = threading.Thread(target=fake.burn, args=(0.3, done, release), name="busy")
    idle = threading.Thread(target=wake.wait, args=(60,), name="idle")
    idle.start()
    sampler.take(threading.get_ident())  # the starting point of every thread's clock
    busy.start()

    def finished() -> bool:
        sampler.take(threading.get_ident())
        return done.is_set()
    try:
        wait_for(finished, timeout=60, what="the busy thread's 0.3 CPU seconds")
        sampler.take(threading.get_ident())  # its last slice, read while it is still alive
    finally:
        release.set()
        busy.join(timeout=30)
        wake.set()
        idle.join(timeout=30)
    report = sampler.report()
    assert report["threads"]["busy"] >= 0.25  # its CPU clock, whatever the machine's load
    assert report["stages"]["parse"] >= 0.25 * 0.8  # charged where its stack stood when looked at
    assert report["threads"].get("idle", 0.0) < 0.05
    assert any(label.startswith("core/ingest/pdf/fake_parse.py:burn") for label in report["labels"])


def test_labels_map_to_stages(monkeypatch):
    bench = load_script("cpu_stages", monkeypatch)
    assert bench.stage_of("core/index/embedder.py:embed | tokenizer") == "embed.tokenize"
    assert bench.stage_of("core/index/embedder.py:embed | torch") == "embed.model"
    assert bench.stage_of("core/index/vector_chroma.py:_open_client | chromadb | import") == "startup.import"
    assert bench.stage_of("core/evidence/geometry.py:read_page | pymupdf") == "boxes"
    assert bench.stage_of("core/ingest/pdf/ocr.py:pages_to_ocr | pymupdf") == "ocr"
    assert bench.stage_of("(no folio frame) | numpy") == "other"


def test_the_tree_watch_sums_cpu_per_command(monkeypatch):
    lib = load_script("folder_ratio_lib", monkeypatch)
    watch = lib.TreeWatch("marker")
    watch.cpu, watch.names = {1: 2.0, 2: 3.0, 3: 1.5}, {1: "sync", 2: "sync", 3: "keyword_serve"}
    assert watch.cpu_by_process == {"sync": 5.0, "keyword_serve": 1.5}
