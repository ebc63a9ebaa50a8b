"""Bad input in other formats: each a clear one-line error naming the file, nothing half-read;
macro-enabled files read from a copy without their macros."""
from __future__ import annotations

import zipfile

import pytest

from core.config import FormatSettings
from core.errors import IngestError
from core.ingest.file_checks import OLE_MAGIC, check_file, has_macros, without_macros
from core.ingest.formats import reader_for
from tests.ingest import format_fixtures as fx


def one_line_error(path, fmt, max_mb=5) -> str:
    with pytest.raises(IngestError) as err:
        check_file(path, fmt, max_mb)
    assert str(path) in str(err.value) and "\n" not in str(err.value)
    return err.value.reason


def test_password_protected_office_files(tmp_path):
    docx = tmp_path / "secret.docx"  # OOXML encryption: an OLE container with an EncryptionInfo stream
    docx.write_bytes(OLE_MAGIC + b"\x00" * 504 + "EncryptionInfo".encode("utf-16-le") + b"\x00" * 600)
    assert one_line_error(docx, "docx").startswith("password-protected Word document")
    odt = fx.write_odf(tmp_path / "secret.odt", "odt", "<office:text/>",
                       '<manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data/>'
                       '</manifest:file-entry>')
    assert one_line_error(odt, "odt").startswith("password-protected OpenDocument text")


def test_a_docx_that_is_really_something_else(tmp_path):
    cases = {"old.docx": OLE_MAGIC + b"\x00" * 600, "pdf.docx": b"%PDF-1.7\n...",
             "page.docx": b"<html><body>hi</body></html>"}
    reasons = {}
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        reasons[name] = one_line_error(tmp_path / name, "docx")
    assert "old binary Office file" in reasons["old.docx"] and "it is a PDF" in reasons["pdf.docx"]
    assert "HTML or XML" in reasons["page.docx"]
    xlsx_as_docx = tmp_path / "book.docx"
    fx.make_xlsx(tmp_path / "book.xlsx").rename(xlsx_as_docx)
    assert one_line_error(xlsx_as_docx, "docx") == "not a Word document: the zip holds no word/document.xml"


def test_corrupt_and_truncated_zips(tmp_path):
    good = fx.make_docx(tmp_path / "good.docx").read_bytes()
    cut = tmp_path / "cut.docx"
    cut.write_bytes(good[: len(good) // 2])
    assert one_line_error(cut, "docx").startswith("corrupt or truncated Word document")
    check_file(tmp_path / "good.docx", "docx", 5)  # the whole file passes


def test_empty_oversize_binary_text_and_bad_rtf(tmp_path):
    (tmp_path / "e.pptx").write_bytes(b"")
    assert one_line_error(tmp_path / "e.pptx", "pptx") == "empty file"
    fx.make_docx(tmp_path / "big.docx")
    assert "raise FOLIO_MAX_FILE_MB" in one_line_error(tmp_path / "big.docx", "docx", max_mb=0)
    (tmp_path / "x.txt").write_bytes(b"text\x00\x01binary")
    assert one_line_error(tmp_path / "x.txt", "txt").startswith("not a TXT file: it holds binary data")
    (tmp_path / "x.rtf").write_text("plain words")
    assert one_line_error(tmp_path / "x.rtf", "rtf") == "not an RTF file (no {\\rtf header)"


def test_huge_spreadsheet_names_the_setting(tmp_path):
    from openpyxl import Workbook

    wb = Workbook()
    for r in range(60):
        wb.active.append(list(range(10)))
    wb.save(tmp_path / "big.xlsx")
    with pytest.raises(IngestError) as err:
        reader_for("xlsx")(tmp_path / "big.xlsx", tmp_path / "a", FormatSettings(max_cells=500))
    assert err.value.reason == ("spreadsheet too large: more than 500 cells (600); "
                                "raise FOLIO_MAX_CELLS ([formats] max_cells) to read it")
    assert "\n" not in str(err.value)


def test_macros_are_removed_before_reading(tmp_path):
    docm = tmp_path / "macro.docm"
    with zipfile.ZipFile(fx.make_docx(tmp_path / "plain.docx")) as src, zipfile.ZipFile(docm, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "[Content_Types].xml":
                data = data.replace(b"wordprocessingml.document.main+xml", b"ms-word.document.macroEnabled.main+xml")
                data = data.replace(b"application/vnd.openxmlformats-officedocument.ms-word",
                                    b"application/vnd.ms-word")
            dst.writestr(info, data)
        dst.writestr("word/vbaProject.bin", b"Sub AutoOpen() Shell \"evil\" End Sub")
    check_file(docm, "docx", 5)
    assert has_macros(docm)
    clean = without_macros(docm, tmp_path)
    assert clean.suffix == ".docx" and not has_macros(clean)
    with zipfile.ZipFile(clean) as zf:
        assert b"macroEnabled" not in zf.read("[Content_Types].xml")
    parsed = reader_for("docx")(clean, tmp_path / "assets", FormatSettings())
    assert parsed.title == "Field Guide to Birds" and "# Introduction" in parsed.markdown


def test_drm_epub_is_refused(tmp_path):
    book = fx.make_epub(tmp_path / "b.epub")
    with zipfile.ZipFile(book, "a") as zf:
        zf.writestr("META-INF/encryption.xml", '<encryption><enc:EncryptedData><enc:EncryptionMethod '
                    'Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/></enc:EncryptedData></encryption>')
    with pytest.raises(IngestError, match="DRM-protected EPUB"):
        reader_for("epub")(book, tmp_path / "a", FormatSettings())
