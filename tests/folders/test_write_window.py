"""The job worker holds one write lock across several files of an add job (core/library/write_window.py):
the full-text index is saved once per window, and the library ends up the same as file by file."""
from __future__ import annotations

import contextlib

from core.index.text_bm25 import BM25TextIndex
from core.library.write_window import WriteWindow
from tests.folders.helpers import WORDS, make_pdf


class FakeLive:
    """Records each `writing()` hold as 'enter'/'exit'."""

    def __init__(self):
        self.log: list[str] = []

    @contextlib.contextmanager
    def writing(self):
        self.log.append("enter")
        try:
            yield
        finally:
            self.log.append("exit")


def test_a_window_spans_files_until_its_time_is_up_then_renews():
    now = [0.0]
    live = FakeLive()
    window = WriteWindow(live, seconds=10, clock=lambda: now[0])
    for t in (0.0, 4.0, 9.9):  # three files inside the first 10 s: one hold
        now[0] = t
        window.next_file()
    assert live.log == ["enter"]
    now[0] = 10.0
    window.next_file()  # time is up: the first hold is let go (saved) before the next
    assert live.log == ["enter", "exit", "enter"]
    window.close()
    window.close()  # closing twice lets go once
    assert live.log == ["enter", "exit", "enter", "exit"] and window.holds == 2


def test_no_window_without_live_stores_or_time():
    window = WriteWindow(None)
    window.next_file()
    window.close()
    live = FakeLive()
    WriteWindow(live, seconds=0).next_file()
    assert window.holds == 0 and live.log == []


def _library(make_library, tmp_path, name, mode):
    return make_library(tmp_path / name, env={"FOLIO_KEYWORDS": "tfidf", "FOLIO_WORKER": mode})


def _run_add_job(lib, pdfs) -> int:
    """Queue one add job of `pdfs`, run it here, and count the full-text index's saves."""
    saves = [0]
    flush = lib.text.flush

    def counting_flush():
        saves[0] += lib.text._unsaved or lib.text._stale_index
        flush()
    lib.text.flush = counting_flush
    job = lib.enqueue(pdfs, start=False)
    lib.run_jobs(until=job)
    assert lib.job(job).status == "done"
    return saves[0]


def test_an_add_job_saves_the_full_text_once_and_indexes_as_file_by_file(make_library, tmp_path):
    pdfs = [make_pdf(tmp_path / "docs" / f"{w}.pdf", f"The {w} report lists {w} samples and R-{n} codes.", pages=2)
            for n, w in enumerate(WORDS[:4])]
    batched = _library(make_library, tmp_path, "batched", "process")
    single = _library(make_library, tmp_path, "single", "thread")  # the thread worker: one save a file
    assert _run_add_job(batched, pdfs) == 1
    assert _run_add_job(single, pdfs) == len(pdfs)
    for question in ("amber samples", "R-2 codes", "garnet report"):
        assert batched.text.search(question, 10) == single.text.search(question, 10)
    saved = BM25TextIndex(batched.settings.data_dir / "bm25")  # what another process loads
    assert saved.count() == single.text.count() > 0
    assert saved.search("delta samples", 10) == single.text.search("delta samples", 10)
    assert sorted(d.doc_id for d in batched.documents()) == sorted(d.doc_id for d in single.documents())
