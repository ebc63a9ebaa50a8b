"""Peak memory of reading a big spreadsheet: a generated XLSX of about `--mb` megabytes is
read by Folio's reader (openpyxl read-only, tables written every 40 rows) in a child process
whose peak resident memory is reported (ru_maxrss), with the cell limit raised to fit.

    python benchmarks/formats_memory.py [--mb 50] [--json]
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

CHILD = r"""
import resource, sys, time
from pathlib import Path
from core.config import FormatSettings
from core.ingest.xlsx import read
t = time.perf_counter()
parsed = read(Path(sys.argv[1]), Path(sys.argv[2]), FormatSettings(max_cells=10**9))
print(len(parsed.markdown), time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _write(path: Path, rows: int) -> None:
    import datetime as dt

    from openpyxl import Workbook

    wb = Workbook(write_only=True)
    ws = wb.create_sheet("Data")
    ws.append(["Id", "Name", "Region", "Units", "Price", "Date", "Note"])
    for r in range(rows):
        ws.append([r, f"Customer {r % 9973}", f"Region {r % 17}", r % 500, round(r * 0.37, 2),
                   dt.date(2020, 1, 1) + dt.timedelta(days=r % 1500), f"note {r % 313} for row"])
    wb.save(path)


def make_xlsx(path: Path, mb: float, sample: int = 20_000) -> int:
    """Write rows (text, numbers, a date) to about `mb` MB: a sample sets the bytes per row,
    then the file is written once; returns the cells."""
    _write(path, sample)
    rows = int(sample * mb * 1024 * 1024 / path.stat().st_size)
    _write(path, rows)
    return (rows + 1) * 7


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=50)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.xlsx"
        start = time.perf_counter()
        cells = make_xlsx(path, args.mb)
        made = time.perf_counter() - start
        out = subprocess.run([sys.executable, "-c", CHILD, str(path), str(Path(tmp) / "assets")], cwd=ROOT,
                             capture_output=True, text=True, check=True)
        chars, seconds, kib = out.stdout.split()
        result = dict(file_mb=round(path.stat().st_size / 1048576, 1), cells=cells, markdown_chars=int(chars),
                      read_seconds=round(float(seconds), 1), peak_rss_mb=round(int(kib) / 1024, 1),
                      write_seconds=round(made, 1), load=os.getloadavg()[0])
    print(json.dumps(result, indent=None if not args.json else 1))


if __name__ == "__main__":
    main()
