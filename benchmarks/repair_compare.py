"""Broken PDFs: what each reader or repair recovers (pages and distinct words), same files.

    python benchmarks/repair_compare.py PDF... [--json]

Columns: MuPDF as the file is; qpdf (pikepdf) copy read by MuPDF; page tree rebuilt from
the page objects (core.ingest.pdf.repair) read by MuPDF; pdfplumber's text (pdfminer), the
text fallback. Words as in benchmarks/corpus_words.py. Broken samples: the corpus's
unreadablemetadata.pdf (benchmarks/corpus_fetch.sh) and the damaged files that
tests/ingest/test_repair.py writes (`python benchmarks/repair_compare.py --samples DIR`
writes them into DIR first).
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import pymupdf

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root, for core and tests
from benchmarks.corpus_words import words  # noqa: E402
from core.ingest.pdf.repair import qpdf_copy, rebuild_page_tree  # noqa: E402


def _mupdf(path: Path) -> tuple[int, int]:
    pymupdf.TOOLS.mupdf_display_errors(False)
    with pymupdf.open(path, filetype="pdf") as doc:
        return doc.page_count, len(words("\n".join(p.get_text() for p in doc)))


def _plumber(path: Path) -> tuple[int, int]:
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        return len(pdf.pages), len(words("\n".join(p.extract_text() or "" for p in pdf.pages)))


def compare(path: Path, work: Path) -> dict:
    """(pages, words) per reader, or the error's first words."""
    out: dict[str, object] = {"file": path.name}
    readers = {"mupdf": lambda: _mupdf(path), "pdfplumber": lambda: _plumber(path)}
    for name, fix in (("qpdf", qpdf_copy), ("page_tree", rebuild_page_tree)):
        copy = work / f"{path.stem}.{name}.pdf"
        readers[name] = lambda fix=fix, copy=copy: (fix(path, copy), _mupdf(copy))[1]
    for name, read in readers.items():
        try:
            out[name] = dict(zip(("pages", "words"), read()))
        except Exception as exc:  # noqa: BLE001 - a reader that fails is a result here
            out[name] = f"fails: {str(exc)[:60]}"
    return out


def main(argv: list[str] | None = None) -> int:
    """Print one row per file."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdfs", nargs="*", type=Path)
    ap.add_argument("--samples", type=Path, help="write the test suite's damaged PDFs here and add them")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    pdfs = list(args.pdfs)
    if args.samples:
        from tests.ingest.repair_fixtures import DAMAGES, make_damaged_pdf
        args.samples.mkdir(parents=True, exist_ok=True)
        pdfs += [make_damaged_pdf(args.samples / f"{kind}.pdf", kind) for kind in DAMAGES]
    with tempfile.TemporaryDirectory() as tmp:
        rows = [compare(p, Path(tmp)) for p in pdfs]
    for row in rows:
        print(json.dumps(row, ensure_ascii=False) if args.json else
              f"{row['file']}: " + "; ".join(f"{k} {v}" for k, v in row.items() if k != "file"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
