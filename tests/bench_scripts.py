"""Load a script of benchmarks/ as a module for a test (the scripts are no package)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load_script(name: str, monkeypatch) -> ModuleType:
    """benchmarks/NAME.py as a fresh module, registered in sys.modules for the test only
    (dataclasses look their module up there)."""
    spec = importlib.util.spec_from_file_location(f"{name}_under_test", BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    return module
