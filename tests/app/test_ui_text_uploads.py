"""core.ui.text, core.ui.uploads, core.ui.progress and core.ui.tables: pure helpers."""
from __future__ import annotations

import pytest

from core.ingest.pipeline import ProgressEvent
from core.types import Document
from core.ui import progress
from core.ui.tables import document_rows
from core.ui.text import md_escape, md_escape_block, shorten
from core.ui.uploads import MAX_NAME_BYTES, safe_filename, save_uploads


def test_md_escape_neutralises_html_and_markup():
    out = md_escape("<script>alert(1)</script> **b** [x](javascript:y) $e$ :red[r]")
    assert "<" not in out and ">" not in out
    assert "&lt;script&gt;" in out
    for raw in ("**", "](", "$e$", ":red["):
        assert raw not in out
    assert md_escape_block("one\ntwo\n\nthree") == "one  \ntwo\n\nthree"


def test_shorten():
    assert shorten("a  b\nc", 10) == "a b c"
    assert shorten("abcdefghij", 5) == "abcd…"


@pytest.mark.parametrize("name, expected", [
    ("report.pdf", "report.pdf"),
    ("Rapport été 2024.pdf", "Rapport été 2024.pdf"),
    ("../../etc/passwd", "passwd.pdf"),
    ("..\\..\\win.PDF", "win.pdf"),
    (".hidden.pdf", "hidden.pdf"),
    ("a\x00b<c>:d|e?.pdf", "a_b_c__d_e_.pdf"),
    ("../", "upload.pdf"),
    ("报告 第一章.pdf", "报告 第一章.pdf"),
])
def test_safe_filename(name, expected):
    assert safe_filename(name) == expected


def test_safe_filename_truncates_long_unicode_names_to_the_byte_limit():
    out = safe_filename("é" * 400 + ".pdf")
    assert out.endswith(".pdf") and len(out.encode()) <= MAX_NAME_BYTES
    assert out == "é" * ((MAX_NAME_BYTES - 4) // 2) + ".pdf"


class _Upload:
    def __init__(self, name, data):
        self.name, self._data = name, data

    def getvalue(self):
        return self._data


def test_save_uploads_keeps_names_apart_and_inside_the_root(tmp_path):
    saved = save_uploads([_Upload("../x.pdf", b"1"), _Upload("x.pdf", b"2")], tmp_path)
    assert [s.original_name for s in saved] == ["../x.pdf", "x.pdf"]
    assert [s.path.read_bytes() for s in saved] == [b"1", b"2"]
    assert all(s.path.name == "x.pdf" and tmp_path in s.path.parents for s in saved)
    assert saved[0].path != saved[1].path


def test_progress_fraction_and_label():
    assert progress.fraction(ProgressEvent("f", "check", 0, 1)) == 0.0
    assert progress.fraction(ProgressEvent("f", "parse", 10, 10)) == 0.55
    assert progress.fraction(ProgressEvent("f", "embed", 1, 2)) == pytest.approx(0.7)
    assert progress.fraction(ProgressEvent("f", "ocr", 0, 4)) == pytest.approx(0.05)
    assert progress.fraction(ProgressEvent("f", "done", 1, 1)) == 1.0
    assert progress.label(ProgressEvent("f", "error", 1, 1, "encrypted"), "a.pdf") == "a.pdf — failed: encrypted"


def test_document_rows():
    rows = document_rows([Document("ab12", "Guide", "guide.pdf", 3, chunks=9, added_at="2026-01-02T03:04:05+00:00")])
    assert rows == [{"title": "Guide", "source": "guide.pdf", "from": "", "pages": 3, "chunks": 9, "status": "ready",
                     "added": "2026-01-02 03:04:05 UTC", "kind": "pdf", "id": "ab12"}]
    assert list(rows[0])[:4] == ["title", "status", "pages", "chunks"]  # what a narrow window still shows
    folder = document_rows([Document("cd34", "Manual", "a.pdf", 1, origin="/srv/papers/a.pdf")])[0]["from"]
    upload = document_rows([Document("ef56", "Upload", "b.pdf", 1, origin="upload:b.pdf")])[0]["from"]
    assert (folder, upload) == ("/srv/papers", "upload")
