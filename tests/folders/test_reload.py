"""A question asked while the worker (another process) writes: a process that reloaded
between the worker's catalog commit and its full-text save reloads again afterwards, so a
file dropped in a watched folder is found by BM25 without anything else changing."""
from __future__ import annotations

from tests.folders.helpers import make_pdf


def test_a_reload_in_the_middle_of_a_write_is_redone_after_the_save(make_library, tmp_path):
    writer = make_library(tmp_path / "lib")  # the worker
    reader = make_library(tmp_path / "lib")  # the app, asking questions
    first = make_pdf(tmp_path / "first.pdf", "The basalt quarry closes at noon.")
    pdf = make_pdf(tmp_path / "gateway.pdf", "The amber gateway answers on port 7100.")
    writer.add([first])
    assert reader.retrieve("basalt quarry", "bm25", 3).chunks  # the app has its indexes loaded
    with writer.live.writing():  # one write: the catalog commits before the full-text index is saved
        assert writer.add([pdf])[0].status == "added"
        assert reader.live.sync()  # the app reloads in between: its full-text index is the old one
    texts = [c.chunk.text for c in reader.retrieve("amber gateway port", "bm25", 3).chunks]
    assert any("7100" in t for t in texts)
