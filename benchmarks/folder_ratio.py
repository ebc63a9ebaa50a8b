"""A watched folder of N generated PDFs, ingested as a user does, against an embedding-only reference.

    python benchmarks/folder_ratio.py [--pdfs 1000] [--pages 26] [--seed 7] --source PDFQA_PDFS
                                      [--reference-sample 0] [--code DIR]... [--worker cli|background]
                                      [--reference-embedded] [--cpu-stages] [--work-dir DIR] [--json]

Builds N PDFs by recombining pages of the pdfqa-dev manuals, ingests the folder through the
CLI (`folders add`, then `sync`) once per `--code` checkout while watching the whole process
tree with psutil (peak RSS, per process too, and CPU seconds), and times plain
sentence-transformers over the chunk texts Folio stored before and after the ingests.
`--cpu-stages` runs `sync` under benchmarks/cpu_stages.py (CPU seconds per stage). The
method, the report's fields and the expected run times: benchmarks/folder_ratio_lib.py.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from core.locks import file_lock, is_locked  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cpu_timeline import summarise  # noqa: E402
from folder_ratio_lib import TreeWatch, build_pdfs  # noqa: E402
from folder_same import same_library  # noqa: E402
from ingest_ratio import model_path  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
SUMMARY = re.compile(r" in [\d.]+s \(([^)]*)\)")
REFERENCE = """
import json, sys, time
start, cpu0 = time.perf_counter(), time.process_time()
from sentence_transformers import SentenceTransformer
texts = json.load(open(sys.argv[1], encoding="utf-8"))
model = SentenceTransformer(sys.argv[2], device="cpu")
loaded, cpu1 = time.perf_counter(), time.process_time()
model.encode(texts, batch_size=32, normalize_embeddings=True, show_progress_bar=False)
print(json.dumps({"load_s": loaded - start, "encode_s": time.perf_counter() - loaded,
                  "load_cpu_s": cpu1 - cpu0, "encode_cpu_s": time.process_time() - cpu1}))
"""  # benchmarks/ingest_ratio.py's reference, with the CPU seconds of its two parts


def cli(args: list[str], data_dir: Path, watch: TreeWatch, env: dict, log: list[str], code: Path,
        profile: Path | None = None) -> None:
    """Run `python -m core --data-dir DATA ARGS` from checkout `code`, sampling the tree until it
    exits; with `profile`, under benchmarks/cpu_stages.py, its report written there."""
    runner = ["-m", "core"] if profile is None else [str(Path(__file__).with_name("cpu_stages.py")), str(profile), "--"]
    with tempfile.TemporaryFile("w+") as out:
        proc = psutil.Popen([sys.executable, *runner, "--data-dir", str(data_dir), *args],
                            cwd=code, env=env, stdout=out, stderr=subprocess.STDOUT, text=True)
        while proc.poll() is None:
            watch.sample([proc])
            time.sleep(0.2)
        out.seek(0)
        log.append(out.read())
    if proc.returncode not in (0,):
        raise SystemExit(f"{' '.join(args)} exited {proc.returncode}: {log[-1].strip().splitlines()[-3:]}")


def ingest_folder(folder: Path, data_dir: Path, code: Path = REPO, worker: str = "cli",
                  profile: Path | None = None) -> dict:
    """`folders add` then `sync` from checkout `code`, timed from the first start to the second's
    exit. `worker` "cli": the benchmark holds the worker lock while `folders add` runs, so no
    background worker starts and `sync` adds the files in its own process (full priority, every
    core), as `ingest` does; "background": the worker `folders add` starts adds them (lower
    priority, half the cores, as for the app) and `sync` follows it."""
    env = {**os.environ, "PYTHONPATH": str(code), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
           "TOKENIZERS_PARALLELISM": "false"}
    watch, log = TreeWatch(str(data_dir)), []
    load = os.getloadavg()[:2]
    start = time.perf_counter()
    data_dir.mkdir(parents=True, exist_ok=True)
    with file_lock(data_dir / ".worker.lock", blocking=False) if worker == "cli" else contextlib.nullcontext():
        cli(["folders", "add", str(folder)], data_dir, watch, env, log, code)
    if worker == "background":
        _wait_until(lambda: is_locked(data_dir / ".worker.lock"), 120)
    cli(["sync"], data_dir, watch, env, log, code, profile)
    wall = time.perf_counter() - start
    row = {"wall_s": wall, "cpu_s": sum(watch.cpu.values()), "peak_rss_mib": watch.peak_rss / 2**20,
           "cpu_s_by_process": {k: round(v, 2) for k, v in sorted(watch.cpu_by_process.items())},
           "load_1min_before": load[0], "load_5min_before": load[1], "load_1min_after": os.getloadavg()[0],
           "processes": sorted(watch.processes),
           "peak_rss_mib_by_process": {k: round(v / 2**20) for k, v in sorted(watch.peak_by_process.items())}}
    stages: dict[str, float] = {}
    for match in SUMMARY.finditer("\n".join(log)):
        for part in match.group(1).split(", "):
            name, secs = part.split()
            stages[name] = round(stages.get(name, 0.0) + float(secs.rstrip("s")), 2)
    row["stages_s"] = stages
    row["files_reported_by_cli"] = sum(1 for _ in SUMMARY.finditer("\n".join(log)))
    if profile is not None and profile.is_file():
        report = json.loads(profile.read_text("utf-8"))
        row["sync_cpu_stages_s"] = {**report["stages"], "process": report["process_cpu_s"]}
        if "timeline" in report:  # where the cores idled (benchmarks/cpu_timeline.py)
            row["timeline"] = summarise(report["timeline"]["rows"], report["timeline"]["bucket_s"], os.cpu_count())
    _wait_worker_exit(watch, data_dir)
    return row


def _wait_until(condition, deadline_s: float) -> None:
    """Poll `condition` every 0.1 s until it holds or the deadline passes."""
    end = time.monotonic() + deadline_s
    while time.monotonic() < end and not condition():
        time.sleep(0.1)


def _wait_worker_exit(watch: TreeWatch, data_dir: Path, deadline_s: float = 120) -> None:
    """The detached worker lingers a few seconds after the queue empties; let it go."""
    end = time.monotonic() + deadline_s
    while time.monotonic() < end and any(str(data_dir) in " ".join(p.info["cmdline"] or [])
                                         for p in psutil.process_iter(["cmdline"])):
        time.sleep(0.5)


def reference(texts: list[str], sample: int, tmp: Path) -> dict:
    """Plain sentence-transformers over the texts in a fresh process (or a fixed sample,
    its encode wall and CPU seconds scaled to all of them)."""
    chosen = random.Random(0).sample(texts, sample) if 0 < sample < len(texts) else texts
    path = tmp / "reference.json"
    path.write_text(json.dumps(chosen), "utf-8")
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    load = os.getloadavg()[:2]
    with tempfile.TemporaryFile("w+") as out:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", REFERENCE, str(path), model_path()], env=env,
                                stdout=out, text=True)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        out.seek(0)
        inner = json.loads(out.read().strip().splitlines()[-1])
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit("the reference run failed")
    scale = len(texts) / len(chosen)
    cpu = usage.ru_utime + usage.ru_stime
    return {"wall_s": wall + inner["encode_s"] * (scale - 1),
            "cpu_s": cpu + inner["encode_cpu_s"] * (scale - 1),
            "measured_wall_s": wall, "measured_cpu_s": cpu, "texts": len(chosen), "scale": round(scale, 3),
            "load_s": inner["load_s"], "encode_s": inner["encode_s"], "peak_rss_mib": usage.ru_maxrss / 1024,
            "load_1min_before": load[0], "load_5min_before": load[1], "load_1min_after": os.getloadavg()[0]}


def chunk_texts(data_dir: Path) -> tuple[list[str], int]:
    """The text of every chunk Folio stored, and the number of documents."""
    with sqlite3.connect(data_dir / "catalog.sqlite") as db:
        texts = [r[0] for r in db.execute("SELECT text FROM chunks ORDER BY doc_id, position")]
        docs = db.execute("SELECT COUNT(*) FROM documents WHERE status = 'ready'").fetchone()[0]
    return texts, docs


def embedded_texts(data_dir: Path) -> list[str]:
    """Everything Folio embedded: each chunk's embed text (heading path and text) and each
    table row's entry (core/index/row_entries.py), for the reference that does Folio's work."""
    from core.index.catalog import Catalog
    from core.index.row_entries import row_entries

    catalog = Catalog(data_dir / "catalog.sqlite")
    try:
        chunks = catalog.all_chunks()
    finally:
        catalog.close()
    return [c.embed_text for c in chunks] + [text for _, text, _ in row_entries(chunks)]


def rounded(row: dict) -> dict:
    """Floats to 2 decimals for the report."""
    return {k: round(v, 2) if isinstance(v, float) else v for k, v in row.items()}


def measure(args: argparse.Namespace, work: Path) -> dict:
    """Build the folder, warm the file cache, then reference, each checkout's ingest, reference."""
    folder = work / "folder"
    shutil.rmtree(folder, ignore_errors=True)
    built = time.perf_counter()
    pdfs = build_pdfs(args.source, folder, args.pdfs, args.pages, args.seed)
    built = time.perf_counter() - built
    for pdf in pdfs:  # the file cache holds the PDFs for every run alike
        pdf.read_bytes()
    # the chunk texts are known only after an ingest: "before" encodes those of an earlier run
    # with the same folder (kept in the work dir, or --reference-texts); else "after" runs twice
    saved = args.reference_texts or work / f"texts-{args.pdfs}-{args.pages}-{args.seed}.json"
    before_texts = json.loads(saved.read_text("utf-8")) if saved.is_file() else None
    refs = [reference(before_texts, args.reference_sample, work)] if before_texts and not args.no_reference else []
    folio, counts = {}, {}
    for n, code in enumerate(args.code or [REPO]):
        data_dir = work / f"lib-{n}"
        shutil.rmtree(data_dir, ignore_errors=True)
        profile = work / f"cpu-stages-{n}.json" if args.cpu_stages else None
        folio[str(code)] = rounded(ingest_folder(folder, data_dir, code, args.worker, profile))
        texts, docs = chunk_texts(data_dir)
        counts[str(code)] = {"documents": docs, "chunks": len(texts)}
        if n:  # what retrieval reads must not depend on the checkout's scheduling
            counts[str(code)]["same_as_first"] = same_library(work / "lib-0", data_dir)
    (work / f"texts-{args.pdfs}-{args.pages}-{args.seed}.json").write_text(json.dumps(texts), "utf-8")
    if args.no_reference:  # comparing checkouts with each other only (a loaded machine)
        return {"pdfs": len(pdfs), "counts": counts, "folio": folio}
    refs += [reference(texts, args.reference_sample, work) for _ in range(2 - len(refs))]
    same_work = None
    if args.reference_embedded:  # the embedding work Folio itself does (rows, heading paths)
        embedded = embedded_texts(data_dir)
        same_work = {**rounded(reference(embedded, args.reference_sample, work)), "embedded_texts": len(embedded)}
    ref_wall = sum(r["wall_s"] for r in refs) / len(refs)
    ref_cpu = sum(r["cpu_s"] for r in refs) / len(refs)
    for row in folio.values():
        row["wall_ratio"] = round(row["wall_s"] / ref_wall, 3)
        row["cpu_ratio"] = round(row["cpu_s"] / ref_cpu, 3)
        if same_work:
            row["wall_ratio_same_work"] = round(row["wall_s"] / same_work["wall_s"], 3)
            row["cpu_ratio_same_work"] = round(row["cpu_s"] / same_work["cpu_s"], 3)
    return {"pdfs": len(pdfs), **counts[str(code)], "counts": counts, "cpus": os.cpu_count(),
            "build_s": round(built, 1), "quiet": all(r["load_1min_before"] < 1 and r["load_1min_after"] < 1
                                                     for r in [*folio.values(), *refs]),
            "folio": folio, "reference": {"wall_s": round(ref_wall, 2), "cpu_s": round(ref_cpu, 2),
                                          "reference_drift": round(refs[-1]["wall_s"] / refs[0]["wall_s"], 3),
                                          "runs": [rounded(r) for r in refs]},
            "reference_same_work": same_work}


def main() -> None:
    """Parse the options, measure, print the report (JSON)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pdfs", type=int, default=1000, help="how many PDFs the folder holds")
    ap.add_argument("--pages", type=int, default=26, help="pages per PDF (~2 chunks a page)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--source", type=Path, required=True,
                    help="folder of the pdfqa-dev manuals (bash ../shared/bench/pdfqa-dev/fetch.sh DIR)")
    ap.add_argument("--reference-sample", type=int, default=0,
                    help="encode a fixed random sample of this many chunk texts, scaled (0: all)")
    ap.add_argument("--reference-texts", type=Path, default=None,
                    help="texts-*.json of an earlier run with the same folder, for the reference before the ingest "
                         "(default: the work dir's, when there)")
    ap.add_argument("--reference-embedded", action="store_true",
                    help="also time the reference over everything the last checkout embedded (chunk embed "
                         "texts with heading paths, table rows), once after the ingests")
    ap.add_argument("--code", type=Path, action="append", default=[],
                    help="checkout to run folio from (repeatable, e.g. before and after; default: this one)")
    ap.add_argument("--worker", choices=("cli", "background"), default="cli",
                    help="who adds the files: the `sync` command itself, or the background worker")
    ap.add_argument("--cpu-stages", action="store_true",
                    help="run `sync` under benchmarks/cpu_stages.py: its CPU seconds per stage in the report, "
                         "the labels in WORK/cpu-stages-N.json (N: the --code's index)")
    ap.add_argument("--no-reference", action="store_true",
                    help="skip the reference runs: compare the --code checkouts only")
    ap.add_argument("--work-dir", type=Path, default=None, help="keep the folder and library here")
    ap.add_argument("--json", action="store_true", help="one line of JSON")
    args = ap.parse_args()
    args.code = [c.resolve() for c in args.code]
    if args.work_dir is not None:
        args.work_dir.mkdir(parents=True, exist_ok=True)
        report = measure(args, args.work_dir.resolve())
    else:
        with tempfile.TemporaryDirectory(prefix="folder-ratio-") as tmp:
            report = measure(args, Path(tmp))
    print(json.dumps(report, indent=None if args.json else 1))


if __name__ == "__main__":
    main()
