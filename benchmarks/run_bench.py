"""Benchmark every retriever on the development sets and write benchmarks/RESULTS.md.

Uses only Folio's CLI (the contract in ARCHITECTURE.md), one process per step:

    python -m core --data-dir WORK/SET ingest-corpus BENCH/SET/corpus.jsonl   (idempotent)
    python -m core --data-dir WORK/SET eval --questions BENCH/SET/questions.jsonl \
        --retrievers NAME --k 2,5,10 --json

With `--train` (the default), gnn and iier are also trained on each passage set's own
questions (`python -m core train`), and every *other* set is evaluated with those weights
as extra rows "gnn (trained on SET)": a model is never scored on the set it was fit to.

BENCH is `--bench-dir`, else $FOLIO_BENCH_DIR, else ../shared/bench from the repository root.
pdfqa-dev is included when `--pdf-dir` names a folder holding its PDFs (fetch them with
`bash ../shared/bench/pdfqa-dev/fetch.sh PDF_DIR`); it is scored by answer_recall at 1, 5
and 10. Data dirs live under the work dir (default: folio-bench in the system temp folder)
and are reused: ingesting a corpus that is already there only checks it. Results:
benchmarks/RESULTS.md and benchmarks/results.json, with folders written as WORK_DIR,
PDF_DIR and the bench folder relative to the repository, never as this machine's paths.

    python benchmarks/run_bench.py [--work-dir DIR] [--pdf-dir DIR] [--bench-dir DIR]
        [--sets musique,hotpotqa-dev] [--retrievers dense,bm25] [--limit N] [--no-train]
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_paths, also when loaded by a test
from bench_paths import bench_dir, folders, portable  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
BENCH = bench_dir()
RETRIEVERS = ("dense", "bm25", "hybrid", "multiroute", "kgp", "gnn", "iier", "rgnn")
TRAINABLE = ("gnn", "iier")
REFERENCE = {
    "musique": "README reference (100 MuSiQue questions, same corpus): BM25 recall@5 0.51, "
               "dense 0.62, RRF 0.58.",
    "hotpotqa-dev": "",
    "pdfqa-dev": "README reference (naive 200-word windows): BM25 answer_recall@1 0.67, @5 0.88; "
                 "dense @1 0.54, @5 0.83; fusion @10 0.96.",
}


@dataclass(frozen=True)
class BenchSet:
    """One benchmark: where its inputs are and how it is scored."""

    name: str
    questions: Path
    corpus: Path | None  # a passage corpus, or None for a folder of PDFs
    pdf_dir: Path | None
    ks: str


def bench_sets(bench: Path, pdf_dir: Path | None) -> list[BenchSet]:
    """The sets whose inputs exist on this machine."""
    sets = [
        BenchSet(n, bench / n / "questions.jsonl", bench / n / "corpus.jsonl", None, "2,5,10")
        for n in ("musique", "hotpotqa-dev")
        if (bench / n / "corpus.jsonl").is_file()
    ]
    if pdf_dir is not None and pdf_dir.is_dir() and any(pdf_dir.glob("*.pdf")):
        sets.append(BenchSet("pdfqa-dev", bench / "pdfqa-dev" / "questions.jsonl", None, pdf_dir, "1,5,10"))
    return sets


def cli(data_dir: Path, *args: str, timeout: int = 7200) -> subprocess.CompletedProcess:
    """Run `python -m core --data-dir DATA_DIR ARGS...` from the repository root."""
    cmd = [sys.executable, "-m", "core", "--data-dir", str(data_dir), *args]
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    return subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=timeout)


def last_line(text: str) -> str:
    """The last non-empty line of a process's output (its one-line reason on failure)."""
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return lines[-1] if lines else "(no output)"


def ingest(bset: BenchSet, data_dir: Path) -> dict:
    """Ingest a set's corpus or PDFs (reused when present); return seconds and counts."""
    start = time.perf_counter()
    if bset.corpus is not None:
        proc = cli(data_dir, "ingest-corpus", str(bset.corpus))
    else:
        proc = cli(data_dir, "ingest", str(bset.pdf_dir))
    seconds = round(time.perf_counter() - start, 1)
    if proc.returncode != 0:
        raise SystemExit(f"ingest of {bset.name} failed: {last_line(proc.stderr or proc.stdout)}")
    stats = cli(data_dir, "stats", "--json")
    if stats.returncode != 0:
        raise SystemExit(f"stats of {bset.name} failed: {last_line(stats.stderr)}")
    graph = json.loads(stats.stdout)
    return {"seconds": seconds, "documents": graph["documents"], "chunks": graph["chunks"],
            "neighbours_per_chunk": graph["neighbours_per_chunk"], "log": last_line(proc.stdout)}


def train_models(bset: BenchSet, data_dir: Path, stash: Path) -> list[str]:
    """Fit gnn and iier on the set's own questions; move the weights to `stash` (so the set's
    own evaluation stays untrained). Returns what was trained."""
    trained = []
    for name in TRAINABLE:
        proc = cli(data_dir, "train", "--questions", str(bset.questions), "--retriever", name)
        if proc.returncode != 0:
            print(f"[{bset.name}] train {name}: {last_line(proc.stderr)}", flush=True)
            continue
        stash.mkdir(parents=True, exist_ok=True)
        shutil.move(str(data_dir / "models" / f"{name}.json"), stash / f"{name}.json")
        trained.append(name)
    return trained


def eval_one(bset: BenchSet, data_dir: Path, name: str, limit: int) -> tuple[int, dict]:
    """Evaluate one retriever in its own process; failures become {"error": reason}."""
    args = ["eval", "--questions", str(bset.questions), "--retrievers", name, "--k", bset.ks, "--json"]
    if limit:
        args += ["--limit", str(limit)]
    start = time.perf_counter()
    proc = cli(data_dir, *args)
    wall = round(time.perf_counter() - start, 1)
    if proc.returncode != 0:
        return 0, {"error": last_line(proc.stderr or proc.stdout), "wall_s": wall}
    try:
        report = json.loads(proc.stdout[proc.stdout.index("{"):])
    except ValueError:
        return 0, {"error": f"unreadable eval output: {last_line(proc.stdout)}", "wall_s": wall}
    metrics = dict(report["retrievers"].get(name, {"error": "missing from report"}))
    metrics["wall_s"] = wall
    return int(report.get("questions", 0)), metrics


def run_set(bset: BenchSet, work: Path, retrievers: list[str], limit: int, info: dict,
            stashes: dict[str, Path]) -> dict:
    """Evaluate every retriever on one set (untrained), then the trainable ones with the
    weights stashed from each other set."""
    data_dir = work / bset.name
    shutil.rmtree(data_dir / "models", ignore_errors=True)  # untrained unless a row says otherwise
    runs = [(name, name, None) for name in retrievers]
    runs += [(f"{name} (trained on {other})", name, stash) for other, stash in stashes.items()
             if other != bset.name for name in TRAINABLE if name in retrievers and (stash / f"{name}.json").is_file()]
    results: dict[str, dict] = {}
    questions = 0
    load_start = round(os.getloadavg()[0], 1)
    for label, name, stash in runs:
        if stash is not None:
            (data_dir / "models").mkdir(exist_ok=True)
            shutil.copy(stash / f"{name}.json", data_dir / "models" / f"{name}.json")
        n, metrics = eval_one(bset, data_dir, name, limit)
        shutil.rmtree(data_dir / "models", ignore_errors=True)
        questions = max(questions, n)
        results[label] = metrics
        shown = metrics.get("error") or ", ".join(f"{k} {v}" for k, v in metrics.items())
        print(f"[{bset.name}] {label}: {shown}", flush=True)
    load = f"{load_start} at start, {round(os.getloadavg()[0], 1)} at end"
    return {"ingest": info, "questions": questions, "ks": bset.ks, "load_avg_1min": load, "retrievers": results}


def machine() -> str:
    """CPU model, core count, memory and Python version, in words."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
        mem_kb = next(int(l.split()[1]) for l in Path("/proc/meminfo").read_text().splitlines()
                      if l.startswith("MemTotal"))
        mem = f", {mem_kb / 1024 / 1024:.0f} GiB RAM"
    except (OSError, StopIteration, ValueError):
        mem = ""
    return f"{model}, {os.cpu_count()} cores visible{mem}, Python {platform.python_version()}, CPU only"


def table(set_result: dict) -> list[str]:
    """A Markdown table: one row per retriever, one column per metric."""
    rows = set_result["retrievers"]
    cols: list[str] = []
    for metrics in rows.values():
        cols += [k for k in metrics if k not in cols and k not in ("error", "wall_s")]
    out = ["| retriever | " + " | ".join(cols) + " | eval wall s |",
           "|---|" + "---:|" * (len(cols) + 1)]
    for name, metrics in rows.items():
        if "error" in metrics:
            out.append(f"| {name} | " + f"not run: {metrics['error']}".replace("|", "/")
                       + " |" * len(cols) + f" {metrics.get('wall_s', '')} |")
            continue
        cells = [_fmt(c, metrics.get(c)) for c in cols]
        out.append(f"| {name} | " + " | ".join(cells) + f" | {metrics.get('wall_s', '')} |")
    return out


def _fmt(key: str, value) -> str:
    """Metric cell: 1 decimal for milliseconds, 3 for rates, blank when absent."""
    if value is None:
        return ""
    return f"{value:.1f}" if key.startswith("latency") else f"{value:.3f}"


def load_previous(path: Path) -> dict:
    """Earlier results (so a run over some sets keeps the others); empty when unreadable."""
    try:
        old = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    sets = old.get("sets", {}) if isinstance(old, dict) else {}
    for res in sets.values():  # older files kept date/machine/command at the top only
        for key in ("date", "machine", "command"):
            res.setdefault(key, old.get(key, "?"))
        res["command"] = portable(res["command"], folders(BENCH))  # older files kept machine paths
        if "log" in res.get("ingest", {}):
            res["ingest"]["log"] = portable(res["ingest"]["log"], folders(BENCH))
    return sets


def write_results(sets: dict) -> None:
    """benchmarks/RESULTS.md (tables) and benchmarks/results.json (raw numbers)."""
    (HERE / "results.json").write_text(json.dumps({"sets": sets}, indent=1) + "\n", "utf-8")
    lines = ["# Folio retrieval benchmarks", "",
             "Written by `benchmarks/run_bench.py` (see its docstring); each section names its "
             "own command, date and machine.", "",
             "Metrics as defined in the bench folder's README.md (../shared/bench). Every retriever is asked for "
             "100 chunks per question (mrr and log_rank_index use that list, the @k metrics its "
             "top k); log_rank_index takes N = the chunks in the library for every retriever, "
             "a gold chunk beyond the 100 counting as rank N. Latency is one `retrieve` call, query embedding included, after one untimed "
             "warm-up call; on a busy CPU it is dominated by the query embedding (each result's "
             "`timings_ms` splits embed / search / fuse). No LLM is configured: LLM-only "
             "retrievers say why they did not run.", ""]
    for name, res in sets.items():
        ing = res["ingest"]
        lines += [f"## {name}", "",
                  f"- command: `{res['command']}`", f"- date: {res['date']}",
                  f"- machine: {res['machine']}; 1-minute load average during the evals: "
                  f"{res.get('load_avg_1min', '?')} (latency is wall time on a shared machine)",
                  f"- {res['questions']} questions; {ing['documents']} documents, {ing['chunks']} "
                  f"chunks; ingest step {ing['seconds']} s (little work when the data dir was reused)",
                  "- graph density (chunk neighbours per chunk, `python -m core stats`): "
                  + ", ".join(f"{k} {v}" for k, v in ing.get("neighbours_per_chunk", {}).items()),
                  ""]
        lines += table(res)
        if REFERENCE.get(name):
            lines += ["", REFERENCE[name]]
        lines.append("")
    lines += ["Raw numbers: benchmarks/results.json.", ""]
    (HERE / "RESULTS.md").write_text("\n".join(lines), "utf-8")


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run the sets, write the results (keeping earlier results of other sets)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--work-dir", default=Path(tempfile.gettempdir()) / "folio-bench", type=Path)
    parser.add_argument("--pdf-dir", default=None, type=Path, help="folder of the pdfqa-dev PDFs")
    parser.add_argument("--bench-dir", default=BENCH, type=Path, help="default: $FOLIO_BENCH_DIR or ../shared/bench")
    parser.add_argument("--sets", default="", help="comma-separated subset of the available sets")
    parser.add_argument("--retrievers", default=",".join(RETRIEVERS))
    parser.add_argument("--limit", type=int, default=0, help="only the first N questions per set")
    parser.add_argument("--no-train", action="store_true", help="skip the trained-on-the-other-set rows")
    parser.add_argument("--render", action="store_true", help="only rewrite RESULTS.md from results.json")
    args = parser.parse_args(argv)
    if args.render:
        write_results(load_previous(HERE / "results.json"))
        return 0
    wanted = {s.strip() for s in args.sets.split(",") if s.strip()}
    sets = [s for s in bench_sets(args.bench_dir, args.pdf_dir) if not wanted or s.name in wanted]
    if not sets:
        raise SystemExit(f"no benchmark sets found (wanted: {sorted(wanted) or 'all'}) under {args.bench_dir}")
    names = [n.strip() for n in args.retrievers.split(",") if n.strip()]
    named = folders(args.bench_dir, args.work_dir, args.pdf_dir)
    command = portable(" ".join(["python benchmarks/run_bench.py", *(sys.argv[1:] if argv is None else argv)]),
                       named)
    results = load_previous(HERE / "results.json")
    infos, stashes = {}, {}
    for bset in sets:
        print(f"[{bset.name}] ingesting into {args.work_dir / bset.name} ...", flush=True)
        infos[bset.name] = info = ingest(bset, args.work_dir / bset.name)
        info["log"] = portable(info["log"], named)
        print(f"[{bset.name}] {info['documents']} documents, {info['chunks']} chunks ({info['seconds']} s); "
              f"neighbours per chunk {info['neighbours_per_chunk']}", flush=True)
        if not args.no_train and bset.corpus is not None:
            stash = args.work_dir / "trained" / bset.name
            if train_models(bset, args.work_dir / bset.name, stash):
                stashes[bset.name] = stash
    for bset in sets:
        res = run_set(bset, args.work_dir, names, args.limit, infos[bset.name], stashes)
        res.update(date=dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                   machine=machine(), command=command)
        results[bset.name] = res
        write_results(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
