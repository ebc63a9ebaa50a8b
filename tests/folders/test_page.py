"""The Library page's Folders section (streamlit AppTest): watch a folder under the import
roots, see its status, Sync now, Include again, stop watching (trash or keep)."""
from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core.library.folders.manage import WatchedFolders
from core.library.folders.sync import FolderSync
from tests.folders.helpers import make_pdf

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def page(lib, docs, tmp_path, monkeypatch):
    """The Library page on `lib`'s data dir; workers are not started (the test runs the jobs)."""
    from core.library import Library

    monkeypatch.setenv("FOLIO_DATA_DIR", str(lib.settings.data_dir))
    monkeypatch.setenv("FOLIO_KEYWORDS", "tfidf")
    monkeypatch.setattr(Library, "start_worker", lambda self: "")
    at = AppTest.from_file(str(ROOT / "app_pages" / "library.py"), default_timeout=240)
    at.run()
    assert not at.exception, at.exception
    return at


def _button(at: AppTest, label: str):
    return next(b for b in at.button if b.label == label)


def _texts(at: AppTest) -> str:
    return "\n".join(e.value for kind in ("markdown", "caption", "warning", "error", "success")
                     for e in getattr(at, kind)).replace("\\", "")  # markdown escapes


def test_watch_a_folder_sync_include_and_stop(page, lib, docs, tmp_path):
    make_pdf(docs / "a.pdf", "Herons wait in the shallow reeds.")
    page.text_input(key="watch_path").input(str(tmp_path / "outside"))
    _button(page, "Watch folder").click().run()
    assert "outside the folders this app may read" in _texts(page)  # import-root rules apply
    page.text_input(key="watch_path").input(str(docs))
    _button(page, "Watch folder").click().run()
    assert not page.exception, page.exception
    watching = f"Watching {docs}: its files are being added in the background"
    assert watching in _texts(page)
    page.session_state["redrawn"] = True  # what the queue sets before it redraws the page itself
    page.run()
    assert watching in _texts(page)  # a redraw of the page's own keeps the message
    page.run()
    assert watching not in _texts(page)  # the user's next action clears it
    folders = WatchedFolders(lib)
    assert folders.paths() == [str(docs)]
    lib.run_jobs()  # the first sync and the add it queued
    _button(page, "Sync now").click().run()
    lib.run_jobs()
    page.run()
    assert f"{docs} — available: 1 files, 1 in the library" in _texts(page)

    lib.remove(lib.documents()[0].doc_id)
    FolderSync(lib).run(str(docs))
    page.run()
    assert "excluded (removed in Folio)" in _texts(page)
    _button(page, "Include again").click().run()
    assert len(lib.documents()) == 1

    _button(page, "Stop watching…").click().run()
    _button(page, "Move them to the trash").click().run()
    assert folders.paths() == [] and lib.documents() == []
    assert len(lib.trash.documents()) == 1
