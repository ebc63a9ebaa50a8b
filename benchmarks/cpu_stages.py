"""CPU seconds of one Folio command, split by what each thread was doing (a sampling profiler).

    python benchmarks/cpu_stages.py OUT.json -- --data-dir DIR sync
    python benchmarks/cpu_stages.py --report OUT.json [--top 25]

Runs `python -m core ARGS` in this process with a sampler thread beside it. Every
`--interval` seconds (0.1) the sampler reads each Python thread's own kernel CPU clock
(`thread_clock`) and charges the CPU it used since the last look to the
stack it is in now; the CPU of threads Python does not know (torch's OpenMP workers, which
run only inside the embedder's operators) is the process's CPU (`time.process_time`) less
that of the Python threads, charged to "torch threads". Each stack is reduced to a label:
the innermost frame of Folio's own code (`core/...py:function`), the innermost library
package below it (torch, tokenizers, pymupdf, chromadb, sqlite3...), and "import" when an
import runs; `stage_of` groups the labels into stages (parse, boxes, embed.model,
embed.tokenize, keywords, graph, bm25, vectors, catalog, startup...). At exit the counts
go to OUT.json: CPU seconds per stage, per label (the top ones), per thread, and the
process's total (user + system, children not included: the keyword worker is its own
process, which benchmarks/folder_ratio.py reports apart).

Statistical: a thread's CPU over one interval is charged to where it stands at the end of
it, so a stage shorter than the interval is seen in proportion to how often it is hit.
The sampler's own CPU is reported as "sampler". Sampling costs memory: the profiled process
holds more (one PDF, `ingest`: peak RSS 908 MiB alone, 1,131 MiB sampled every 0.1 s, 1,420
MiB every 0.02 s; CPU 11.6, 11.0 and 12.9 s, the sampler's own 0.0, 0.4 and 1.4 s; load ~30),
so read peak memory from a run without it.
"""
from __future__ import annotations

import argparse
import atexit
import collections
import importlib.util
import json
import os
import runpy
import sys
import threading
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cpu_phases import Phases
from cpu_timeline import Timeline, lane_of, runnable

REPO = Path(__file__).resolve().parents[1]  # replaced by the checkout whose `core` runs (main)
CORE = str(REPO / "core") + os.sep
CHILDREN_EVERY = 20  # looks between two searches for child processes (the keyword worker)
LIBS = ("torch", "transformers", "sentence_transformers", "tokenizers", "pymupdf", "fitz", "chromadb",
        "sqlite3", "bm25s", "spacy", "numpy", "scipy", "pdfplumber", "PIL", "onnxruntime", "json")
STAGES = (  # (label fragment, stage): the first match wins, so the more specific come first
    ("import", "startup.import"), ("embedder.py:_load", "embed.load"), ("tokeniz", "embed.tokenize"),
    ("embedder.py", "embed.model"), ("core/ingest/pdf/ocr", "ocr"), ("core/ingest/pdf/", "parse"),
    ("core/ingest/chunk", "chunk"), ("core/ingest/markdown", "chunk"), ("core/ingest/md", "chunk"),
    ("core/evidence/", "boxes"), ("core/index/keyword", "keywords"), ("core/index/graph", "graph"),
    ("core/index/catalog_graph", "graph"), ("core/index/text_bm25", "bm25"), ("core/index/bm25", "bm25"),
    ("core/index/vector", "vectors"), ("core/index/catalog", "catalog"), ("core/index/row_entries", "rows"),
    ("core/ingest/store_writer", "store"), ("core/ingest/memory_trim", "memory_trim"),
    ("core/library/", "job"), ("core/ingest/", "ingest.other"), ("core/cli/", "cli"),
)


def label_of(frame) -> str:
    """'core/x.py:func | lib' for a stack: Folio's innermost frame, the innermost library below it."""
    core = lib = ""
    importing = False
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith(CORE) and not core:
            core = f"{name[len(str(REPO)) + 1:]}:{frame.f_code.co_name}"
        elif not core and not lib and "tokeniz" in name:  # a tokenizer's Python side (transformers')
            lib = "tokenizer"
        elif not core and not lib:
            lib = next((p for p in LIBS if f"{os.sep}{p}{os.sep}" in name or name.endswith(f"{os.sep}{p}.py")), "")
        importing |= name.startswith("<frozen importlib")
        frame = frame.f_back
    return " | ".join(p for p in (core or "(no folio frame)", lib, "import" if importing else "") if p)


def callers_of(frame, depth: int = 3) -> str:
    """'core/a.py:f < core/b.py:g < ...': the innermost `depth` frames of Folio's own code, each
    of another function, so a store call is told apart by who made it (a search for graph
    neighbours or a write both stand in core/index/vector_chroma.py:_call)."""
    found: list[str] = []
    while frame is not None and len(found) < depth:
        name = frame.f_code.co_filename
        if name.startswith(CORE):
            here = f"{name[len(str(REPO)) + 1:]}:{frame.f_code.co_name}"
            if not found or found[-1] != here:
                found.append(here)
        frame = frame.f_back
    return " < ".join(found) or "(no folio frame)"


def stage_of(label: str) -> str:
    """The stage a label belongs to (STAGES), "other" when none matches."""
    return next((stage for frag, stage in STAGES if frag in label), "other")


def thread_clock(native_id: int) -> int:
    """The Linux CPU clock of a thread, from its kernel id. A thread that has ended makes
    `clock_gettime` fail with EINVAL; `time.pthread_getcpuclockid` of an ended thread reads
    freed memory and crashed the sampled process (SIGSEGV) when a thread exited between
    `sys._current_frames()` and the read."""
    return ((~native_id) << 3) | 6  # MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED)


class Sampler:
    """Charges each Python thread's CPU to its current stack's label, every `interval` s."""

    def __init__(self, interval: float, phase_s: float = 60.0, catalog: Path | None = None):
        self.interval = interval
        self.by_label: collections.Counter = collections.Counter()
        self.by_thread: collections.Counter = collections.Counter()
        self.last: dict[tuple, float] = {}  # (ident, native id) -> CPU clock: Python reuses idents
        self.start_process = time.process_time()
        self.last_process = self.start_process
        self.timeline = Timeline(0.5, time.perf_counter())
        self.phases = Phases(phase_s, time.perf_counter(), catalog)  # stage CPU as the library fills
        self.me = psutil.Process()
        self.children: dict[int, float] = {}  # pid -> CPU seconds at the last look
        self.kids: list = []  # the child processes, found again every CHILDREN_EVERY looks
        self.looks = 0
        self.thread = threading.Thread(target=self._run, name="cpu-stages-sampler", daemon=True)

    def _run(self) -> None:
        me = threading.get_ident()
        while True:
            time.sleep(self.interval)
            self.take(me)

    def take(self, me: int) -> None:
        """One look at every thread."""
        frames = sys._current_frames()
        threads = threading.enumerate()
        names = {t.ident: t.name for t in threads}
        native = {t.ident: t.native_id for t in threads}
        python = 0.0
        lanes: collections.Counter = collections.Counter()
        stages: collections.Counter = collections.Counter()
        lane_of_native: dict = {native.get(me): None}
        for ident, frame in frames.items():
            try:
                now = time.clock_gettime(thread_clock(native.get(ident)))
            except (OSError, OverflowError, TypeError):
                continue
            key = (ident, native.get(ident))
            used = now - self.last.get(key, 0.0)
            self.last[key] = now
            python += used
            label = "(sampler)" if ident == me else label_of(frame)
            self.by_label[label] += used
            self.by_thread[names.get(ident, str(ident))] += used
            stages["sampler" if ident == me else f"{stage_of(label)}\t{callers_of(frame)}"] += used
            if ident != me:
                lane_of_native[native.get(ident)] = lane_of(names.get(ident, ""), stage_of(label))
                lanes[lane_of_native[native.get(ident)]] += used
        process = time.process_time()
        # OpenMP workers: what the process used beyond its Python threads (ended threads' last
        # slice falls here too, a small error)
        torch_threads = max(0.0, process - self.last_process - python)
        self.by_label["(torch threads) | torch"] += torch_threads
        self.last_process = process
        lanes["embed"] += torch_threads
        lanes["kw"] += self._children_cpu()
        now = time.perf_counter()
        stages["embed.torch_threads"] += torch_threads
        self.phases.add(now, stages, self.me.memory_info().rss)
        self.timeline.add(now, lanes)
        self.timeline.add_wants(now, self._wanting(lane_of_native))

    def _wanting(self, lane_of_native: dict) -> collections.Counter:
        """Runnable threads per lane: Python threads by their lane, the others (torch's OpenMP
        workers) as "embed", the children's threads as "kw"; the sampler not at all."""
        wanting: collections.Counter = collections.Counter()
        for tid, ready in runnable().items():
            lane = lane_of_native.get(tid, "embed")
            wanting[lane] += bool(ready and lane)
        for child in self.kids:
            try:
                wanting["kw"] += sum(runnable(child.pid).values())
            except OSError:
                continue
        return wanting

    def _children_cpu(self) -> float:
        """CPU the child processes (the keyword worker) used since the last look."""
        used = 0.0
        self.looks += 1
        if self.looks % CHILDREN_EVERY == 1:  # finding them scans every process of the machine
            self.kids = psutil.Process().children(recursive=True)
        for child in self.kids:
            try:
                times = child.cpu_times()
            except psutil.Error:
                continue
            now = times.user + times.system
            used += now - self.children.get(child.pid, 0.0)
            self.children[child.pid] = now
        return used

    def report(self) -> dict:
        """CPU seconds per stage, per label and per thread."""
        stages: collections.Counter = collections.Counter()
        for label, secs in self.by_label.items():
            stages["sampler" if label == "(sampler)" else
                   "embed.torch_threads" if label.startswith("(torch") else stage_of(label)] += secs
        usage = os.times()
        return {"process_cpu_s": round(usage.user + usage.system, 2),
                "sampled_cpu_s": round(sum(self.by_label.values()), 2),
                "stages": {k: round(v, 2) for k, v in stages.most_common()},
                "labels": {k: round(v, 2) for k, v in self.by_label.most_common(80)},
                "threads": {k: round(v, 2) for k, v in self.by_thread.most_common()},
                "timeline": {"bucket_s": self.timeline.bucket, "rows": self.timeline.rows()},
                "phases": {"phase_s": self.phases.phase_s, "rows": self.phases.rows()}}


def show(path: Path, top: int) -> None:
    """Print a saved report: stages, then the top labels."""
    rep = json.loads(path.read_text("utf-8"))
    print(f"process CPU {rep['process_cpu_s']} s, sampled {rep['sampled_cpu_s']} s")
    for k, v in rep["stages"].items():
        print(f"  {v:8.2f}  {k}")
    print("labels:")
    for k, v in list(rep["labels"].items())[:top]:
        print(f"  {v:8.2f}  {k}")


def main() -> None:
    """Run `python -m core ARGS` under the sampler, or print a report."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, nargs="?")
    ap.add_argument("--interval", type=float, default=0.1)
    ap.add_argument("--phase", type=float, default=60.0,
                    help="seconds per phase of the report's `phases` (stage CPU as the library fills)")
    ap.add_argument("--report", type=Path, default=None, help="print a saved OUT.json")
    ap.add_argument("--top", type=int, default=25)
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)  # after it: the arguments of python -m core
    args = ap.parse_args(argv[:cut])
    args.args = argv[cut + 1:]
    if args.report:
        return show(args.report, args.top)
    if args.out is None or not args.args:
        raise SystemExit("usage: cpu_stages.py OUT.json -- ARGS OF python -m core")
    global REPO, CORE
    sys.path.insert(0, os.getcwd())  # as `python -m core` would: the checkout in the cwd (or PYTHONPATH's)
    REPO = Path(importlib.util.find_spec("core").origin).resolve().parents[1]
    CORE = str(REPO / "core") + os.sep
    data_dir = dict(zip(args.args, args.args[1:])).get("--data-dir")
    sampler = Sampler(args.interval, args.phase, Path(data_dir) / "catalog.sqlite" if data_dir else None)

    def save() -> None:
        sampler.phases.close(time.perf_counter())
        args.out.write_text(json.dumps(sampler.report(), indent=1), "utf-8")
    atexit.register(save)
    sampler.thread.start()
    sys.argv = ["core", *args.args]
    runpy.run_module("core", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
