"""Headings found on scanned copies of manuals that have an outline, against that outline.

    python benchmarks/scan_headings.py SCAN_DIR [--before] [--files a.pdf,b.pdf]

SCAN_DIR holds scans made with `scan_pdfs.py SRC SCAN_DIR --keep-outline` (pictures only,
the original's outline kept as the reference). Each is parsed as ingest parses it (OCR with
Folio's settings; set FOLIO_OCR_CACHE to reuse readings of the same pages), outline ignored,
and scored as benchmarks/headings.py scores born-digital files (text+level with one level
offset per document, and text only). `--before` reads as Folio did before this work (Tesseract
--psm 3, no deskew/denoise, OCR'd lines as MuPDF reads Tesseract's layer: no ocr_lines);
`--no-words` reads as round 3 did (ocr_lines without Tesseract's words: no bold from the ink,
no noise dropped, no split words joined).
"""
from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

import pymupdf

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.headings import best_offset, prf, reference  # noqa: E402
from core.config import OcrSettings  # noqa: E402
from core.ingest.pdf import OcrJob, pdf_to_markdown  # noqa: E402
from core.ingest.pdf import headings as hd  # noqa: E402
from core.ingest.pdf import parse  # noqa: E402


def score(pdf: Path, tmp: Path, settings: OcrSettings) -> dict:
    """Outline entries, detected headings and F1 for one scanned copy."""
    with pymupdf.open(pdf) as doc:
        gold = reference(doc)
    md = pdf_to_markdown(pdf, tmp / "assets", use_outline=False, ocr=OcrJob(settings, tmp / "work")).markdown
    pred = [(len(h), hd.key(t)) for h, t in re.findall(r"^(#{1,6}) (.+)$", md, flags=re.M) if hd.key(t)]
    offset = best_offset(pred, gold)
    return {"pdf": pdf.name, "outline": len(gold), "detected": len(pred), "offset": offset,
            "f1_level": prf([(lv + offset, k) for lv, k in pred], gold)["f1"],
            "f1_text": prf([k for _, k in pred], [k for _, k in gold])["f1"],
            "sections": md.count("\n#")}


def main() -> None:
    """Score every scanned copy with an outline; print one row each and the mean."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("scans", type=Path)
    ap.add_argument("--before", action="store_true")
    ap.add_argument("--no-words", action="store_true", help="round 3: no ocr_bold / ocr_text")
    ap.add_argument("--files", default="", help="comma-separated file names (default: all with an outline)")
    args = ap.parse_args()
    settings = OcrSettings(psm=3, prepare=False) if args.before else OcrSettings()
    if args.before:
        parse.ocr_structure = lambda pages, scanned, words=None, **_: pages
    elif args.no_words:
        structure = parse.ocr_structure
        parse.ocr_structure = lambda pages, scanned, words=None, **_: structure(pages, scanned)
    names = [n for n in args.files.split(",") if n] or sorted(p.name for p in args.scans.glob("*.pdf"))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, name in enumerate(names):
            with pymupdf.open(args.scans / name) as doc:
                if not reference(doc):
                    continue
            rows.append(score(args.scans / name, Path(tmp) / str(i), settings))
            r = rows[-1]
            print(f"{r['pdf']:30} outline {r['outline']:4} detected {r['detected']:4} offset {r['offset']:+d} "
                  f"F1 text+level {r['f1_level']:.3f} text {r['f1_text']:.3f}", flush=True)
    if rows:
        print(f"mean F1 text+level {sum(r['f1_level'] for r in rows) / len(rows):.3f} "
              f"text {sum(r['f1_text'] for r in rows) / len(rows):.3f} over {len(rows)} files")


if __name__ == "__main__":
    main()
