"""Give memory back between documents of a long ingest (a folder of hundreds of PDFs).

A sync adds one file after another in one process. Two things kept memory that the next
file did not need: MuPDF's resource store (fonts, images, decoded streams), which keeps up
to 256 MiB of a closed document's resources for a later one, and glibc's heap, which keeps
the pages freed by parsing and embedding (torch's activations, PyMuPDF's page text) mapped
in its arenas instead of returning them. Both are let go after each file, at a cost of a
few milliseconds (benchmarks/folder_ratio.py measures the process tree's peak RSS).

Example:
    >>> release_memory()  # after a document is committed
"""
from __future__ import annotations

import ctypes
import sys
from functools import lru_cache


@lru_cache(maxsize=1)
def _libc():
    """The C library when it is glibc (it has malloc_trim), else None (musl, macOS, Windows)."""
    try:  # glibc's soname; find_library would run ldconfig in a subprocess to learn it
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return None
    return libc if libc is not None and hasattr(libc, "malloc_trim") else None


def release_memory() -> None:
    """Empty MuPDF's resource store (when PyMuPDF is loaded) and trim glibc's heap."""
    pymupdf = sys.modules.get("pymupdf")
    if pymupdf is not None:
        pymupdf.TOOLS.store_shrink(100)  # percent of the store to free: all of it
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)
