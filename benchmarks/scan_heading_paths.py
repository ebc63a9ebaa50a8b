"""Heading paths of a scanned library against a born-digital one holding the same manuals.

    python benchmarks/scan_heading_paths.py DIGITAL_LIB SCANNED_LIB [--missing]

Reads both libraries' catalogs (no questions: a structure view, usable on tuning and test
material alike). Per manual: distinct heading paths of its chunks, heading names below the
title (leaves and inner headings) in each library, how many of the born-digital names the
scanned one has (compared by headings.key: letters and digits, numbering dropped) and the
share of each side's names the other has. --missing lists up to 25 names missing and extra.
"""
from __future__ import annotations

import argparse
import collections
import json
import sqlite3
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from core.ingest.pdf.headings import key  # noqa: E402


def structure(lib: Path) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Per manual (file name): its chunks' distinct heading paths and heading names below the title."""
    paths, names = collections.defaultdict(set), collections.defaultdict(set)
    with sqlite3.connect(lib / "catalog.sqlite") as db:
        rows = db.execute("select d.source, c.heading_path from chunks c join documents d on d.doc_id = c.doc_id")
        for source, heading_path in rows:
            name = Path(source).name
            paths[name].add(heading_path or "")
            names[name].update(json.loads(heading_path or "[]")[1:])
    return paths, names


def main() -> None:
    """One row per manual of the born-digital library, then the totals."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("digital", type=Path)
    ap.add_argument("scanned", type=Path)
    ap.add_argument("--missing", action="store_true")
    args = ap.parse_args()
    (dpaths, dnames), (spaths, snames) = structure(args.digital), structure(args.scanned)
    total = collections.Counter()
    for name in sorted(dnames):
        gold, found = {key(x) for x in dnames[name]} - {""}, {key(x) for x in snames.get(name, ())} - {""}
        shared = len(gold & found)
        total.update(dpaths=len(dpaths[name]), spaths=len(spaths.get(name, ())), gold=len(gold),
                     found=len(found), shared=shared)
        print(f"{name[:26]:26} paths {len(dpaths[name]):4} / {len(spaths.get(name, ())):4}   names {len(gold):4} / "
              f"{len(found):4}, shared {shared:4} (of digital {shared / max(1, len(gold)):.2f}, "
              f"of scanned {shared / max(1, len(found)):.2f})")
        if args.missing:
            print("   missing:", sorted(gold - found)[:25])
            print("   extra:  ", sorted(found - gold)[:25])
    print(f"{'all':26} paths {total['dpaths']:4} / {total['spaths']:4}   names {total['gold']:4} / {total['found']:4}, "
          f"shared {total['shared']:4} (of digital {total['shared'] / max(1, total['gold']):.2f}, "
          f"of scanned {total['shared'] / max(1, total['found']):.2f})")


if __name__ == "__main__":
    main()
