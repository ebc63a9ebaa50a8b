"""Borderless-table detections on a folder of PDFs: counts, time, and pictures to review.

    python benchmarks/tables_review.py PDF_DIR [--out DIR] [--sample 30] [--seed 1]

For every page, the ruled tables are found first, then the borderless ones
(core.ingest.pdf.tables_text). Prints detections per file and the parser's extra CPU time
per page. With --out, a random sample of the borderless detections is rendered (the table
box in red, its caption line in blue, 30 pt of page around it) to DIR/NN-file-pPAGE.png,
with DIR/index.tsv listing file, page, box, size and the Markdown's first rows, for a person
to judge each one (precision = tables judged real / detections reviewed).
"""
from __future__ import annotations

import argparse
import random
import resource
import sys
from pathlib import Path

import pymupdf

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.ingest.pdf.layout import page_lines  # noqa: E402
from core.ingest.pdf.tables import find_tables, ruled_tables  # noqa: E402


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def detections(folder: Path) -> tuple[list[dict], dict]:
    """All borderless detections, and per-file counts with CPU seconds spent on them."""
    found: list[dict] = []
    per_file: dict[str, dict] = {}
    for pdf in sorted(folder.glob("*.pdf")):
        with pymupdf.open(pdf) as doc:
            extra = 0.0
            ruled_n = 0
            for page in doc:
                lines = page_lines(page, page.number + 1)
                start = _cpu()
                ruled = ruled_tables(page, lines)
                mid = _cpu()
                items = find_tables(page, lines)
                extra += (_cpu() - mid) - (mid - start)  # borderless search on top of the ruled one
                ruled_n += len(ruled)
                for item in items[len(ruled):]:
                    found.append({"file": pdf.name, "page": page.number + 1, "box": item.bbox,
                                  "markdown": item.markdown, "caption": " ".join(l.text for l in item.caption),
                                  "caption_box": item.caption[0].bbox if item.caption else None})
            per_file[pdf.name] = {"pages": doc.page_count, "ruled": ruled_n,
                                  "borderless": sum(1 for f in found if f["file"] == pdf.name),
                                  "extra_ms_per_page": round(1000 * extra / doc.page_count, 1)}
    return found, per_file


def render(folder: Path, det: dict, target: Path) -> None:
    """The detection's region of its page, table box in red, caption in blue."""
    with pymupdf.open(folder / det["file"]) as doc:
        page = doc[det["page"] - 1]
        box = pymupdf.Rect(det["box"])
        page.draw_rect(box, color=(1, 0, 0), width=1.2)
        clip = pymupdf.Rect(box)
        if det["caption_box"]:
            cap = pymupdf.Rect(det["caption_box"])
            page.draw_rect(cap, color=(0, 0, 1), width=1)
            clip |= cap
        clip = (clip + (-30, -30, 30, 30)) & page.rect
        page.get_pixmap(dpi=110, clip=clip).save(target)


def main() -> None:
    """Count, then sample and render for review."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--sample", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    found, per_file = detections(args.folder)
    for name, row in per_file.items():
        print(f"{name:32} pages {row['pages']:4}  ruled {row['ruled']:3}  borderless {row['borderless']:3}"
              f"  +{row['extra_ms_per_page']} ms/page")
    print(f"borderless detections: {len(found)}")
    if not args.out:
        return
    args.out.mkdir(parents=True, exist_ok=True)
    sample = sorted(random.Random(args.seed).sample(found, min(args.sample, len(found))),
                    key=lambda d: (d["file"], d["page"]))
    with (args.out / "index.tsv").open("w") as index:
        index.write("n\tfile\tpage\tbox\tcaption\tmarkdown head\n")
        for n, det in enumerate(sample, 1):
            render(args.folder, det, args.out / f"{n:02d}-{Path(det['file']).stem}-p{det['page']}.png")
            head = " / ".join(det["markdown"].splitlines()[:3])[:160]
            box = ",".join(f"{v:.0f}" for v in det["box"])
            index.write(f"{n}\t{det['file']}\t{det['page']}\t{box}\t{det['caption']}\t{head}\n")


if __name__ == "__main__":
    main()
