"""CPU per stage as the library fills: benchmarks/cpu_stages.py's counts split into phases of time.

    python benchmarks/cpu_phases.py W/cpu-stages-0.json [--merge 2]

cpu_stages.py's sampler charges each thread's CPU to a stage (`stage_of`); `Phases` also
charges it to the phase of `phase_s` seconds it falls in, and at each look keeps the
process's peak RSS of that phase and, once a phase, how many documents and chunks the
library held (read from the data dir's catalog, read-only). The report then gives, per
phase, the CPU seconds of each stage, the chunks committed in it, and the CPU per chunk
committed: a cost that grows with the library shows as a stage whose CPU per chunk rises
from the first phases to the last while the embedder's stays flat.

Example:
    >>> p = Phases(60.0, start=0.0)
    >>> p.add(10.0, {"embed.model\tcore/index/embedder.py:embed": 3.0, "graph": 0.5})
    >>> p.rows()[0]["stages"]["graph"]
    0.5
"""
from __future__ import annotations

import argparse
import collections
import json
import sqlite3
from pathlib import Path


def library_counts(catalog: Path) -> tuple[int, int] | None:
    """(ready documents, chunks) in a catalog, read-only; None when it cannot be read now."""
    try:
        db = sqlite3.connect(f"file:{catalog}?mode=ro", uri=True, timeout=1)
        try:
            docs = db.execute("SELECT COUNT(*) FROM documents WHERE status='ready'").fetchone()[0]
            chunks = db.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
        finally:
            db.close()
    except sqlite3.Error:
        return None
    return docs, chunks


class Phases:
    """Stage CPU, peak RSS and library size per phase of `phase_s` seconds since `start`."""

    def __init__(self, phase_s: float, start: float, catalog: Path | None = None):
        self.phase_s, self.start, self.catalog = phase_s, start, catalog
        self.cpu: dict[int, collections.Counter] = collections.defaultdict(collections.Counter)
        self.rss: dict[int, int] = {}
        self.library: dict[int, tuple[int, int]] = {}  # phase -> (documents, chunks) seen in it, last

    def _phase(self, now: float) -> int:
        return int((now - self.start) / self.phase_s)

    def add(self, now: float, used: dict[str, float], rss: int = 0) -> None:
        """Charge `used` (stage -> CPU seconds since the last look) to the phase of `now`."""
        phase = self._phase(now)
        cell = self.cpu[phase]
        for stage, secs in used.items():
            cell[stage] += secs
        self.rss[phase] = max(self.rss.get(phase, 0), rss)
        if self.catalog is not None and phase not in self.library:
            counts = library_counts(self.catalog) if self.catalog.is_file() else (0, 0)
            if counts is not None:
                self.library[phase] = counts

    def close(self, now: float) -> None:
        """Read the library once more at the end (what the last phase committed)."""
        counts = library_counts(self.catalog) if self.catalog is not None and self.catalog.is_file() else None
        if counts is not None:
            self.library[self._phase(now) + 1] = counts

    def rows(self, top: int = 40) -> list[dict]:
        """One row per phase: its start, CPU per stage, per label (the `top` ones; a label is
        'stage<TAB>callers'), peak RSS (MiB), and the documents and chunks the library held
        when it began (the first look in it)."""
        last = max(self.cpu, default=-1)
        out, known = [], (0, 0)
        for i in range(last + 2):
            known = self.library.get(i, known)
            stages: collections.Counter = collections.Counter()
            for label, secs in self.cpu[i].items():
                stages[label.split("\t")[0]] += secs
            out.append({"t": round(i * self.phase_s, 1), "docs": known[0], "chunks": known[1],
                        "rss_mib": round(self.rss.get(i, 0) / 2**20),
                        "stages": {k: round(v, 3) for k, v in stages.most_common()},
                        "labels": {k: round(v, 3) for k, v in self.cpu[i].most_common(top)}})
        return out


def per_chunk(rows: list[dict], merge: int = 1) -> list[dict]:
    """Phases merged `merge` at a time: CPU per stage, chunks committed in them (the library
    at the next phase's start less at this one's), and CPU ms per committed chunk."""
    out = []
    for i in range(0, len(rows) - 1, merge):
        group, after = rows[i:i + merge], rows[min(i + merge, len(rows) - 1)]
        stages: collections.Counter = collections.Counter()
        labels: collections.Counter = collections.Counter()
        for r in group:
            stages.update(r["stages"])
            labels.update(r.get("labels", {}))
        added = after["chunks"] - group[0]["chunks"]
        out.append({"t": group[0]["t"], "chunks_before": group[0]["chunks"], "docs_before": group[0]["docs"],
                    "chunks_added": added, "docs_added": after["docs"] - group[0]["docs"],
                    "rss_mib": max(r["rss_mib"] for r in group), "cpu_s": round(sum(stages.values()), 2),
                    "stages": dict(stages), "labels": dict(labels),
                    "ms_per_chunk": {k: round(1000 * v / added, 2) for k, v in stages.most_common()} if added else {}})
    return out


def show_labels(rows: list[dict], top: int) -> None:
    """The labels of the first and the last row side by side, in CPU ms per committed chunk."""
    first, last = rows[0], rows[-1]
    if not first["chunks_added"] or not last["chunks_added"]:
        return
    both = collections.Counter({k: v / last["chunks_added"] for k, v in last["labels"].items()})
    both.update({k: v / first["chunks_added"] for k, v in first["labels"].items()})
    print(f"labels, ms/chunk: first row (t {first['t']:.0f} s) | last row (t {last['t']:.0f} s)")
    for label, _ in both.most_common(top):
        a = 1000 * first["labels"].get(label, 0) / first["chunks_added"]
        b = 1000 * last["labels"].get(label, 0) / last["chunks_added"]
        print(f"  {a:7.2f} {b:7.2f}  {label.replace(chr(9), '  ')[:150]}")


def show(path: Path, merge: int, top: int, labels: int = 0) -> None:
    """Print a cpu_stages report's phases: per merged phase, CPU ms per committed chunk."""
    rep = json.loads(path.read_text("utf-8"))
    if "phases" not in rep:
        raise SystemExit(f"{path} has no phases (recorded by an older cpu_stages.py)")
    rows = per_chunk(rep["phases"]["rows"], merge)
    totals: collections.Counter = collections.Counter()
    for r in rows:
        totals.update(r["stages"])
    names = [k for k, _ in totals.most_common(top)]
    print("t_s  docs  chunks  +chunks  rss_MiB  cpu_s  ms/chunk: " + " ".join(names))
    for r in rows:
        cells = " ".join(f"{r['ms_per_chunk'].get(k, 0):.1f}" for k in names)
        print(f"{r['t']:6.0f} {r['docs_before']:5d} {r['chunks_before']:7d} {r['chunks_added']:6d} "
              f"{r['rss_mib']:6d} {r['cpu_s']:7.1f}  {cells}")
    if labels and rows:
        show_labels([r for r in rows if r["chunks_added"]], labels)


def main() -> None:
    """Print the phases of a saved cpu_stages report."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("report", type=Path)
    ap.add_argument("--merge", type=int, default=1, help="phases merged per printed row")
    ap.add_argument("--top", type=int, default=12, help="stages shown (by total CPU)")
    ap.add_argument("--labels", type=int, default=0,
                    help="also list this many labels, the first row's CPU per chunk beside the last's")
    args = ap.parse_args()
    show(args.report, args.merge, args.top, args.labels)


if __name__ == "__main__":
    main()
