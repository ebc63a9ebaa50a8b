"""Outline entries placed at their destination: as PyMuPDF gives the points, and turned into page
coordinates (`core.ingest.pdf.headings_outline.page_points`).

Not collected by pytest. For every PDF with an outline, each entry's destination point (in page
coordinates, origin top left) is the reference; an entry counts when the parser places its
heading on a line whose middle lies within 30 pt of it. "raw" places the headings with the points
as `get_toc` returns them (a named destination's y counted from the page's foot, as the parser
read them before 2026-12-02), "page" with `page_points`; both run the same `outline_headings`.

    python benchmarks/outline_points.py PDF... [--show 10]
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root, for core

import argparse

import pymupdf

from core.ingest.pdf import headings_outline as ho
from core.ingest.pdf.layout import page_lines
from core.ingest.pdf.running import running_lines

NEAR = 30.0  # points between a heading line's middle and its destination


def placed_near(doc: pymupdf.Document) -> tuple[int, int, int]:
    """(entries with a destination point, placed near it from raw points, from page points)."""
    toc = doc.get_toc(simple=False)
    pages = [page_lines(p, i + 1) for i, p in enumerate(doc)]
    drop = running_lines(pages, [p.rect.height for p in doc])
    kept = [[ln for ln in lines if (ln.page, ln.index) not in drop] for lines in pages]
    turned = ho.page_points(toc, doc)
    truth: dict[tuple[int, str], float] = {}
    for row in turned:
        y = ho._target_y(row)
        if y is not None:
            truth.setdefault((int(row[2]), " ".join(str(row[1]).split())), y)
    counts = []
    for rows in ([list(r) for r in toc], turned):
        near = 0
        for (page, index), heading in ho.outline_headings(rows, kept, drop).items():
            y = truth.get((page, heading.text))
            line = next((ln for ln in kept[page - 1] if ln.index == index), None) if index >= 0 else None
            near += bool(y is not None and line and abs((line.bbox[1] + line.bbox[3]) / 2 - y) < NEAR)
        counts.append(near)
    return len(truth), counts[0], counts[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdfs", nargs="+", type=Path)
    args = ap.parse_args()
    total = [0, 0, 0]
    for path in args.pdfs:
        with pymupdf.open(path) as doc:
            if not doc.get_toc():
                continue
            row = placed_near(doc)
        total = [a + b for a, b in zip(total, row)]
        if row[1] != row[2]:
            print(f"{path.name}: {row[1]} -> {row[2]} of {row[0]}")
    print(f"all: placed near their destination {total[1]} (raw points) -> {total[2]} (page points) of {total[0]}")


if __name__ == "__main__":
    main()
