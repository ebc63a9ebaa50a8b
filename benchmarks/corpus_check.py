"""Nothing lost from real PDFs: add every PDF of a folder and measure the words kept.

    python benchmarks/corpus_check.py DIR [--data-dir D] [--parse-only] [--json]

For each PDF of DIR (sorted): added or refused (with the reason), pages in the library
against pages in the file, and word recall: the share of the words of PyMuPDF's plain text
layer (raw codes of glyphs without a Unicode map left out) found in the document's chunks
(see benchmarks/corpus_words.py). A file PyMuPDF reads
with no pages is measured against pdfplumber's text instead (an independent reader).
Default: a real library in --data-dir (a fresh temporary folder when not given), embedding
included; --parse-only runs the ingest steps up to chunking (check, repair, parse, chunk),
which is much faster and gives the same words. Build the folder with
benchmarks/corpus_fetch.sh. Targets (issue 19): every file with a text layer and no
password added; mean word recall >= 0.99; no file below 0.95.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from statistics import mean

import pymupdf

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root, for core
from benchmarks.corpus_words import recall, words  # noqa: E402

# plain get_text() less the raw codes MuPDF puts where a glyph has no Unicode map (they
# spell no word: habibi.pdf's broken map reads as 'ϲΒϴΒ')
PLAIN = pymupdf.TEXTFLAGS_TEXT & ~pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE


def reference_words(path: Path) -> tuple[set[str], int, bool]:
    """(words of the text layer, pages as PyMuPDF reads them, needs a password)."""
    pymupdf.TOOLS.mupdf_display_errors(False)
    try:
        doc = pymupdf.open(path)
    except Exception:  # noqa: BLE001 - a file MuPDF cannot open at all
        return _plumber_words(path), 0, False
    with doc:
        if doc.needs_pass:
            return set(), doc.page_count, True
        if doc.page_count == 0:
            return _plumber_words(path), 0, False
        return words("\n".join(page.get_text(flags=PLAIN) for page in doc)), doc.page_count, False


def _plumber_words(path: Path) -> set[str]:
    """Words pdfplumber (pdfminer) reads from a file MuPDF cannot read."""
    import pdfplumber

    try:
        with pdfplumber.open(path) as pdf:
            return words("\n".join(p.extract_text() or "" for p in pdf.pages))
    except Exception:  # noqa: BLE001 - no reader opens it: no text layer to measure
        return set()


def library_results(files: list[Path], data_dir: Path):
    """(status, message, pages, chunk texts) per file, through a real Library."""
    from core.config import Settings
    from core.library import Library

    lib = Library(Settings.load(data_dir, env={}))
    for path in files:
        out = lib.add([path])[0]
        if out.doc is None:
            yield "refused", out.message, 0, []
            continue
        chunks = lib.catalog.doc_chunks(out.doc.doc_id)
        texts = [out.doc.title] + [c.text + "\n" + "\n".join(c.heading_path) for c in chunks]
        yield out.status, out.message, out.doc.pages, texts


def parse_results(files: list[Path], work: Path):
    """(status, message, pages, chunk texts) per file, from the ingest steps up to chunking."""
    from core.config import ChunkingSettings
    from core.errors import IngestError
    from core.ingest.chunking import chunk_markdown
    from core.ingest.pdf import pdf_to_markdown

    try:
        from core.ingest.pdf.repair import readable_pdf
    except ImportError:  # before issue 19: the plain check
        from core.ingest.pdf import check_pdf
        readable_pdf = None
    for n, path in enumerate(files):
        try:
            if readable_pdf is None:
                check_pdf(path, 200)
                note, source = "", path
            else:
                readable = readable_pdf(path, 200, work / f"repair{n}")
                note, source = readable.note, readable.path
            parsed = pdf_to_markdown(source, work / f"assets{n}")
            _, chunks = chunk_markdown("d", parsed.title, parsed.markdown, ChunkingSettings())
            if not chunks:
                raise IngestError(str(path), "no text could be extracted")
        except IngestError as exc:
            yield "refused", exc.reason, 0, []
            continue
        texts = [parsed.title] + [c.text + "\n" + "\n".join(c.heading_path) for c in chunks]
        yield "added", "; ".join(([note] if note else []) + list(parsed.warnings)), parsed.pages, texts


def check(folder: Path, data_dir: Path | None, parse_only: bool) -> dict:
    """Per-file rows and the summary (see the module doc)."""
    files = sorted(p for p in folder.rglob("*") if p.suffix.lower() == ".pdf" and p.is_file())
    with tempfile.TemporaryDirectory(prefix="corpus-check-") as tmp:
        work = data_dir or Path(tmp) / "lib"
        results = parse_results(files, work) if parse_only else library_results(files, work)
        rows = [_row(path, *res) for path, res in zip(files, results)]
    return {"files": len(rows), "rows": rows, **_summary(rows)}


def _row(path: Path, status: str, message: str, pages: int, texts: list[str]) -> dict:
    ref, file_pages, password = reference_words(path)
    score, missing = recall(ref, texts) if status != "refused" else (0.0, sorted(ref)[:0])
    return {"file": path.name, "status": status, "message": message[:160], "pages_library": pages,
            "pages_file": file_pages, "password": password, "reference_words": len(ref),
            "recall": round(score, 4) if ref else None, "missing": missing[:12]}


def _summary(rows: list[dict]) -> dict:
    """Targets: files with a text layer and no password added, mean and lowest recall."""
    measured = [r for r in rows if r["reference_words"] and not r["password"]]
    scores = [r["recall"] for r in measured]
    refused_with_text = [r["file"] for r in measured if r["status"] == "refused"]
    return {"added": sum(r["status"] != "refused" for r in rows),
            "refused": sum(r["status"] == "refused" for r in rows),
            "with_text_layer": len(measured), "refused_with_text_layer": refused_with_text,
            "mean_recall": round(mean(scores), 4) if scores else None,
            "min_recall": min(scores) if scores else None,
            "below_0_95": [r["file"] for r in measured if r["recall"] < 0.95]}


def main(argv: list[str] | None = None) -> int:
    """Print one line per file and the summary (or JSON with --json)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--data-dir", type=Path, help="library folder (default: a temporary one)")
    ap.add_argument("--parse-only", action="store_true", help="stop after chunking (no embedding)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not args.folder.is_dir():
        print(f"{args.folder} is not a folder; build it with benchmarks/corpus_fetch.sh", file=sys.stderr)
        return 2
    out = check(args.folder, args.data_dir, args.parse_only)
    if args.json:
        print(json.dumps(out, indent=1, ensure_ascii=False))
        return 0
    for r in out["rows"]:
        rec = "   -  " if r["recall"] is None else f"{r['recall']:.3f}"
        print(f"{r['status']:9} {rec} pages {r['pages_library']:>3}/{r['pages_file']:<3} {r['file']}: "
              f"{r['message']}" + (f"  missing: {' '.join(r['missing'][:8])}" if r["missing"] else ""))
    print(json.dumps({k: v for k, v in out.items() if k != "rows"}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
