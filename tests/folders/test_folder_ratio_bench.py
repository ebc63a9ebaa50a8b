"""benchmarks/folder_ratio.py's own parts: the generated folder is the same for the same seed,
and the process-tree watch counts a detached child's memory and CPU."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pymupdf

from tests.waiting import wait_for

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def _bench(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location("folder_ratio_under_test", BENCH / "folder_ratio.py")
    mod = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, mod)
    spec.loader.exec_module(mod)
    return mod


def _manual(path: Path, name: str, pages: int) -> None:
    doc = pymupdf.open()
    for n in range(pages):
        doc.new_page().insert_text((72, 72), f"{name} page {n}")
    doc.save(path)


def _texts(pdf: Path) -> list[str]:
    with pymupdf.open(pdf) as doc:
        return [page.get_text().strip() for page in doc]


def test_the_same_seed_builds_the_same_folder_of_recombined_pages(monkeypatch, tmp_path):
    bench = _bench(monkeypatch)
    src = tmp_path / "src"
    src.mkdir()
    _manual(src / "alpha.pdf", "alpha", 12)
    _manual(src / "beta.pdf", "beta", 5)
    first = [_texts(p) for p in bench.build_pdfs(src, tmp_path / "a", 3, 8, seed=7)]
    again = [_texts(p) for p in bench.build_pdfs(src, tmp_path / "b", 3, 8, seed=7)]
    other = [_texts(p) for p in bench.build_pdfs(src, tmp_path / "c", 3, 8, seed=8)]
    assert first == again and first != other
    for pages in first:  # two runs of consecutive pages; a short manual gives what it has
        assert 4 <= len(pages) <= 8
        assert all(p.split()[0] in ("alpha", "beta") for p in pages)


def test_the_tree_watch_sees_a_detached_process_named_by_the_marker(monkeypatch, tmp_path):
    bench = _bench(monkeypatch)
    marker = str(tmp_path / "lib")
    # the child idles in a sleep so that it is alive to be sampled; the test waits on a condition
    child = subprocess.Popen([sys.executable, "-c", "import sys, time\nx = b\"x\" * 80_000_000\n"
                              "t = time.process_time()\nwhile time.process_time() - t < 0.3: pass\n"
                              "time.sleep(60)", marker], start_new_session=True)
    try:
        watch = bench.TreeWatch(marker)
        def seen() -> bool:
            watch.sample([])
            return watch.peak_rss > 80_000_000 and sum(watch.cpu.values()) >= 0.3

        wait_for(seen, timeout=30, what="the child's memory and CPU in the tree watch")
        assert watch.peak_rss > 80_000_000 and sum(watch.cpu.values()) >= 0.3
    finally:
        child.kill()
        child.wait(timeout=30)
