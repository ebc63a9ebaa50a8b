"""A watched folder of a Texinfo HTML manual: its redirect stubs are never queued, and a stub
that an older version had added goes to the trash on the next pass, with a line saying where
it pointed."""
from __future__ import annotations

import os
import time

from core.library.folders.manage import WatchedFolders
from core.library.folders.sync import FolderSync
from tests.folders.helpers import PAST_S
from tests.ingest.test_html_redirect import CONTENT, STUB


def _settled(path, text):
    """Write `text` dated PAST_S seconds back (a file no longer being written)."""
    path.write_text(text)
    back = time.time() - PAST_S
    os.utime(path, (back, back))


def _pass(lib, folder):
    report = FolderSync(lib).run(folder)
    lib.run_jobs()
    FolderSync(lib).run(folder)
    return report


def test_stubs_are_not_queued_and_old_ones_go_to_the_trash(lib, docs, monkeypatch):
    _settled(docs / "Shell-Grammar.html", CONTENT)
    _settled(docs / "Aliasing.html", STUB)
    folder, _ = WatchedFolders(lib).add(docs, start=False)
    for module in ("core.ingest.walk", "core.ingest.html", "core.library.folders.sync"):
        monkeypatch.setattr(f"{module}.redirect_target", lambda path: None)  # as an older version read them
    assert _pass(lib, folder).queued == 2
    assert sorted(d.source for d in lib.documents()) == ["Aliasing.html", "Shell-Grammar.html"]

    monkeypatch.undo()
    report = _pass(lib, folder)
    assert (report.found, report.queued, report.trashed, report.redirects) == (1, 0, 1, 1)
    assert report.summary() == "1 file (1 HTML page that only redirects left out): 1 to the trash"
    assert report.lines == [f"{docs / 'Aliasing.html'} only redirects to Shell-Grammar.html#Aliasing: "
                            "Aliasing.html went to the trash"]
    assert [d.source for d in lib.documents()] == ["Shell-Grammar.html"]
    assert [d.source for d in lib.trash.documents()] == ["Aliasing.html"]
    assert _pass(lib, folder).queued == 0  # and it stays out
