"""Parts of benchmarks/folder_ratio.py: the generated folder, the process-tree watch, and the
method in full.


    python benchmarks/folder_ratio.py [--pdfs 1000] [--pages 26] [--seed 7] --source PDFQA_PDFS
                                      [--reference-sample 0] [--code DIR]... [--worker cli|background]
                                      [--work-dir DIR] [--json]
1. Builds N PDFs in WORK/folder by recombining page ranges of the pdfqa-dev manuals
   (PyMuPDF `insert_pdf`; `random.Random(seed)`): each PDF takes two runs of consecutive
   pages from two manuals, `--pages` pages in all (26 pages: about 50 chunks a PDF, so
   1,000 PDFs make about 50,000 chunks). The same seed gives the same PDFs.
2. Ingests the folder through the CLI into a fresh data dir, once per `--code` checkout
   (default: this repository; give an older checkout too to compare before/after in the
   same run), process start included: `python -m core folders add WORK/folder` (which
   queues the first sync), then `python -m core sync` (which runs that work in its own
   process, at full priority on every core, and exits when the files are in), timed from
   the first command's start to the second's exit. `folders add` would also start the
   background worker (lower priority, half the cores, as for the app), which then races
   `sync` for the queue; so by default (`--worker cli`) the benchmark holds the worker lock
   while `folders add` runs, and `sync` adds every file; `--worker background` lets the
   background worker add them instead (`sync` then follows it). The whole process tree is
   watched every 0.2 s with psutil (the CLI processes, a worker, the keyword worker, any
   other child): peak RSS of the tree (sum over the processes alive at a sample) and CPU
   seconds (user + system of every process, last sample of each). Per-stage seconds are
   summed from the per-file summary lines that `sync` prints for the files it added.
3. The reference, timed before and after the ingest: plain sentence-transformers in a fresh
   process encoding the `text` of the chunks Folio stored (batch 32, as
   benchmarks/ingest_ratio.py). With `--reference-sample M` (> 0), a fixed random sample
   of M of those texts (seed 0) is encoded and its encode wall and CPU seconds scaled by
   chunks / M (model load counted once); 0 encodes every chunk. "Before" needs the texts
   of an earlier run of the same folder (the work dir keeps them); without them the
   reference runs twice after the ingest.

Reported: chunks, documents, the ingest's wall and CPU seconds, peak tree RSS, the
reference's (mean of before and after; `reference_drift` = after / before), the ratios
wall/reference and CPU/reference, load averages before and after each run, and `quiet`
(every run started and ended with a 1-minute load below 1). A README figure needs `quiet`.

Expected wall time on a quiet 2-core machine, from the reference's ~0.04 s a chunk: for
1,000 PDFs (~50,000 chunks, reference ~34 min) the folder is built in a few minutes, each
ingest takes ~1.25-1.45 x the reference (~45 min), and the two references ~34 min each:
about 2 h in all, about 1 h with `--reference-sample 5000`; each extra `--code` adds an
ingest. N = 50: about 6 min. Measured 2026-11-25 (loaded machine): building the 1,000 PDFs
(25,513 pages, 754 MB) took 43 CPU s and 149 MiB; at the 20-PDF run's 2.4 chunks a page
they make about 61,000 chunks, so from that run's ~0.087 s a chunk (load 2-7) the ingest
takes ~1.5 h and a full reference as long: ~2 h in all with `--reference-sample 5000`. The work dir (`--work-dir`) keeps folder, libraries and texts.
"""
from __future__ import annotations

import random
from pathlib import Path

import psutil


def build_pdfs(source: Path, out: Path, n: int, pages: int, seed: int) -> list[Path]:
    """N PDFs of `pages` pages each: two runs of consecutive pages from two source manuals."""
    import pymupdf

    manuals = sorted(source.glob("*.pdf"))
    if not manuals:
        raise SystemExit(f"no PDFs in {source}; fetch them: bash ../shared/bench/pdfqa-dev/fetch.sh {source}")
    counts = {}
    for m in manuals:
        with pymupdf.open(m) as doc:
            counts[m] = doc.page_count
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    made = []
    for i in range(n):
        first = rng.randint(pages // 4, pages - pages // 4)
        target = out / f"mix-{i:04d}.pdf"
        with pymupdf.open() as dst:
            for want in (first, pages - first):
                manual = rng.choice(manuals)
                take = min(want, counts[manual])
                start = rng.randint(0, counts[manual] - take)
                with pymupdf.open(manual) as src:
                    dst.insert_pdf(src, from_page=start, to_page=start + take - 1)
            dst.set_metadata({"title": f"Mixed manual {i:04d}"})
            dst.save(target, garbage=3, deflate=True)
        made.append(target)
    return made


class TreeWatch:
    """Peak RSS and CPU seconds of every process started for one data dir (and their children)."""

    def __init__(self, marker: str):
        self.marker = marker
        self.cpu: dict[int, float] = {}
        self.names: dict[int, str] = {}  # pid -> the name below
        self.peak_rss = 0
        self.processes: set[str] = set()
        self.peak_by_process: dict[str, int] = {}  # command line (its first words) -> its own peak RSS

    def _tree(self, roots: list[psutil.Process]) -> list[psutil.Process]:
        found = {p.pid: p for p in roots}
        for p in psutil.process_iter(["cmdline"]):
            try:
                if self.marker in " ".join(p.info["cmdline"] or []):
                    found[p.pid] = p
            except (psutil.Error, TypeError):
                continue
        for p in list(found.values()):
            try:
                found.update({c.pid: c for c in p.children(recursive=True)})
            except psutil.Error:
                continue
        return list(found.values())

    def sample(self, roots: list[psutil.Process]) -> None:
        """One look at the tree: sum the RSS, keep each process's latest CPU seconds."""
        rss = 0
        for p in self._tree(roots):
            try:
                with p.oneshot():
                    own = p.memory_info().rss
                    rss += own
                    t = p.cpu_times()
                    self.cpu[p.pid] = t.user + t.system
                    words = [w for w in p.cmdline()[1:] if w != self.marker]  # `sync` and `worker` apart
                    name = " ".join(words[:4])[:60]
                    self.processes.add(name)
                    self.names[p.pid] = name
                    self.peak_by_process[name] = max(self.peak_by_process.get(name, 0), own)
            except psutil.Error:
                continue
        self.peak_rss = max(self.peak_rss, rss)

    @property
    def cpu_by_process(self) -> dict[str, float]:
        """CPU seconds per command line (its first words), summed over its processes."""
        out: dict[str, float] = {}
        for pid, secs in self.cpu.items():
            name = self.names.get(pid, "?")
            out[name] = out.get(name, 0.0) + secs
        return out
