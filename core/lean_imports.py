"""Keep modules Folio never uses out of its processes.

`import pymupdf` imports `pymupdf4llm` when it is installed (a dev dependency of Folio's
tests), and that imports `pymupdf.layout` (the `pymupdf_layout` package), which loads its
ONNX layout models at once: about 0.5 s of CPU, 54 MiB and three onnxruntime threads in
every process, and pymupdf4llm's own imports (onnxruntime, tabulate, psutil) about 0.2 s
more, all before the first page is read. Folio's parser never asks for either: it calls
neither `pymupdf4llm` nor `Page.get_layout`, and core/ingest/pdf/tables.py calls
`find_tables(use_layout=False)`; so the command line and the worker skip them. Call
`skip_unused_imports()` before anything imports pymupdf; it changes nothing in a process
that has imported pymupdf already. The worker processes the app starts are
`python -m core worker`, so they skip them too.

`deferred_sklearn()` is for loading sentence-transformers (core/index/embedder.py): its
`util.similarity` module imports scikit-learn (with scipy.stats and pandas: about a fifth
of sentence-transformers' import time) for one sparse distance that encoding never calls.

Example:
    >>> skip_unused_imports()
"""
from __future__ import annotations

import contextlib
import importlib.machinery
import importlib.util
import os
import sys
import types
from typing import Iterator

UNUSED = ("pymupdf.layout", "pymupdf4llm")


def skip_unused_imports() -> None:
    """Make `import` of each UNUSED module fail with ImportError (which pymupdf expects when
    the optional package is absent), unless it is loaded already."""
    if "pymupdf" in sys.modules:
        return  # too late to matter, and whoever imported it may want its layout
    for name in UNUSED:
        sys.modules.setdefault(name, None)
    # find_tables would then print a tip to install pymupdf_layout on stdout, once per process
    os.environ.setdefault("PYMUPDF_SUGGEST_LAYOUT_ANALYZER", "0")


def _pairwise_distances(*args, **kwargs):
    """scikit-learn's `pairwise_distances`, imported on the first call."""
    from sklearn.metrics import pairwise_distances

    return pairwise_distances(*args, **kwargs)


@contextlib.contextmanager
def deferred_sklearn() -> Iterator[None]:
    """While inside, `from sklearn.metrics import pairwise_distances` gets a function that
    imports scikit-learn when first called; afterwards `sklearn` imports as usual. Does
    nothing when scikit-learn is imported already."""
    spec = None if "sklearn" in sys.modules else importlib.util.find_spec("sklearn")  # finds, imports nothing
    if spec is None:
        yield
        return
    package, metrics = types.ModuleType("sklearn"), types.ModuleType("sklearn.metrics")
    package.__spec__ = spec  # the real one: torch._dynamo reads where scikit-learn lives
    package.__path__ = []  # a package, so that `sklearn.metrics` resolves to the stand-in
    metrics.__spec__ = importlib.machinery.ModuleSpec("sklearn.metrics", None)
    metrics.pairwise_distances = _pairwise_distances
    package.metrics = metrics
    sys.modules.update({"sklearn": package, "sklearn.metrics": metrics})
    try:
        yield
    finally:
        for name, stand_in in (("sklearn.metrics", metrics), ("sklearn", package)):
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
