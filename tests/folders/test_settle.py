"""When a file in a watched folder counts as written out: inotify's close-write at once, a
file still open for writing never (however long its writer pauses), the clock where no
event was seen, and a PDF without its end marker not before `give_up_s`."""
from __future__ import annotations

import os

import pytest

from core.config import FolderSettings
from core.library.folders.settle import CLOSED, OPEN, UNKNOWN, WriteTracker, stat_of, when_readable
from tests.folders.helpers import pdf_bytes

SETTINGS = FolderSettings(settle_s=1.0, give_up_s=60.0, poll_s=2.0)


def written(path, data: bytes, age_s: float, now: float):
    """`data` in `path`, modified `age_s` seconds before `now`; its Stat."""
    path.write_bytes(data)
    os.utime(path, (now - age_s, now - age_s))
    return stat_of(str(path))


def test_a_closed_file_is_read_at_once_and_an_open_one_waits_for_its_close(tmp_path):
    now, writes, path = 1_000_000.0, WriteTracker(), tmp_path / "a.pdf"
    st = written(path, pdf_bytes("Closed by its writer."), 0.01, now)
    assert when_readable(str(path), st, now, SETTINGS) == pytest.approx(now + 0.99)  # the clock alone: 1 s still
    writes.written(str(path))
    assert writes.verdict(str(path), st) == OPEN
    st = written(path, pdf_bytes("Closed by its writer."), 5.0, now)  # paused 5 s, still open
    assert when_readable(str(path), st, now, SETTINGS, writes) == now + SETTINGS.poll_s
    writes.closed(str(path))
    assert writes.verdict(str(path), st) == CLOSED
    assert when_readable(str(path), st, now, SETTINGS, writes) == 0.0


def test_a_file_changed_after_its_close_falls_back_to_the_clock(tmp_path):
    now, writes, path = 1_000_000.0, WriteTracker(), tmp_path / "a.pdf"
    written(path, pdf_bytes("First version."), 0.01, now)
    writes.closed(str(path))
    st = written(path, pdf_bytes("Second, longer version of it."), 0.01, now)  # no event seen for it
    assert writes.verdict(str(path), st) == UNKNOWN
    assert when_readable(str(path), st, now, SETTINGS, writes) > now


def test_a_pdf_without_its_end_marker_waits_until_give_up(tmp_path):
    now, writes, path = 1_000_000.0, WriteTracker(), tmp_path / "cut.pdf"
    data = pdf_bytes("Cut off in the middle.")
    written(path, data[: len(data) // 2], 0.01, now)
    writes.closed(str(path))
    st = stat_of(str(path))
    assert when_readable(str(path), st, now, SETTINGS, writes) > now  # closed, yet not a whole PDF
    st = written(path, data[: len(data) // 2], 61.0, now)
    assert when_readable(str(path), st, now, SETTINGS, writes) == 0.0  # read anyway: its reader says why


def test_moves_keep_an_open_file_open_and_a_renamed_file_is_finished(tmp_path):
    writes = WriteTracker()
    writes.written("/w/a.pdf")
    writes.moved("/w/a.pdf", "/w/b.pdf")
    assert len(writes) == 1 and writes.verdict("/w/b.pdf", None) == OPEN
    writes.forget("/w/b.pdf")
    writes.moved("/w/c.pdf", "/w/d.pdf")  # gone again before we looked: nothing known
    assert len(writes) == 0 and writes.verdict("/w/d.pdf", None) == UNKNOWN
    saved = tmp_path / "report.pdf"  # an editor's save: a temporary file renamed over the file
    saved.write_bytes(pdf_bytes("Saved by an editor."))
    writes.moved(str(tmp_path / ".report.pdf.tmp"), str(saved))
    assert writes.verdict(str(saved), stat_of(str(saved))) == CLOSED
