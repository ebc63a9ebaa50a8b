"""Keep modules Folio never uses out of its processes.

`import pymupdf` imports `pymupdf.layout` when the `pymupdf_layout` package is installed
(pymupdf4llm depends on it), and that import loads its ONNX layout models at once: about
0.5 s of CPU, 54 MiB and three onnxruntime threads in every process, before the first
page is read. Folio's parser never asks for the layout (core/ingest/pdf/tables.py calls
`find_tables(use_layout=False)`, and nothing calls `Page.get_layout`), so the command line
and the worker skip it. Call `skip_unused_imports()` before anything imports pymupdf; it
changes nothing in a process that has imported pymupdf already. The worker processes the
app starts are `python -m core worker`, so they skip it too.

Example:
    >>> skip_unused_imports()
"""
from __future__ import annotations

import os
import sys

UNUSED = ("pymupdf.layout",)


def skip_unused_imports() -> None:
    """Make `import` of each UNUSED module fail with ImportError (which pymupdf expects when
    the optional package is absent), unless it is loaded already."""
    if "pymupdf" in sys.modules:
        return  # too late to matter, and whoever imported it may want its layout
    for name in UNUSED:
        sys.modules.setdefault(name, None)
    # find_tables would then print a tip to install pymupdf_layout on stdout, once per process
    os.environ.setdefault("PYMUPDF_SUGGEST_LAYOUT_ANALYZER", "0")
