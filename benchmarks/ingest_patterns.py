"""Do pdfqa-dev answer patterns survive Folio's PDF ingestion?

For each question, parse its evidence PDFs with `pdf_to_markdown` + `chunk_markdown` and
count the patterns that match the text of at least one chunk (whitespace collapsed,
case-insensitive), as the benchmark scores retrieval hits. A second count reads table
chunks with the Markdown cell separators folded to spaces (`| a | b |` -> `a b`), since
a pattern written against the PDF's plain text can span two cells of a table row.

    python benchmarks/ingest_patterns.py --pdf-dir PDF_DIR [--questions Q.jsonl] [--json]

Needs the PDFs: `bash ../shared/bench/pdfqa-dev/fetch.sh PDF_DIR`. The questions default to
pdfqa-dev's in $FOLIO_BENCH_DIR, else ../shared/bench from the repository root.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path

from core.config import ChunkingSettings
from core.ingest.chunking import chunk_markdown
from core.ingest.pdf import pdf_to_markdown

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_paths import bench_dir  # noqa: E402

BENCH = bench_dir()


def chunk_texts(pdf: Path, settings: ChunkingSettings, assets: Path) -> list[tuple[str, str]]:
    """(collapsed text, collapsed text with table pipes folded) of every chunk of one PDF."""
    parsed = pdf_to_markdown(pdf, assets / pdf.stem)
    _, chunks = chunk_markdown(pdf.stem, parsed.title, parsed.markdown, settings)
    out = []
    for c in chunks:
        plain = re.sub(r"\s+", " ", c.text)
        folded = plain
        if c.kind == "table":
            folded = re.sub(r"\s+", " ", re.sub(r"\|(-{3}\|)+|(?<!\\)\|", " ", c.text)).strip()
        out.append((plain, folded))
    return out


def main(argv: list[str] | None = None) -> int:
    """Print per-pattern survival and the overall share; exit 1 if PDFs are missing."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pdf-dir", required=True, help="folder of the pdfqa-dev PDFs")
    ap.add_argument("--questions", default=str(BENCH / "pdfqa-dev" / "questions.jsonl"))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    questions = [json.loads(l) for l in open(args.questions, encoding="utf-8") if l.strip()]
    settings = ChunkingSettings()
    cache: dict[str, list[str]] = {}
    hits = folded_hits = total = q_all = 0
    missed: list[str] = []
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for q in questions:
            files = sorted({e["file"] for e in q["evidence"]})
            texts: list[tuple[str, str]] = []
            for f in files:
                pdf = Path(args.pdf_dir) / f
                if not pdf.is_file():
                    print(f"missing {pdf}; run fetch.sh", file=sys.stderr)
                    return 1
                if f not in cache:
                    cache[f] = chunk_texts(pdf, settings, Path(tmp))
                texts += cache[f]
            ok = [any(re.search(p, t, re.I) for t, _ in texts) for p in q["answer_patterns"]]
            folded_hits += sum(any(re.search(p, f, re.I) for _, f in texts) for p in q["answer_patterns"])
            hits += sum(ok)
            total += len(ok)
            q_all += all(ok)
            missed += [f"{q['id']}: {p}" for p, good in zip(q["answer_patterns"], ok) if not good]
    result = {"patterns": total, "patterns_matched": hits, "share": round(hits / total, 3),
              "patterns_matched_table_pipes_folded": folded_hits,
              "questions": len(questions), "questions_all_matched": q_all,
              "missed": missed, "seconds": round(time.perf_counter() - start, 1)}
    print(json.dumps(result, indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
