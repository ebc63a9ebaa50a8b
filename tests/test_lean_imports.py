"""The command line never loads pymupdf's layout models, and parsing does not miss them."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(code: str) -> tuple[dict, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYMUPDF_SUGGEST_LAYOUT_ANALYZER", None)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1]), out.stdout


def test_the_cli_module_skips_pymupdf_layout_and_its_tip():
    got, out = _run(
        "import sys, json\n"
        "import core.__main__\n"
        "import pymupdf\n"
        "doc = pymupdf.open(); page = doc.new_page(); page.insert_text((72, 72), 'A table-free page')\n"
        "tables = page.find_tables()\n"  # would print the install tip without the setting
        "print(json.dumps({'layout': 'pymupdf.layout' in sys.modules and sys.modules['pymupdf.layout'] is not None,"
        " 'tables': len(tables.tables)}))\n")
    assert got == {"layout": False, "tables": 0}
    assert "pymupdf_layout" not in out  # the install tip find_tables prints otherwise


def test_the_cli_module_imports_no_pymupdf4llm_onnxruntime_scipy_or_answer_support():
    got, _ = _run(
        "import sys, json\n"
        "import core.__main__\n"
        "from core.cli import library, jobs\n"
        "from core.library import Library\n"
        "from core.ingest.pdf import pdf_to_markdown\n"
        "names = ('pymupdf4llm', 'onnxruntime', 'scipy', 'core.answer.support', 'sklearn')\n"
        "print(json.dumps({n: sys.modules.get(n) is not None for n in names}))\n")
    assert not any(got.values()), got


def test_scikit_learn_waits_until_sentence_transformers_calls_it():
    got, _ = _run(
        "import sys, json\n"
        "from core.lean_imports import deferred_sklearn\n"
        "with deferred_sklearn():\n"
        "    from sklearn.metrics import pairwise_distances\n"
        "    inside = 'sklearn.base' in sys.modules\n"
        "after = 'sklearn' in sys.modules\n"
        "d = pairwise_distances([[0.0, 0.0]], [[3.0, 4.0]])\n"  # the real one, imported now
        "from sklearn.linear_model import LogisticRegression\n"
        "print(json.dumps({'inside': inside, 'after': after, 'd': float(d[0][0]),"
        " 'real': sys.modules['sklearn'].__file__ is not None}))\n")
    assert got == {"inside": False, "after": False, "d": 5.0, "real": True}


def test_a_process_that_imported_pymupdf_first_keeps_it_as_it_was():
    got, _ = _run(
        "import sys, json, pymupdf\n"
        "before = sys.modules.get('pymupdf.layout', 'absent')\n"
        "from core.lean_imports import skip_unused_imports\n"
        "skip_unused_imports()\n"
        "print(json.dumps({'same': sys.modules.get('pymupdf.layout', 'absent') is before}))\n")
    assert got == {"same": True}
