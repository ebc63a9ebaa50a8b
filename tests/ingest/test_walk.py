"""The folder walk (core.ingest.walk via files.find_pdfs): symlinks, caps, time budget, cancel."""
from __future__ import annotations

import threading
import time

import pytest

from core.config import Settings, WalkSettings
from core.errors import WalkStopped
from core.ingest.files import find_pdfs
from core.ingest.roots import ImportRoots


def _pdf(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"%PDF-1.4")
    return path


@pytest.fixture
def folder(tmp_path):
    """top/ with nested PDFs, a non-PDF, links inside, out of it, and a loop; outside/ beside it."""
    top = tmp_path / "top"
    _pdf(top / "b.pdf")
    _pdf(top / "sub" / "a.PDF")
    _pdf(top / "sub" / "deeper" / "c.pdf")
    (top / "notes.doc").write_text("a type Folio does not read")
    _pdf(tmp_path / "outside" / "secret.pdf")
    (top / "out").symlink_to(tmp_path / "outside")
    (top / "out.pdf").symlink_to(tmp_path / "outside" / "secret.pdf")
    (top / "again").symlink_to(top / "sub")
    (top / "sub" / "loop").symlink_to(top)
    return top


def test_finds_pdfs_and_never_walks_a_symlinked_folder(folder):
    found = find_pdfs([folder])
    # out/ (a link out), again/ (a link inside) and sub/loop (a loop) are not walked; the CLI
    # keeps a symlinked PDF (out.pdf): its user chose it in their own shell
    assert [p.relative_to(folder).as_posix() for p in found] == ["b.pdf", "out.pdf", "sub/a.PDF", "sub/deeper/c.pdf"]
    (folder / "sub" / "same.pdf").symlink_to(folder / "b.pdf")
    assert [p.name for p in find_pdfs([folder])].count("same.pdf") == 0  # one name per real file
    plain = folder / "b.pdf"
    assert find_pdfs([plain, folder / "missing.pdf"]) == [plain, folder / "missing.pdf"]  # files as given


def test_allowed_prunes_folders_and_files_by_real_path(folder, tmp_path):
    roots = ImportRoots.of([folder], blocked=[folder / "sub" / "deeper"])
    found = find_pdfs([folder], allowed=roots.allows)
    assert [p.relative_to(folder).as_posix() for p in found] == ["b.pdf", "sub/a.PDF"]  # out.pdf: target outside
    _pdf(folder / ".hidden" / "h.pdf")
    assert folder / ".hidden" / "h.pdf" not in find_pdfs([folder], allowed=roots.allows)
    assert folder / ".hidden" / "h.pdf" in find_pdfs([folder])  # the CLI is not restricted by roots


def test_caps_stop_the_walk_with_a_message_naming_the_setting(folder):
    with pytest.raises(WalkStopped, match=r"stopped after looking at 3 files and folders.*FOLIO_WALK_MAX_ENTRIES"):
        find_pdfs([folder], WalkSettings(max_entries=3))
    with pytest.raises(WalkStopped, match=r"more than 2 documents.*FOLIO_WALK_MAX_PDFS \(\[walk\] max_pdfs\)"):
        find_pdfs([folder], WalkSettings(max_pdfs=2))
    with pytest.raises(WalkStopped, match=r"still looking for PDFs after 0 s.*FOLIO_WALK_SECONDS"):
        find_pdfs([folder], WalkSettings(seconds=0))
    assert len(find_pdfs([folder], WalkSettings(max_entries=100, max_pdfs=4, seconds=5))) == 4


def test_the_limits_are_settings(tmp_path):
    walk = Settings.load(tmp_path, env={"FOLIO_WALK_MAX_PDFS": "7", "FOLIO_WALK_SECONDS": "1.5"}).walk
    assert walk == WalkSettings(max_entries=200_000, max_pdfs=7, seconds=1.5)


def test_cancel_stops_a_walk_in_progress(tmp_path):
    for i in range(700):
        (tmp_path / f"f{i:03}.txt").write_text("")
    stop = threading.Event()
    reports = []

    def progress(entries, pdfs):
        reports.append(entries)
        stop.set()  # as a Cancel button or a job's cancel flag would, from another thread

    with pytest.raises(WalkStopped, match="cancelled"):
        find_pdfs([tmp_path], cancel=stop.is_set, progress=progress)
    assert reports == [256]  # stopped at the next check, long before the 700 entries
    with pytest.raises(WalkStopped, match="cancelled"):
        find_pdfs([tmp_path], cancel=lambda: True)


def test_walking_the_whole_machine_ends_within_its_budget():
    start = time.monotonic()
    with pytest.raises(WalkStopped, match="FOLIO_WALK_"):
        find_pdfs(["/"], WalkSettings(max_entries=1_000_000, seconds=1.0))
    assert time.monotonic() - start < 5
