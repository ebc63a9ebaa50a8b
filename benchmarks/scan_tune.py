"""Compare OCR settings on the evidence pages of one part of the questions, page by page.

    python benchmarks/scan_tune.py PDF_DIR --questions Q.jsonl --part tune \
        [--variants ";dpi=400;psm=6;src=native;best=4/6"] [--only FILE:PAGE,...] [--scan-dpi 200] \
        [--degrade] [--json OUT]

Each evidence page of the part's questions (`tune`: even question numbers, `test`: odd; the
settings are chosen on `tune` and `test` is only reported) is made a scan as scan_pdfs.py
makes it, read by Folio's OCR stage with each variant (the empty variant is Folio's shipped
settings; keys in scan_variants.py: render dpi and source, Tesseract --psm and variables,
deskew/denoise, binarisation, best of two modes by confidence), and compared with
the born-digital page: word error rate (words hyphenated at a line end joined, NFKC) and
how many answer patterns found on the digital page are still found on the OCR'd one
(whitespace collapsed, as the evaluation matches chunks). CPU s: this process and the
Tesseract program per page, which a loaded machine does not inflate.
"""
from __future__ import annotations

import argparse
import json
import re
import resource
import statistics
import sys
from pathlib import Path

import pymupdf
from rapidfuzz.distance import Levenshtein

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.scan_pdfs import picture  # noqa: E402
from benchmarks.scan_variants import read_variant  # noqa: E402
from core.ingest.pdf.markdown import join_lines  # noqa: E402


def page_text(text: str) -> str:
    """Line-end hyphens joined, whitespace collapsed: both sides are compared on this."""
    return " ".join(join_lines([ln.strip() for ln in text.splitlines() if ln.strip()]).split())


def evidence_pages(questions: Path, part: str) -> dict[tuple[str, int], list[str]]:
    """(file, 1-based page) -> the answer patterns of the part's questions citing it."""
    pages: dict[tuple[str, int], list[str]] = {}
    for line in questions.read_text().splitlines():
        if not line.strip():
            continue
        q = json.loads(line)
        if (int(re.sub(r"\D", "", q["id"])) % 2 == 0) != (part == "tune"):
            continue
        for ev in q.get("evidence", []):
            pages.setdefault((ev["file"], ev["page"]), []).extend(q.get("answer_patterns", []))
    return pages


def _cpu() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def run(pdfs: Path, pages: dict, specs: list[str], scan_dpi: int, degrade: bool) -> dict:
    """Per variant: mean WER, patterns kept / patterns on the digital pages, CPU s a page."""
    rows: dict[str, list[tuple[float, int, int, float]]] = {s: [] for s in specs}
    for (name, number), patterns in sorted(pages.items()):
        with pymupdf.open(pdfs / name) as doc, pymupdf.open() as scan:
            page = doc[number - 1]
            digital = page_text(page.get_text())
            new = scan.new_page(width=page.rect.width, height=page.rect.height)
            new.insert_image(new.rect, stream=picture(page, scan_dpi, degrade, number))
            wanted = [p for p in patterns if re.search(p, digital, re.I)]
            for spec in specs:
                cpu0 = _cpu()
                text, conf = read_variant(new, spec)
                ocr = page_text(text)
                wer = Levenshtein.distance(digital.split(), ocr.split()) / max(1, len(digital.split()))
                kept = sum(bool(re.search(p, ocr, re.I)) for p in wanted)
                rows[spec].append((wer, kept, len(wanted), _cpu() - cpu0))
                print(f"{name}:{number} {spec or 'base'}: WER {wer:.3f} patterns {kept}/{len(wanted)} "
                      f"conf {conf:.1f}", flush=True)
    return {s: {"pages": len(r), "wer": round(statistics.mean(x[0] for x in r), 4),
                "wer_median": round(statistics.median(x[0] for x in r), 4),
                "patterns_kept": sum(x[1] for x in r), "patterns": sum(x[2] for x in r),
                "cpu_s_per_page": round(statistics.mean(x[3] for x in r), 2)} for s, r in rows.items()}


def main() -> None:
    """Parse arguments, run, print the table."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pdfs", type=Path)
    ap.add_argument("--questions", type=Path, default=ROOT.parent / "shared" / "bench" / "pdfqa-dev" / "questions.jsonl")
    ap.add_argument("--part", choices=("tune", "test"), default="tune")
    ap.add_argument("--variants", default=";dpi=400;psm=6;src=native;best=4/6")
    ap.add_argument("--only", default="", help="FILE:PAGE,... only these evidence pages")
    ap.add_argument("--scan-dpi", type=int, default=200)
    ap.add_argument("--degrade", action="store_true")
    ap.add_argument("--limit", type=int, default=0, help="only the first N pages")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    pages = evidence_pages(args.questions, args.part)
    if args.only:
        keep = {(f, int(n)) for f, n in (item.rsplit(":", 1) for item in args.only.split(","))}
        pages = {k: v for k, v in pages.items() if k in keep}
    if args.limit:
        pages = dict(sorted(pages.items())[:args.limit])
    report = run(args.pdfs, pages, args.variants.split(";"), args.scan_dpi, args.degrade)
    print(f"{'variant':28} {'pages':>5} {'WER':>7} {'WER p50':>8} {'patterns':>9} {'cpu s':>6}")
    for spec, r in report.items():
        print(f"{spec or 'base':28} {r['pages']:5} {r['wer']:7.4f} {r['wer_median']:8.4f} "
              f"{r['patterns_kept']:4}/{r['patterns']:<4} {r['cpu_s_per_page']:6.2f}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
