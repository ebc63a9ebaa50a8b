"""Structural questions generated from the pdfqa-dev manuals, and page_hit@k for every retriever.

Questions come from each PDF's own outline and page labels (nothing from Folio):

    page by label      "What is on page 17 of ssh-4.15.2.pdf?"       (labels unique in the PDF)
    section by number  "Open section 1.2 of the usage manual."       (number printed before the
                                                                      outline title on its page)
    section by title   "Show me the 'Relocation' section of usage.pdf."

Each has `evidence: [{"file", "page"}]` (the physical page). The documents are named by file
name, by the file's stem without version ("the ssh manual") or by the PDF's title, in turn.

Each library is scored by a child process that imports the `core` package of a given source
tree, so the code before a change and after it are measured in one run on the same
questions:

    python benchmarks/structural_questions.py --pdfs PDF_DIR \\
        --run before=BASE_SRC:BASE_DATA --run after=.:NEW_DATA [--k 1,3] [--per-kind 5] \\
        [--questions-out q.jsonl] [--json-out results.json]

Only `Library.open`, `Library.documents` and `Library.retrieve` are used, so any version of
Folio can be scored. Physical pages are compared with each chunk's page span (page_hit@k of
the bench README).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

RETRIEVERS = ("dense", "bm25", "hybrid", "multiroute", "kgp", "gnn", "iier")
_NUMBERED = re.compile(r"^(\d+(?:\.\d+)*)\.?\s+(\S.*)$")
_VERSION = re.compile(r"[-_ ]v?\d+(?:\.\d+)+$")


def norm(text: str) -> str:
    """Lower-case words only, for comparing outline titles with printed headings."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def names(pdf: Path, title: str) -> list[str]:
    """How a question may name the PDF: file name, 'the <stem> manual', its title."""
    stem = _VERSION.sub("", re.sub(r"\.(en|doc)$", "", pdf.stem))
    forms = [pdf.name, f"the {re.sub(r'[-_.]+', ' ', stem)} manual"]
    return forms + ([title] if title.strip() else [])


def pdf_questions(pdf: Path, per_kind: int, rng: random.Random) -> list[dict]:
    """Questions of the three kinds for one PDF, at most `per_kind` of each."""
    import pymupdf

    with pymupdf.open(pdf) as doc:
        labels = [(p.get_label() or str(p.number + 1)).strip() for p in doc]
        toc = [(lvl, " ".join(t.split()), page) for lvl, t, page in doc.get_toc() if 1 <= page <= doc.page_count]
        lines = {page: [" ".join(l.split()) for l in doc[page - 1].get_text().splitlines()]
                 for _, _, page in toc}
        forms = names(pdf, (doc.metadata or {}).get("title", ""))
    titles = [norm(t) for _, t, _ in toc]
    by_title = [(t, p) for (_, t, p), n in zip(toc, titles) if titles.count(n) == 1 and re.search(r"[a-z]{3}", n)]
    numbered = []
    for _, title, page in toc:
        for line in lines[page]:
            found = _NUMBERED.match(line)
            if found and norm(found.group(2)) == norm(title):
                numbered.append((found.group(1), page))
                break
    numbers = [n for n, _ in numbered]
    numbered = [(n, p) for n, p in numbered if numbers.count(n) == 1]
    unique = [(lab, i + 1) for i, lab in enumerate(labels) if labels.count(lab) == 1]
    made = []
    for kind, pool, text in (
            ("page-label", unique, "What is on page {0} of {name}?"),
            ("section-number", numbered, "Open section {0} of {name}."),
            ("section-title", by_title, "Show me the '{0}' section of {name}.")):
        for i, (value, page) in enumerate(rng.sample(pool, min(per_kind, len(pool)))):
            made.append({"id": f"struct-{kind}-{pdf.stem}-{i}", "type": kind,
                         "question": text.format(value, name=forms[(len(made)) % len(forms)]),
                         "evidence": [{"file": pdf.name, "page": page}]})
    return made


def generate(pdf_dir: Path, per_kind: int, seed: int = 7) -> list[dict]:
    """Questions for every PDF in the folder (sorted by name, fixed seed: reproducible)."""
    rng = random.Random(seed)
    return [q for pdf in sorted(pdf_dir.glob("*.pdf")) for q in pdf_questions(pdf, per_kind, rng)]


def score(data_dir: str, questions: list[dict], retrievers: list[str], ks: list[int]) -> dict:
    """page_hit@k per retriever (overall and per kind), in this process's `core`."""
    from core.errors import FolioError
    from core.library import Library

    lib = Library.open(data_dir)
    files = {d.doc_id: Path(d.source.split("#", 1)[0]).name for d in lib.documents()}
    out: dict = {}
    for name in retrievers:
        ranks = []
        try:
            for q in questions:
                chunks = [sc.chunk for sc in lib.retrieve(q["question"], name, max(ks)).chunks]
                wanted = {(e["file"], e["page"]) for e in q["evidence"]}
                ranks.append(next((r for r, c in enumerate(chunks, 1) if any(
                    files.get(c.doc_id) == f and c.page_start <= p <= max(c.page_start, c.page_end)
                    for f, p in wanted)), None))
        except FolioError as exc:
            out[name] = {"error": str(exc)}
            continue
        out[name] = {"all": hits(ranks, ks)}
        for kind in sorted({q["type"] for q in questions}):
            out[name][kind] = hits([r for r, q in zip(ranks, questions) if q["type"] == kind], ks)
    return out


def hits(ranks: list, ks: list[int]) -> dict:
    """page_hit@k for each k over the given first-hit ranks."""
    return {f"page_hit@{k}": round(sum(1 for r in ranks if r is not None and r <= k) / max(1, len(ranks)), 4)
            for k in ks} | {"questions": len(ranks)}


def run_child(label: str, src: Path, data: str, qfile: Path, retrievers: list[str], ks: list[int]) -> dict:
    """Score one library with the `core` of source tree `src` (a child process)."""
    env = {**os.environ, "PYTHONPATH": str(src.resolve()), "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    cmd = [sys.executable, str(Path(__file__).resolve()), "--score", data, "--questions-in", str(qfile),
           "--retrievers", ",".join(retrievers), "--k", ",".join(map(str, ks))]
    proc = subprocess.run(cmd, cwd=src, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"{label}: scoring failed\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def table(results: dict, ks: list[int]) -> str:
    """A Markdown table: one row per retriever, page_hit@k per run."""
    runs = list(results)
    head = "| retriever | " + " | ".join(f"{r} page_hit@{k}" for r in runs for k in ks) + " |"
    rows = [head, "|" + "---|" * (1 + len(runs) * len(ks))]
    for name in results[runs[0]]:
        cells = [str(results[r].get(name, {}).get("all", {}).get(f"page_hit@{k}", "error")) for r in runs for k in ks]
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main() -> None:
    """Generate the questions, score every run, print the table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pdfs", type=Path, help="folder of the pdfqa-dev PDFs")
    ap.add_argument("--run", action="append", default=[], help="LABEL=SRC:DATA_DIR (repeatable)")
    ap.add_argument("--retrievers", default=",".join(RETRIEVERS))
    ap.add_argument("--k", default="1,3")
    ap.add_argument("--per-kind", type=int, default=5, help="questions of each kind per PDF")
    ap.add_argument("--questions-out", type=Path, help="write the generated questions (JSONL) here")
    ap.add_argument("--questions-in", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--score", help=argparse.SUPPRESS)  # child mode: DATA_DIR
    ap.add_argument("--json-out", type=Path)
    args = ap.parse_args()
    ks = [int(k) for k in args.k.split(",")]
    retrievers = [r for r in args.retrievers.split(",") if r]
    if args.score:
        questions = [json.loads(l) for l in args.questions_in.read_text("utf-8").splitlines() if l.strip()]
        print(json.dumps(score(args.score, questions, retrievers, ks)))
        return
    if args.pdfs is None or not args.pdfs.is_dir():
        ap.error("--pdfs must be the folder of the pdfqa-dev PDFs (bash ../shared/bench/pdfqa-dev/fetch.sh DIR)")
    questions = generate(args.pdfs, args.per_kind)
    qfile = args.questions_out or Path(tempfile.gettempdir()) / "folio-structural-questions.jsonl"
    qfile.write_text("".join(json.dumps(q) + "\n" for q in questions), "utf-8")
    kinds = {k: sum(1 for q in questions if q["type"] == k) for k in sorted({q["type"] for q in questions})}
    print(f"{len(questions)} questions ({kinds}) written to {qfile}")
    results = {}
    for spec in args.run:
        label, _, rest = spec.partition("=")
        src, _, data = rest.rpartition(":")
        results[label] = run_child(label, Path(src or "."), data, qfile, retrievers, ks)
    if results:
        print(table(results, ks))
    if args.json_out:
        args.json_out.write_text(json.dumps({"questions": len(questions), "kinds": kinds, "runs": results}, indent=1))


if __name__ == "__main__":
    main()
