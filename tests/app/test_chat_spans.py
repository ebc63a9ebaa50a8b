"""Chat's Show on page for a citation marks the answer sentence's supporting span (AppTest)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.evidence.span_fixtures import make_span_pdf

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def library_dir(tmp_path_factory, embedder):
    from core.config import Settings
    from core.library import Library

    root = tmp_path_factory.mktemp("chat-spans")
    lib = Library(Settings.load(root / "data", env={}), embedder=embedder)
    lib.add([make_span_pdf(root / "guide.pdf")])
    lib.catalog.close()
    return root / "data"


def test_show_on_page_of_a_citation_marks_the_sentence_span(monkeypatch, library_dir):
    monkeypatch.setenv("FOLIO_DATA_DIR", str(library_dir))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=240)
    at.run()
    at.chat_input[0].set_value("How often is the valve seal replaced?").run()
    assert not at.exception, at.exception
    toggles = [t for t in at.toggle if t.label == "Show on page"]
    toggles[0].set_value(True).run()  # citation [1]: the table the first sentence quotes
    assert not at.exception, at.exception
    captions = [re.sub(r"\\(.)", r"\1", c.value) for c in at.caption]
    assert "PDF page 2 · the supporting sentence in blue" in captions and len(at.image) == 1
