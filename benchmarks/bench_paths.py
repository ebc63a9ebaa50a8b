"""Where the benchmark inputs are, and how to write folders into committed results.

The bench folder is an argument where a script takes one, else $FOLIO_BENCH_DIR, else
../shared/bench from the repository root. Results record folders by role (WORK_DIR,
PDF_DIR, ../shared/bench) so that no committed file holds one machine's paths
(tests/test_no_machine_paths.py).

Example:
    >>> portable("--work-dir=/data/x --retrievers dense", {})
    '--work-dir=WORK_DIR --retrievers dense'
"""
from __future__ import annotations

import os
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED_BENCH = REPO.parent / "shared" / "bench"
_OPTION_DIR = re.compile(r"(--(work|pdf|bench)-dir[ =])(\S+)")
_MACHINE_PATH = re.compile(r"(?<![\w.~/-])/(?:work|tmp|root|home|Users|mnt|scratch|var/tmp)/[^\s'\"`|:,;]*")


def bench_dir() -> Path:
    """$FOLIO_BENCH_DIR, else ../shared/bench from the repository root."""
    return Path(os.environ.get("FOLIO_BENCH_DIR") or SHARED_BENCH)


def folders(bench: Path, work: Path | None = None, pdf: Path | None = None) -> dict[str, Path | None]:
    """Role name -> folder, for `portable` (the default bench folder keeps its relative path)."""
    default = Path(bench).resolve() == SHARED_BENCH.resolve()
    return {"../shared/bench" if default else "BENCH_DIR": bench, "WORK_DIR": work, "PDF_DIR": pdf}


def portable(text: str, named: dict[str, Path | None]) -> str:
    """`text` as it may be committed: a folder option's value becomes WORK_DIR, PDF_DIR or
    BENCH_DIR, each folder in `named` its name, any other machine path '…/' and its last part."""
    text = _OPTION_DIR.sub(lambda m: m.group(1) + m.group(2).upper() + "_DIR", text)
    for name, folder in sorted(named.items(), key=lambda kv: -len(str(kv[1] or ""))):
        if folder is not None:
            text = text.replace(str(Path(folder).resolve()), name).replace(str(folder), name)
    return _MACHINE_PATH.sub(lambda m: "…/" + Path(m.group(0)).name, text)
