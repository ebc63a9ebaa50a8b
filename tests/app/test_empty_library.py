"""The Chat and Compare pages on a library with no documents: they say so, instead of running
a retriever that can only answer that no passage was retrieved."""
from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from core.ui.widgets import NOTHING_TO_ASK
from tests.app.fixtures import plain as _plain

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 240


def _open(monkeypatch, data_dir: Path, script: str) -> AppTest:
    monkeypatch.setenv("FOLIO_DATA_DIR", str(data_dir))
    at = AppTest.from_file(str(ROOT / script), default_timeout=TIMEOUT)
    at.run()
    assert not at.exception, at.exception
    return at


def test_chat_on_an_empty_library_says_it_is_empty(monkeypatch, tmp_path):
    at = _open(monkeypatch, tmp_path / "data", "app.py")
    assert [_plain(i.value) for i in at.info] == [NOTHING_TO_ASK]  # the same words as Compare's
    at.chat_input[0].set_value("How do I start R?").run()
    assert not at.exception, at.exception
    assert [_plain(i.value) for i in at.info] == [NOTHING_TO_ASK] * 2 and not at.error  # a note, not an error
    assert not any("no passage" in _plain(m.value).lower() for m in at.markdown)


def test_compare_on_an_empty_library_says_so_and_runs_nothing(monkeypatch, tmp_path):
    at = _open(monkeypatch, tmp_path / "data", "app_pages/compare.py")
    at.text_input(key="cmp_question").set_value("How do I start R?").run()
    assert [_plain(i.value) for i in at.info] == [NOTHING_TO_ASK]
    assert at.button(key="cmp_run").disabled
