"""Real watchdog events in temp folders, with the real worker (`serve` in a thread): adds,
edits, moves, deletes, a burst of 200 files, a file written in pieces, and the polling observer."""
from __future__ import annotations

import os
import threading

import pytest

from core.config import Settings
from core.library.folders.manage import WatchedFolders
from core.library.folders.serve import serve
from core.library.folders.watch import FolderWatcher, on_network_fs
from core.library import Library
from tests.folders.helpers import make_pdf, pdf_bytes, wait_for


@pytest.fixture
def serving(lib, docs):
    """`docs` watched by a worker thread of this process (inotify); yields its line log."""
    WatchedFolders(lib).add(docs, start=False)
    stop, lines = threading.Event(), []
    thread = threading.Thread(target=serve, args=(lib,), daemon=True,
                              kwargs={"linger": 0, "stop": stop, "on_line": lines.append})
    thread.start()
    yield lines
    stop.set()
    thread.join(timeout=60)
    assert not thread.is_alive()


def origins(lib) -> dict[str, str]:
    return {d.origin: d.doc_id for d in lib.documents()}


def test_add_edit_move_and_delete_follow_the_disk(lib, docs, serving, counting):
    a = make_pdf(docs / "a.pdf", "The zebra protocol listens on port 7411.", settled=False)
    first = wait_for(lambda: origins(lib).get(str(a)), what="the new file in the library")
    make_pdf(a, "The zebra protocol moved to port 9000.", settled=False)
    second = wait_for(lambda: (origins(lib).get(str(a)) or first) != first and origins(lib)[str(a)],
                      what="the edited file's new version")
    assert first in {d.doc_id for d in lib.trash.documents()}
    calls = counting.calls
    (docs / "sub").mkdir()
    moved = docs / "sub" / "b.pdf"
    a.rename(moved)
    wait_for(lambda: origins(lib) == {str(moved): second}, what="the move")
    assert counting.calls == calls  # a move embeds nothing
    moved.unlink()
    wait_for(lambda: not lib.documents() and second in {d.doc_id for d in lib.trash.documents()},
             what="the deleted file's document in the trash")
    assert any("sync queued" in line for line in serving)


@pytest.mark.slow
def test_a_burst_of_200_files_is_added_once_each(lib, docs, serving):
    for n in range(200):
        make_pdf(docs / f"burst-{n:03}.pdf", f"Burst file {n} records station {n * 13} readings.", settled=False)
    wait_for(lambda: len(lib.documents()) == 200, timeout=900, what="200 documents")
    # a document is in the catalog a moment before its job records the file's outcome
    wait_for(lambda: all(j.finished for j in lib.jobs(limit=1000) if j.kind == "add"), timeout=300,
             what="the add jobs to finish")
    jobs = lib.jobs(limit=1000)
    added = [f for j in jobs if j.kind == "add" for f in j.files]
    assert sorted(f.status for f in added) == ["added"] * 200  # none twice, none failed
    assert sum(j.kind == "sync" for j in jobs) < 40  # debounced: not one sync per event


def test_a_file_written_in_pieces_is_added_once_and_complete(lib, docs, serving):
    data = pdf_bytes("Slow copy of the survey report about basalt columns.", pages=4)
    target = docs / "slow.pdf"
    pieces = [data[i: i + len(data) // 4 + 1] for i in range(0, len(data), len(data) // 4 + 1)]
    with open(target, "wb") as fh:
        for piece in pieces:  # the writer pauses longer than settle_s between pieces
            fh.write(piece)
            fh.flush()
            os.fsync(fh.fileno())
            threading.Event().wait(1.5)
    doc_id = wait_for(lambda: origins(lib).get(str(target)), what="the file written in pieces")
    assert lib.catalog.document(doc_id).pages == 4
    def outcomes() -> list[str] | None:
        # the document is committed before its job file is marked: wait for the mark itself
        files = [f for j in lib.jobs(limit=100) if j.kind == "add" for f in j.files if f.path == str(target)]
        statuses = [f.status for f in files]
        return None if not statuses or any(s in ("queued", "running") for s in statuses) else statuses

    assert wait_for(outcomes, what="the file's job outcome") == ["added"]


def test_the_polling_observer_finds_changes(tmp_path, counting, docs, monkeypatch):
    monkeypatch.setenv("FOLIO_IMPORT_ROOTS", str(tmp_path / "roots"))
    settings = Settings.load(tmp_path / "lib", env={"FOLIO_KEYWORDS": "tfidf", "FOLIO_WATCH": "polling"})
    lib = Library(settings, embedder=counting)
    folder, _ = WatchedFolders(lib).add(docs, start=False)
    watcher = FolderWatcher(lib)
    watcher.start()
    try:
        assert watcher.kind_of(folder) == "polling"
        lib.run_jobs()  # the first sync, which finds nothing
        a = make_pdf(docs / "a.pdf", "Polling finds files on network shares.", settled=False)
        wait_for(lambda: lib.run_jobs() and str(a) in origins(lib), what="the file seen by polling")
        assert watcher.events > 0
    finally:
        watcher.stop()
        lib.catalog.close()


def test_network_file_systems_are_polled(tmp_path):
    mounts = tmp_path / "mounts"
    mounts.write_text("/dev/sda1 / ext4 rw 0 0\nserver:/export /srv/share nfs4 rw 0 0\n")
    assert on_network_fs("/srv/share/papers", str(mounts))
    assert not on_network_fs("/srv/shared", str(mounts)) and not on_network_fs("/srv/me", str(mounts))


def test_a_markdown_note_dropped_in_a_watched_folder_is_added(lib, docs, serving):
    """The watcher takes every format the walk reads (core.ingest.formats), not only PDFs."""
    (docs / "notes.md").write_text("# Field notes\n\nThe heron colony nests on the east island.\n", "utf-8")
    wait_for(lambda: origins(lib).get(str(docs / "notes.md")), what="the Markdown note in the library")
