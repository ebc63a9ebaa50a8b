"""Each page reads the library's document list once per run, however many sidebar widgets
show it (the scope picker, the document count, the empty-library notice)."""
from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.library.facade import Library

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("script", ["app.py", "app_pages/compare.py", "app_pages/evaluate.py"])
def test_a_page_run_reads_the_documents_once(monkeypatch, tmp_path, script):
    monkeypatch.setenv("FOLIO_DATA_DIR", str(tmp_path / "data"))
    calls = []
    documents = Library.documents
    monkeypatch.setattr(Library, "documents", lambda self: calls.append(1) or documents(self))
    at = AppTest.from_file(str(ROOT / script), default_timeout=240)
    at.run()
    assert not at.exception, at.exception
    assert len(calls) == 1
