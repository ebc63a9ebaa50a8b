"""Ingest speed of other formats: pages (slides, sheets) per second end to end, LibreOffice's
share of the ingest (stage "render": LibreOffice for Office files, the Story layout for the
others), and a long DOCX against the same document as a PDF.

Each file is added to a fresh library in this process (the packaged embedder, loaded once
before timing). The DOCX-vs-PDF pair: a generated report of `--chapters` chapters, and its
LibreOffice PDF export ingested as a PDF; the ratio is DOCX seconds / PDF seconds.

    python benchmarks/formats_speed.py [--chapters 40] [--files FILE...] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.config import Settings  # noqa: E402
from core.library import Library  # noqa: E402
from tests.ingest import format_fixtures as fx  # noqa: E402


def ingest(path: Path, data_dir: Path, embedder) -> dict:
    """Add one file to a fresh library; its pages, seconds and stage seconds."""
    lib = Library(Settings.load(data_dir, env={}), embedder=embedder)
    start = time.perf_counter()
    (outcome,) = lib.add([path])
    seconds = time.perf_counter() - start
    lib.catalog.close()
    if outcome.status != "added":
        raise SystemExit(f"{path}: {outcome.message}")
    stages = dict(outcome.stage_seconds)
    unit = {"pptx": "slides", "odp": "slides"}.get(outcome.doc.kind, "pages")
    return dict(file=path.name, kind=outcome.doc.kind, pages=outcome.doc.pages, unit=unit,
                chunks=outcome.doc.chunks, seconds=round(seconds, 2),
                per_second=round(outcome.doc.pages / seconds, 2) if seconds else None,
                render_share=round(stages.get("render", 0.0) / seconds, 3),
                stages={k: round(v, 2) for k, v in stages.items()})


def generated(work: Path, chapters: int) -> list[Path]:
    """A long DOCX, a 30-slide deck, a 10-sheet workbook."""
    from openpyxl import Workbook
    from pptx import Presentation

    docx = fx.make_long_docx(work / "long-report.docx", chapters)
    prs = Presentation()
    for n in range(1, 31):
        slide = prs.slides.add_slide(prs.slide_layouts[1])
        slide.shapes.title.text = f"Topic {n} review"
        slide.placeholders[1].text = f"Point one about topic {n}\nPoint two about measurement {n * 7}"
    prs.save(work / "deck.pptx")
    wb = Workbook()
    wb.remove(wb.active)
    for s in range(1, 11):
        ws = wb.create_sheet(f"Region {s}")
        ws.append(["Item", "Units", "Price"])
        for r in range(60):
            ws.append([f"Item {s}-{r}", r * s, round(r * 1.5, 2)])
    wb.save(work / "sales.xlsx")
    return [docx, work / "deck.pptx", work / "sales.xlsx"]


def as_pdf(docx: Path, out: Path) -> Path:
    """The DOCX exported to PDF by LibreOffice (the same document, as a PDF)."""
    subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(out), str(docx)],
                   check=True, capture_output=True, timeout=600)
    return out / (docx.stem + ".pdf")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chapters", type=int, default=40)
    ap.add_argument("--files", nargs="*", default=[], type=Path, help="more files (real HTML, EPUB, Markdown...)")
    ap.add_argument("--only-docx", action="store_true", help="just the DOCX and its PDF")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from core.index.embedder import SentenceEmbedder

    embedder = SentenceEmbedder()
    embedder.embed(["warm up"])
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        files = generated(work, args.chapters)[:1 if args.only_docx else 3] + list(args.files)
        for n, path in enumerate(files):
            rows.append(ingest(path, work / f"lib{n}", embedder))
        pdf = as_pdf(files[0], work / "pdf")
        rows.append(ingest(pdf, work / "lib-pdf", embedder))
    docx_row, pdf_row = rows[0], rows[-1]
    result = dict(rows=rows, docx_vs_pdf=round(docx_row["seconds"] / pdf_row["seconds"], 2),
                  load=os.getloadavg()[0])
    if args.json:
        print(json.dumps(result, indent=1))
        return
    for r in rows:
        print(f"{r['file']:28} {r['kind']:8} {r['pages']:4} {r['unit']:6} {r['seconds']:7.1f}s "
              f"{r['per_second']:6.2f}/s  rendering {100 * r['render_share']:4.0f}%  {r['stages']}")
    print(f"DOCX / same document as PDF: {result['docx_vs_pdf']}x (load {result['load']:.1f})")


if __name__ == "__main__":
    main()
